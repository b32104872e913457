import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/input/input-error.ts';
import {
  canonicalSplit,
  formatPool,
  formatSplit,
  parsePool,
  parseSplit,
  splitSteps,
  splitsOfPool,
} from '../../../../src/systems/zidara/roll/split.ts';

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

  it('refuses pools with too many ways to share them', () => {
    const twelve = new Array<number>(12).fill(2);
    expect(() => splitsOfPool(twelve)).toThrow(/^intents: .* is not allowed/);
    expect(splitsOfPool(twelve, [1, 2])).toHaveLength(7); // d2×12 in one or two intents
  });
});
