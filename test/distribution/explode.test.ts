import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/api/distribution.ts';
import { DIST_LIMITS, Dist, explode } from '../../src/distribution/index.ts';

/** Every chain of an exploding die, walked roll by roll: the brute force. */
function chains(
  sides: number,
  depth: number,
): { values: Map<number, number>; capped: number; total: number } {
  const values = new Map<number, number>();
  let capped = 0;
  const total = sides ** (depth + 1);
  const walk = (sum: number, extra: number, weight: number) => {
    for (let face = 1; face <= sides; face++) {
      const v = sum + face;
      if (face === sides && extra < depth) walk(v, extra + 1, weight / sides);
      else {
        values.set(v, (values.get(v) ?? 0) + weight / sides);
        if (face === sides) capped += weight / sides;
      }
    }
  };
  walk(0, 0, total);
  return { values, capped, total };
}

describe('explode', () => {
  it('matches a roll-by-roll walk of every chain, cap included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 4, 6, 8, 10, 12),
        fc.integer({ min: 0, max: 4 }),
        (sides, depth) => {
          const e = explode(Dist.die(sides), depth);
          const brute = chains(sides, depth);
          expect(Number(e.dist.total)).toBe(brute.total);
          expect(new Map(e.dist.outcomes.map((o, i) => [o, Number(e.dist.weights[i]!)]))).toEqual(
            brute.values,
          );
          expect(Number(e.cappedWeight)).toBe(brute.capped);
        },
      ),
    );
  });

  it('reports the mass the cap cut off instead of dropping it', () => {
    const e = explode(Dist.die(4), 1);
    expect(e.pCapped).toBe(1 / 16);
    expect(e.dist.probability(8)).toBe(1 / 16);
    expect(e.dist.entries().reduce((s, [, p]) => s + p, 0)).toBe(1);
    expect(explode(Dist.die(6), 0).dist).toEqual(Dist.die(6));
  });

  it('a deep d12 keeps exact weights far below double precision', () => {
    const e = explode(Dist.die(12), 20);
    expect(e.dist.total).toBe(12n ** 21n);
    expect(e.pCapped).toBeCloseTo(12 ** -21, 35);
    expect(e.dist.mean()).toBeCloseTo((6.5 * (1 - 12 ** -21)) / (1 - 1 / 12), 9);
  });

  it('explodes up to DIST_LIMITS.explodeDepth extra rolls and refuses one more (1e6 spun for minutes)', () => {
    const deepest = explode(Dist.die(4), DIST_LIMITS.explodeDepth);
    expect(deepest.dist.max).toBe(4 * (DIST_LIMITS.explodeDepth + 1));
    for (const depth of [DIST_LIMITS.explodeDepth + 1, 1e6]) {
      const past = () => explode(Dist.die(4), depth);
      expect(past).toThrow(InputError);
      expect(past).toThrow(
        `depth: ${depth} is not allowed (expected an integer from 0 to ${DIST_LIMITS.explodeDepth})`,
      );
    }
  });
});
