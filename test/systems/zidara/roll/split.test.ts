import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/input/input-error.ts';
import {
  canonicalSplit,
  formatPool,
  formatSplit,
  minorSplitsOfPool,
  parsePool,
  parseSplit,
  splitSteps,
  splitsOfPool,
} from '../../../../src/systems/zidara/roll/split.ts';

/** Every pool of 1 to `most` dice over `sides` (given high to low), each high to low, once. */
function poolsOf(sides: readonly number[], most: number): number[][] {
  const pools: number[][] = [];
  const grow = (pool: number[]) => {
    if (pool.length > 0) pools.push(pool);
    if (pool.length === most) return;
    for (const side of sides) if (pool.length === 0 || side <= pool.at(-1)!) grow([...pool, side]);
  };
  grow([]);
  return pools;
}

describe('the split notation', () => {
  it('writes intents main first, dice high to low, | between intents and + within one', () => {
    expect(formatSplit(canonicalSplit([[4], [6, 6]]))).toBe('d6+d6 | d4');
    expect(formatSplit(canonicalSplit([[6], [6, 2]]))).toBe('d6+d2 | d6');
    expect(formatSplit(canonicalSplit([[2, 12]]))).toBe('d12+d2');
    expect(formatPool([4, 12, 6])).toBe('d12 d6 d4');
    expect(splitSteps([[12], [6, 6]])).toBe(12);
  });

  it('reads what it writes, with 2d6 for d6+d6 and free spaces', () => {
    expect(parseSplit('d4 | 2d6')).toEqual([[6, 6], [4]]);
    expect(parseSplit('d12|d6 + d6')).toEqual([[12], [6, 6]]);
    for (const text of ['d12', 'd6+d6 | d4', 'd8 | d8 | d2+d2']) {
      expect(formatSplit(parseSplit(text))).toBe(text);
    }
  });

  it('reads a pool with spaces, commas and + between its dice, in any run ("d12 + d4")', () => {
    for (const text of ['d12 d4', 'd12+d4', 'd12,d4', 'd12 + d4', 'd4, d12', '+d12,,d4,'])
      expect(parsePool(text), text).toEqual([12, 4]);
    expect(() => parsePool('d12 | d4', '--pool')).toThrow(/^--pool: "d12 \| d4" is not allowed/);
  });

  it('refuses anything else with one line naming the field and what is allowed', () => {
    for (const bad of ['d7', '', 'd8 |', 'd8@B', 'area:d4', 'd8*2', '13d2']) {
      expect(() => parseSplit(bad, '--only')).toThrow(InputError);
      expect(() => parseSplit(bad, '--only')).toThrow(/^--only: .* is not allowed \(expected /);
    }
    // Not text at all (a library caller's): the same one line, not a TypeError from inside.
    for (const bad of [undefined, null, 12, [[12]]]) {
      expect(() => parseSplit(bad as never)).toThrow(InputError);
      expect(() => parseSplit(bad as never)).toThrow(
        /^split: .* is not allowed \(expected text: dice such as /,
      );
    }
  });
});

describe('splitsOfPool', () => {
  it('lists each distinct split once', () => {
    expect(splitsOfPool([12, 4]).map(formatSplit)).toEqual(['d12+d4', 'd12 | d4']);
    // {d6, d6, d4}: all on one, d6+d6 | d4, d6+d4 | d6, and three intents.
    expect(splitsOfPool([6, 6, 4]).map(formatSplit)).toEqual([
      'd6+d6+d4',
      'd6+d6 | d4',
      'd6+d4 | d6',
      'd6 | d6 | d4',
    ]);
    expect(splitsOfPool([8, 6, 2])).toHaveLength(5); // Bell(3): all dice differ
    expect(splitsOfPool([4, 4, 4, 4])).toHaveLength(5); // the partitions of 4
    expect(splitsOfPool([8, 6, 2], [2]).map(formatSplit)).toEqual([
      'd8+d6 | d2',
      'd8+d2 | d6',
      'd8 | d6+d2',
    ]);
  });

  it('agrees with a brute force over every labelling of the dice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(2, 4, 6, 8, 10, 12), { minLength: 1, maxLength: 6 }),
        (pool) => {
          const n = pool.length;
          const seen = new Set<string>();
          // Every function die → label in 0..n−1; a split is its set of groups as sorted strings.
          for (let code = 0; code < n ** n; code++) {
            const groups = new Map<number, number[]>();
            let rest = code;
            for (const sides of pool) {
              const label = rest % n;
              rest = Math.floor(rest / n);
              groups.set(label, [...(groups.get(label) ?? []), sides]);
            }
            const key = [...groups.values()]
              .map((g) => [...g].sort((a, b) => a - b).join(','))
              .sort()
              .join(' / ');
            seen.add(key);
          }
          const splits = splitsOfPool(pool);
          const keys = splits.map((s) =>
            s
              .map((g) => [...g].sort((a, b) => a - b).join(','))
              .sort()
              .join(' / '),
          );
          expect(new Set(keys).size).toBe(keys.length);
          expect(new Set(keys)).toEqual(seen);
          for (const split of splits) {
            expect(split.flat().sort((a, b) => a - b)).toEqual([...pool].sort((a, b) => a - b));
            expect(canonicalSplit(split)).toEqual(split);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('lists the splits the set partitions of the dice give, in the same order, for every pool of up to 8 dice', () => {
    // Every pool of 1 to 8 dice over three sides, and of up to 6 over all six, every range of
    // intent counts from 1: the distinct canonical forms of every set partition, sorted.
    const pools = [...poolsOf([12, 6, 2], 8), ...poolsOf([12, 10, 8, 6, 4, 2], 6)];
    for (const pool of pools) {
      for (const most of [1, 2, 3, pool.length]) {
        const counts = Array.from({ length: Math.min(most, pool.length) }, (_, i) => i + 1);
        expect(splitsOfPool(pool, counts)).toEqual(setPartitionSplits(pool, counts));
        // The most intents alone, and with one more than the pool's dice allowed.
        expect(splitsOfPool(pool, [most])).toEqual(setPartitionSplits(pool, [most]));
        expect(splitsOfPool(pool, [1, pool.length + 1])).toEqual(setPartitionSplits(pool, [1]));
      }
    }
  });

  it('refuses only pools with too many distinct splits, however many labellings they have', () => {
    // Twelve d2: 4,213,597 set partitions, but p(12) = 77 splits.
    expect(splitsOfPool(new Array<number>(12).fill(2))).toHaveLength(77);
    const twoOfEach = [12, 12, 10, 10, 8, 8, 6, 6, 4, 4, 2, 2];
    expect(() => splitsOfPool(twoOfEach)).toThrow(
      /^intents: \[1,2,3,4,5,6,7,8,9,10,11,12\] is not allowed \(expected counts that share d12 d12 d10 .* in at most 100000 ways \(it has more\)/,
    );
    expect(splitsOfPool(twoOfEach, [1, 2])).toHaveLength(365); // (3⁶ + 1) / 2
  });
});

describe('minorSplitsOfPool', () => {
  it("lists a pool's splits whose minor intents hold no die past minorMax, as listing every split and keeping those did, in its order", () => {
    // Every pool of 1 to 7 dice over four sides, and of up to 5 over all six, every minorMax:
    // what fishing once listed (every split, then the ones it keeps), now made alone.
    const pools = [...poolsOf([12, 8, 4, 2], 7), ...poolsOf([12, 10, 8, 6, 4, 2], 5)];
    let kept = 0;
    let dropped = 0;
    for (const pool of pools) {
      const every = splitsOfPool(pool);
      for (const minorMax of [2, 4, 6, 8, 10, 12]) {
        const listed = every.filter((split) =>
          split.slice(1).every((dice) => dice.every((n) => n <= minorMax)),
        );
        expect(minorSplitsOfPool(pool, minorMax)).toEqual(listed);
        kept += listed.length;
        dropped += every.length - listed.length;
      }
    }
    // Many splits kept and many not (about half of each), so the cases are not all alike.
    expect(kept).toBeGreaterThan(10_000);
    expect(dropped).toBeGreaterThan(10_000);
    expect(minorSplitsOfPool([12, 6, 4, 4], 4).map(formatSplit)).toEqual([
      'd12+d6+d4+d4',
      'd12+d6+d4 | d4',
      'd12+d6 | d4+d4',
      'd12+d6 | d4 | d4',
    ]);
  });

  it('refuses a pool only for too many of the splits it keeps, not for its others', () => {
    // More than 100,000 splits, which splitsOfPool refuses ("intents", a field fishing has not):
    // 5 of them keep every die past d4 on the main intent (it holds none, one or both of the d4
    // and the d2; none: the d4 and d2 are on one intent or two).
    const pool = [12, 12, 12, 12, 10, 10, 8, 8, 6, 6, 4, 2];
    expect(() => splitsOfPool(pool)).toThrow(/^intents: .* in at most 100000 ways/);
    expect(minorSplitsOfPool(pool, 4).map(formatSplit)).toEqual([
      'd12+d12+d12+d12+d10+d10+d8+d8+d6+d6+d4+d2',
      'd12+d12+d12+d12+d10+d10+d8+d8+d6+d6+d4 | d2',
      'd12+d12+d12+d12+d10+d10+d8+d8+d6+d6+d2 | d4',
      'd12+d12+d12+d12+d10+d10+d8+d8+d6+d6 | d4+d2',
      'd12+d12+d12+d12+d10+d10+d8+d8+d6+d6 | d4 | d2',
    ]);
    expect(() => minorSplitsOfPool(pool, 12)).toThrow(
      'minorMaxSides: 12 is not allowed (expected a die that leaves d12 d12 d12 d12 d10 d10 d8 d8 d6 d6 d4 d2 at most 100000 splits to fish with (it has more): a smaller one, or fewer steps or actions)',
    );
  });
});

/**
 * The splits of a pool as the set partitions of its dice give them (Bell(n) for n dice): each
 * labelling of the dice as a restricted growth string, made canonical, duplicates dropped,
 * sorted by intent count then by comparing the canonical forms intent by intent.
 */
function setPartitionSplits(pool: readonly number[], counts: readonly number[]): number[][][] {
  const dice = [...pool].sort((a, b) => b - a);
  const most = Math.max(...counts);
  const found = new Map<string, number[][]>();
  const block = new Array<number>(dice.length).fill(0);
  const walk = (i: number, blocks: number) => {
    if (i === dice.length) {
      if (!counts.includes(blocks)) return;
      const intents: number[][] = Array.from({ length: blocks }, () => []);
      block.forEach((b, d) => {
        intents[b]!.push(dice[d]!);
      });
      const split = canonicalSplit(intents).map((intent) => [...intent]);
      found.set(formatSplit(split), split);
      return;
    }
    for (let b = 0; b <= blocks && b < most; b++) {
      block[i] = b;
      walk(i + 1, Math.max(blocks, b + 1));
    }
  };
  walk(0, 0);
  const intentOrder = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
    return b.length - a.length;
  };
  return [...found.values()].sort((a, b) => {
    if (a.length !== b.length) return a.length - b.length;
    for (let i = 0; i < a.length; i++) {
      const c = intentOrder(a[i]!, b[i]!);
      if (c !== 0) return c;
    }
    return 0;
  });
}
