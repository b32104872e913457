/**
 * An independent brute force for Ring and Skill checks: every face of every die (as the rules
 * page's table reads, not the engine's kind table), every subset kept, every explosion wave and
 * every reroll choice, in exact rationals. Memoised on (dice pending, successes, waves left) and
 * on sorted pools, which changes nothing it computes. Small pools only.
 */

/** A tiny exact rational for the brute force (BigInt, reduced). */
export class Q {
  readonly n: bigint;
  readonly d: bigint;
  constructor(n: bigint, d = 1n) {
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    let a = n < 0n ? -n : n;
    let b = d;
    while (b) [a, b] = [b, a % b];
    const g = a === 0n ? d : a;
    this.n = n / g;
    this.d = d / g;
  }
  add(o: Q): Q {
    return new Q(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  mul(o: Q): Q {
    return new Q(this.n * o.n, this.d * o.d);
  }
  cmp(o: Q): number {
    const x = this.n * o.d - o.n * this.d;
    return x > 0n ? 1 : x < 0n ? -1 : 0;
  }
  toString(): string {
    return this.d === 1n ? `${this.n}` : `${this.n}/${this.d}`;
  }
}

const ZERO = new Q(0n);
const ONE = new Q(1n);

/** The rules page's faces: s success, x explosive success, t strife, o opportunity. */
const RING = ['', 'ot', 'o', 'st', 's', 'xt'];
const SKILL = ['', '', 'o', 'o', 'o', 's', 's', 'st', 'st', 'so', 'x', 'xt'];
export type Die = { type: 'ring' | 'skill'; face: number };
const symbols = (d: Die) => (d.type === 'ring' ? RING : SKILL)[d.face - 1]!;
const faces = (type: Die['type']) => (type === 'ring' ? 6 : 12);

/** Expected (P(success), strife, bonus, opportunity, successes, capped) of the rest of a check. */
export type Vec = [Q, Q, Q, Q, Q, Q];

export type BruteObjective =
  | { kind: 'succeed-then-least-strife' }
  | { kind: 'most-successes' }
  | { kind: 'weighted'; success: Q; bonus: Q; opportunity: Q; strife: Q };

export interface BruteCheck {
  ring: number;
  skill: number;
  tn: number;
  depth: number;
  rerolls: number;
  objective: BruteObjective;
}

/** The brute force's parts: valuing a keep, the best first keep, averaging over rolls. */
function bruteParts(check: BruteCheck) {
  const { tn, depth, objective } = check;
  const key = (v: Vec): Q[] => {
    if (objective.kind === 'succeed-then-least-strife')
      return [v[0], new Q(-1n).mul(v[1]), v[2], v[3]];
    if (objective.kind === 'most-successes') return [v[4], v[2], v[3]];
    const u = objective.success
      .mul(v[0])
      .add(objective.bonus.mul(v[2]))
      .add(objective.opportunity.mul(v[3]))
      .add(objective.strife.mul(v[1]));
    return [u, v[2], v[3]];
  };
  /**
   * Whether a (with an dice) beats b: the objective, then the stated tie-break (fewer dice),
   * then less strife, more successes, less capped mass.
   */
  const better = (a: Vec, an: number, b: Vec, bn: number) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      const c = ka[i]!.cmp(kb[i]!);
      if (c !== 0) return c > 0;
    }
    if (an !== bn) return an < bn;
    const strife = a[1].cmp(b[1]);
    if (strife !== 0) return strife < 0;
    const succ = a[4].cmp(b[4]);
    if (succ !== 0) return succ > 0;
    return a[5].cmp(b[5]) < 0;
  };
  const average = (vs: Vec[]): Vec => {
    const n = new Q(BigInt(vs.length));
    return [0, 1, 2, 3, 4, 5].map((i) =>
      vs.reduce((s, v) => s.add(v[i]!), ZERO).mul(new Q(1n, n.n)),
    ) as Vec;
  };
  const allRolls = (types: Die['type'][]): Die[][] => {
    let out: Die[][] = [[]];
    for (const type of types)
      out = out.flatMap((r) =>
        Array.from({ length: faces(type) }, (_, f) => [...r, { type, face: f + 1 }]),
      );
    return out;
  };
  const subsets = <T>(items: T[], least: number, most: number): T[][] => {
    const out: T[][] = [];
    for (let mask = 0; mask < 1 << items.length; mask++) {
      const pick = items.filter((_, i) => (mask >> i) & 1);
      if (pick.length >= least && pick.length <= most) out.push(pick);
    }
    return out;
  };
  /** Value of keeping `kept` with s successes before them and `level` waves still allowed. */
  const afterKeep = (kept: Die[], s: number, level: number): Vec => {
    let succ = 0;
    let strife = 0;
    let opp = 0;
    const pending: Die['type'][] = [];
    for (const d of kept) {
      const sym = symbols(d);
      for (const c of sym) {
        if (c === 's' || c === 'x') succ++;
        if (c === 't') strife++;
        if (c === 'o') opp++;
        if (c === 'x') pending.push(d.type);
      }
    }
    const rest = waves(pending.sort(), s + succ, level);
    return [
      rest[0],
      rest[1].add(new Q(BigInt(strife))),
      rest[2],
      rest[3].add(new Q(BigInt(opp))),
      rest[4],
      rest[5],
    ];
  };
  const memo = new Map<string, Vec>();
  /** The rest of a check with these dice pending, s successes so far, `level` waves allowed. */
  const waves = (pending: Die['type'][], s: number, level: number): Vec => {
    const id = `${pending.join(',')}|${s}|${level}`;
    const found = memo.get(id);
    if (found) return found;
    let v: Vec;
    if (pending.length === 0 || level === 0) {
      v = [
        s >= tn ? ONE : ZERO,
        ZERO,
        new Q(BigInt(Math.max(0, s - tn))),
        ZERO,
        new Q(BigInt(s)),
        pending.length > 0 ? ONE : ZERO,
      ];
    } else {
      v = average(
        allRolls(pending).map((roll) => {
          let best: { v: Vec; n: number } | undefined;
          for (const kept of subsets(roll, 0, roll.length)) {
            const c = afterKeep(kept, s, level - 1);
            if (!best || better(c, kept.length, best.v, best.n)) best = { v: c, n: kept.length };
          }
          return best!.v;
        }),
      );
    }
    memo.set(id, v);
    return v;
  };
  const keepMemo = new Map<string, Vec>();
  const firstKeep = (pool: Die[]): Vec => {
    const id = pool
      .map((d) => `${d.type[0]}${d.face}`)
      .sort()
      .join(',');
    const found = keepMemo.get(id);
    if (found) return found;
    let best: { v: Vec; n: number } | undefined;
    for (const kept of subsets(pool, 1, check.ring)) {
      const c = afterKeep(kept, 0, depth);
      if (!best || better(c, kept.length, best.v, best.n)) best = { v: c, n: kept.length };
    }
    keepMemo.set(id, best!.v);
    return best!.v;
  };
  return { afterKeep, firstKeep, average, allRolls, subsets, better };
}

