import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { challengeDie, legalPools, stepsToDice } from '../../../../src/systems/zidara/roll/pool.ts';

/** Every multiset of dice d2..d12 with k dice summing to S steps, by brute force over all tuples. */
function bruteForcePools(steps: number, actions: number): number[][] {
  const base = Math.ceil(steps / 6);
  const found = new Set<string>();
  for (let k = base; k <= Math.min(steps, base + actions); k++) {
    const walk = (left: number, parts: number[]) => {
      if (parts.length === k) {
        if (left === 0) found.add(JSON.stringify(parts.map((p) => 2 * p).sort((a, b) => b - a)));
        return;
      }
      for (let p = 1; p <= 6; p++) walk(left - p, [...parts, p]);
    };
    walk(steps, []);
  }
  return [...found]
    .map((s) => JSON.parse(s) as number[])
    .sort((a, b) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++)
        if (a[i] !== b[i]) return a[i]! - b[i]!;
      return a.length - b.length;
    });
}

describe('steps and pools', () => {
  it('turns steps into dice: one die up to six steps, then d12s and the rest', () => {
    expect(stepsToDice(1)).toEqual([2]);
    expect(stepsToDice(6)).toEqual([12]);
    expect(stepsToDice(8)).toEqual([12, 4]);
    expect(stepsToDice(12)).toEqual([12, 12]);
    expect(stepsToDice(13)).toEqual([12, 12, 2]);
  });

  it('rolls d(2C) for Challenge C, and refuses a Challenge below 1 (the rules ask for a clear error)', () => {
    expect(challengeDie(1)).toBe(2);
    expect(challengeDie(7)).toBe(14);
    expect(() => challengeDie(0)).toThrow('challenge: 0 is not allowed (expected an integer ≥ 1)');
    expect(() => challengeDie(-1)).toThrow('challenge: -1 is not allowed');
    expect(() => challengeDie(2.5)).toThrow('challenge: 2.5 is not allowed');
  });

  it('lists the rules page example for 8 steps and one action', () => {
    expect(legalPools(8, 1)).toEqual([
      [6, 6, 4],
      [8, 4, 4],
      [8, 6, 2],
      [8, 8],
      [10, 4, 2],
      [10, 6],
      [12, 2, 2],
      [12, 4],
    ]);
  });

  it('matches a brute force over every tuple of dice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 3 }),
        (steps, actions) => {
          expect(legalPools(steps, actions)).toEqual(bruteForcePools(steps, actions));
        },
      ),
      { numRuns: 60, seed: 4 },
    );
  });

  it('rejects steps below 1 and actions below 1', () => {
    expect(() => legalPools(0, 1)).toThrow('steps: 0 is not allowed (expected an integer ≥ 1)');
    expect(() => legalPools(4, 0)).toThrow('actions: 0 is not allowed (expected an integer ≥ 1)');
  });
});
