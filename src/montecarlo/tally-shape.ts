/**
 * What a kernel's tally slots hold, so that a tally can be checked without running anything:
 * a run checks its own (a kernel that breaks its shape is a bug), and a partial result file is
 * refused when its tallies could not come from any run. Every slot belongs to exactly one part.
 */
export type TallyPart =
  /** Slots [from, to) count each trial exactly once (an outcome's histogram): they sum to the trials. */
  | {
      readonly kind: 'distribution';
      readonly name: string;
      readonly from: number;
      readonly to: number;
    }
  /** A slot that counts trials, each at most once: 0 ≤ count ≤ trials. */
  | { readonly kind: 'count'; readonly name: string; readonly slot: number }
  /** A slot that sums a whole number x ≥ 0 per trial (x ≤ `max` when given). */
  | { readonly kind: 'sum'; readonly name: string; readonly slot: number; readonly max?: number }
  /**
   * Slots `slot` and `slot + 1`: Σx and Σx² of a whole number 0 ≤ x (≤ `max` when given) per
   * trial. Then Σx ≤ Σx², both have the same parity, and (Σx)² ≤ trials · Σx² (Cauchy–Schwarz).
   */
  | {
      readonly kind: 'sumAndSquares';
      readonly name: string;
      readonly slot: number;
      readonly max?: number;
    };

/**
 * What is wrong with `tally` for a run of `trials` trials whose kernel describes its slots by
 * `shape`, or undefined when nothing is: every slot a whole number ≥ 0 (below 2^53), covered by
 * exactly one part, and each part's own rule (see {@link TallyPart}). O(slots).
 * @example tallyProblem([{ kind: 'distribution', name: 'outcomes', from: 0, to: 2 }], [3, 4], 10)
 * // "tally[0..1] (outcomes) sum to 7, not the 10 trials"
 */
export function tallyProblem(
  shape: readonly TallyPart[],
  tally: ArrayLike<number>,
  trials: number,
): string | undefined {
  for (let i = 0; i < tally.length; i++) {
    const x = tally[i]!;
    if (!Number.isSafeInteger(x) || x < 0)
      return `tally[${i}] is ${x}, not a whole number of counts (0 to 2^53 − 1)`;
  }
  const owner = new Array<string | undefined>(tally.length).fill(undefined);
  for (const part of shape) {
    const [from, to] = part.kind === 'distribution' ? [part.from, part.to] : slotsOf(part);
    if (
      !(
        Number.isInteger(from) &&
        Number.isInteger(to) &&
        0 <= from &&
        from <= to &&
        to <= tally.length
      )
    )
      return `the kernel's part ${part.name} (slots ${from}..${to - 1}) lies outside the ${tally.length} tally slots`;
    for (let i = from; i < to; i++) {
      if (owner[i] !== undefined)
        return `tally[${i}] belongs both to ${owner[i]} and to ${part.name}`;
      owner[i] = part.name;
    }
  }
  const orphan = owner.indexOf(undefined);
  if (orphan >= 0) return `tally[${orphan}] belongs to no part of the kernel's tally`;
  for (const part of shape) {
    const problem = partProblem(part, tally, trials);
    if (problem) return problem;
  }
  return undefined;
}

function slotsOf(part: Exclude<TallyPart, { kind: 'distribution' }>): [number, number] {
  return [part.slot, part.slot + (part.kind === 'sumAndSquares' ? 2 : 1)];
}

function partProblem(
  part: TallyPart,
  tally: ArrayLike<number>,
  trials: number,
): string | undefined {
  switch (part.kind) {
    case 'distribution': {
      let sum = 0;
      for (let i = part.from; i < part.to; i++) sum += tally[i]!;
      return sum === trials
        ? undefined
        : `tally[${part.from}..${part.to - 1}] (${part.name}) sum to ${sum}, not the ${trials} trials`;
    }
    case 'count': {
      const count = tally[part.slot]!;
      return count <= trials
        ? undefined
        : `tally[${part.slot}] (${part.name}) is ${count}, more than the ${trials} trials`;
    }
    case 'sum': {
      const sum = tally[part.slot]!;
      return part.max === undefined || sum <= part.max * trials
        ? undefined
        : `tally[${part.slot}] (${part.name}) is ${sum}, more than ${part.max} a trial over ${trials} trials`;
    }
    case 'sumAndSquares': {
      const sum = tally[part.slot]!;
      const squares = tally[part.slot + 1]!;
      const at = `tally[${part.slot}] and tally[${part.slot + 1}] (${part.name}: sum ${sum}, squares ${squares})`;
      if (part.max !== undefined && sum > part.max * trials)
        return `${at}: more than ${part.max} a trial over ${trials} trials`;
      if (part.max !== undefined && squares > part.max * sum)
        return `${at}: squares above ${part.max} times the sum, with each value at most ${part.max}`;
      if (squares < sum) return `${at}: whole numbers' squares cannot sum to less than they do`;
      if ((squares - sum) % 2 !== 0) return `${at}: x² and x have the same parity, their sums too`;
      if (BigInt(sum) * BigInt(sum) > BigInt(trials) * BigInt(squares))
        return `${at}: the square of the sum exceeds ${trials} trials times the squares (Cauchy–Schwarz)`;
      return undefined;
    }
  }
}
