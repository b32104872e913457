/**
 * How many distinct splits a pool has into the allowed intent counts — what
 * {@link splitsOfPool} lists — counted without making one: the splits are the multiset
 * partitions of the pool's dice (intents are unordered, equal dice interchangeable), counted
 * block by block in a fixed order with a memo. A pool of 12 dice counts in milliseconds where
 * listing its splits takes up to a second and memory, so a page can say how big a question is first.
 * With `stopAbove`, counting stops as soon as the count passes it (the answer is then some
 * number above it): "is this question too big?" is answered sooner than "how big is it?".
 * @example countSplitsOfPool([12, 4]) // 2 ("d12+d4", "d12 | d4")
 * @example countSplitsOfPool([6, 6, 4], [2]) // 2 ("d6+d6 | d4", "d6+d4 | d6")
 */
export function countSplitsOfPool(
  pool: readonly number[],
  intentCounts?: readonly number[],
  stopAbove = Number.POSITIVE_INFINITY,
): number {
  // The pool as multiplicities of its distinct sides (the sides themselves do not matter).
  const counts = new Map<number, number>();
  for (const die of pool) counts.set(die, (counts.get(die) ?? 0) + 1);
  const start = [...counts.values()];
  const allowed = new Set(intentCounts ?? Array.from({ length: pool.length }, (_, i) => i + 1));
  const mostIntents = Math.max(...allowed);
  const memo = new Map<string, number>();
  // Blocks are taken in non-increasing order (as vectors, lexicographically): `most` bounds the
  // next block, so each partition is counted once.
  const count = (left: readonly number[], most: readonly number[], blocks: number): number => {
    if (left.every((m) => m === 0)) return allowed.has(blocks) ? 1 : 0;
    // The last intent allowed takes what is left, if that is a block at most `most`: without
    // this cut every block of the last two intents was tried (seconds a pool of twelve dice).
    if (blocks >= mostIntents - 1)
      return blocks === mostIntents - 1 && notAbove(left, most) ? 1 : 0;
    const key = `${left.join(',')}|${most.join(',')}|${blocks}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let total = 0;
    eachBlockAtMost(left, most, (block) => {
      const rest = left.map((m, j) => m - block[j]!);
      total += count(rest, [...block], blocks + 1);
      if (total > stopAbove) throw PAST;
    });
    memo.set(key, total);
    return total;
  };
  if (pool.length === 0) return 0;
  try {
    return count(start, start, 0);
  } catch (error) {
    if (error === PAST) return stopAbove + 1;
    throw error;
  }
}

/**
 * Calls `visit` with every non-empty sub-multiset of `left` (a count of each side) that is at
 * most `bound` lexicographically, largest first: the next block of a multiset partition whose
 * blocks are taken in non-increasing order, so that each partition is made once (the splits
 * {@link countSplitsOfPool} counts and `splitsOfPool` lists). `visit` gets one buffer, rewritten
 * after it returns; `left` may change during a visit if it is restored before the visit returns.
 * @example (() => { const out = []; eachBlockAtMost([2, 1], [1, 1], (b) => out.push(b.join(''))); return out; })() // ["11", "10", "01"]
 */
export function eachBlockAtMost(
  left: readonly number[],
  bound: readonly number[],
  visit: (block: readonly number[]) => void,
): void {
  const block = new Array<number>(left.length).fill(0);
  const choose = (i: number, tight: boolean) => {
    if (i === left.length) {
      if (block.some((m) => m > 0)) visit(block);
      return;
    }
    const top = tight ? Math.min(left[i]!, bound[i]!) : left[i]!;
    for (let m = top; m >= 0; m--) {
      block[i] = m;
      choose(i + 1, tight && m === bound[i]);
    }
    block[i] = 0;
  };
  choose(0, true);
}

/**
 * Whether `left` is at most `bound` lexicographically: whether {@link eachBlockAtMost} visits
 * `left` itself, the block that leaves nothing.
 * @example notAbove([1, 2], [2, 0]) // true
 */
export function notAbove(left: readonly number[], bound: readonly number[]): boolean {
  for (let i = 0; i < left.length; i++) if (left[i]! !== bound[i]!) return left[i]! < bound[i]!;
  return true;
}

/** Thrown through the recursion when the count passes `stopAbove`. */
const PAST = Symbol('past the limit');
