import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitsOfPool } from '../../../../src/systems/zidara/roll/split.ts';
import { countSplitsOfPool } from '../../../../src/systems/zidara/roll/split-count.ts';

describe('countSplitsOfPool', () => {
  it('counts exactly the splits splitsOfPool lists, for every pool of up to 8 dice and every intent range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(2, 4, 6, 8, 10, 12), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 7 }),
        (pool, most, fewest) => {
          const counts = Array.from({ length: most }, (_, i) => i + 1).filter((k) => k > fewest);
          expect(countSplitsOfPool(pool, counts)).toBe(splitsOfPool(pool, counts).length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts what listing cannot reach, matching known partition numbers', () => {
    // n equal dice split like the integer n: p(12) = 77, p(8) = 22.
    expect(countSplitsOfPool(Array(12).fill(4))).toBe(77);
    expect(countSplitsOfPool(Array(8).fill(6))).toBe(22);
    // {a, a, b, b} has 9 multiset partitions; n distinct dice have Bell(n): Bell(6) = 203.
    expect(countSplitsOfPool([8, 8, 4, 4])).toBe(9);
    expect(countSplitsOfPool([12, 10, 8, 6, 4, 2])).toBe(203);
    // splitsOfPool refuses that pool (more than it lists); the count still answers.
    expect(() => splitsOfPool([12, 12, 10, 10, 8, 8, 6, 6, 4, 4, 2, 2])).toThrow();
    // Into two intents: (3⁶ + 1) / 2 − 1 (the last intent takes what the first leaves).
    expect(countSplitsOfPool([12, 12, 10, 10, 8, 8, 6, 6, 4, 4, 2, 2], [2])).toBe(364);
    expect(countSplitsOfPool([12, 12, 10, 10, 8, 8, 6, 6, 4, 4, 2, 2], [2, 13])).toBe(364);
    expect(countSplitsOfPool([12, 4], [])).toBe(0);
  });
});