/**
 * The brute force's value of every keep of a first roll (1 to ring of the dice shown, as
 * `{ type, face }`), optimal play after it: by the dice kept (indices into `pool`).
 */
export function bruteKeepValues(
  check: BruteCheck,
  pool: readonly Die[],
): { kept: number[]; value: Vec }[] {
  const { afterKeep, subsets } = bruteParts(check);
  const indices = pool.map((_, i) => i);
  return subsets(indices, 1, check.ring).map((kept) => ({
    kept,
    value: afterKeep(
      kept.map((i) => pool[i]!),
      0,
      check.depth,
    ),
  }));
}

/** Solves a check by brute force: the expected figures of optimal play. */
export function bruteForce(check: BruteCheck): {
  pSuccess: Q;
  expectedStrife: Q;
  expectedBonusSuccesses: Q;
  expectedOpportunity: Q;
  expectedSuccesses: Q;
  pCapped: Q;
} {
  const { firstKeep, average, allRolls, subsets, better } = bruteParts(check);
  const types: Die['type'][] = [
    ...Array<Die['type']>(check.ring).fill('ring'),
    ...Array<Die['type']>(check.skill).fill('skill'),
  ];
  const total = average(
    allRolls(types).map((first) => {
      if (check.rerolls === 0) return firstKeep(first);
      let best: { v: Vec; n: number } | undefined;
      const indices = first.map((_, i) => i);
      for (const chosen of subsets(indices, 0, check.rerolls)) {
        const kept = first.filter((_, i) => !chosen.includes(i));
        const v = average(
          allRolls(chosen.map((i) => first[i]!.type)).map((fresh) =>
            firstKeep([...kept, ...fresh]),
          ),
        );
        if (!best || better(v, chosen.length, best.v, best.n)) best = { v, n: chosen.length };
      }
      return best!.v;
    }),
  );
  return {
    pSuccess: total[0],
    expectedStrife: total[1],
    expectedBonusSuccesses: total[2],
    expectedOpportunity: total[3],
    expectedSuccesses: total[4],
    pCapped: total[5],
  };
}
