import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/api/distribution.ts';
import { DIST_LIMITS, Dist, maxOf, ratio } from '../../src/distribution/index.ts';

const sides = fc.constantFrom(2, 3, 4, 6, 8, 10, 12, 20);
const smallDist = fc
  .array(fc.tuple(fc.integer({ min: -6, max: 12 }), fc.integer({ min: 1, max: 9 })), {
    minLength: 1,
    maxLength: 6,
  })
  .map((pairs) => Dist.of(pairs));

/** Every outcome of several dice, listed one by one: the brute force the algebra must match. */
function enumerate(dice: number[], f: (faces: number[]) => number): Map<number, number> {
  const counts = new Map<number, number>();
  const walk = (i: number, faces: number[]) => {
    if (i === dice.length) {
      const v = f(faces);
      counts.set(v, (counts.get(v) ?? 0) + 1);
      return;
    }
    for (let face = 1; face <= dice[i]!; face++) walk(i + 1, [...faces, face]);
  };
  walk(0, []);
  return counts;
}

function weightsOf(d: Dist): Map<number, number> {
  return new Map(d.outcomes.map((o, i) => [o, Number(d.weights[i]!)]));
}

describe('Dist', () => {
  it('a die has equal weights on 1..N', () => {
    expect(Dist.die(6).outcomes).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Dist.die(6).weights).toEqual([1n, 1n, 1n, 1n, 1n, 1n]);
    expect(Dist.die(6).mean()).toBe(3.5);
    expect(() => Dist.die(0)).toThrow(/^sides: 0 is not allowed/);
  });

  it('is immutable', () => {
    const d = Dist.die(4);
    expect(Object.isFrozen(d)).toBe(true);
    expect(() => (d.weights as bigint[]).push(1n)).toThrow();
  });

  it('weights sum to the total, and probabilities to 1', () => {
    fc.assert(
      fc.property(smallDist, (d) => {
        expect(d.weights.reduce((a, b) => a + b, 0n)).toBe(d.total);
        const sum = d.entries().reduce((s, [, p]) => s + p, 0);
        expect(sum).toBeCloseTo(1, 12);
      }),
    );
  });

  it('add commutes and matches enumeration of 2d6 and d4+d8', () => {
    fc.assert(
      fc.property(smallDist, smallDist, (a, b) => {
        expect(a.add(b)).toEqual(b.add(a));
      }),
    );
    expect(weightsOf(Dist.die(6).add(Dist.die(6)))).toEqual(enumerate([6, 6], ([a, b]) => a! + b!));
    expect(weightsOf(Dist.die(4).add(Dist.die(8)))).toEqual(enumerate([4, 8], ([a, b]) => a! + b!));
    expect(Dist.die(6).repeat(2).probability(7)).toBeCloseTo(6 / 36, 15);
  });

  it('max commutes and matches enumeration (advantage)', () => {
    fc.assert(
      fc.property(smallDist, smallDist, (a, b) => {
        expect(maxOf(a, b)).toEqual(maxOf(b, a));
      }),
    );
    fc.assert(
      fc.property(fc.array(sides, { minLength: 1, maxLength: 3 }), (dice) => {
        const viaAlgebra = maxOf(...dice.map((n) => Dist.die(n)));
        expect(weightsOf(viaAlgebra)).toEqual(enumerate(dice, (faces) => Math.max(...faces)));
      }),
    );
  });

  it('map merges equal images', () => {
    const hits = Dist.die(6).map((x) => (x >= 5 ? 1 : 0));
    expect(hits.outcomes).toEqual([0, 1]);
    expect(hits.weights).toEqual([4n, 2n]);
  });

  it('compare: P(A>B) + P(A=B) + P(A<B) = 1, and matches enumeration', () => {
    fc.assert(
      fc.property(smallDist, smallDist, (a, b) => {
        const c = a.compare(b);
        expect(c.weights.greater + c.weights.equal + c.weights.less).toBe(c.total);
        expect(c.greater + c.equal + c.less).toBeCloseTo(1, 12);
        const back = b.compare(a);
        expect(back.weights.greater).toBe(c.weights.less);
      }),
    );
    fc.assert(
      fc.property(sides, sides, (x, y) => {
        const c = Dist.die(x).compare(Dist.die(y));
        const counts = enumerate([x, y], ([a, b]) => Math.sign(a! - b!));
        expect(Number(c.weights.greater)).toBe(counts.get(1) ?? 0);
        expect(Number(c.weights.equal)).toBe(counts.get(0) ?? 0);
        expect(Number(c.weights.less)).toBe(counts.get(-1) ?? 0);
      }),
    );
  });

  it('ratio stays exact for weights past 2^53', () => {
    const big = 12n ** 30n;
    expect(ratio(big / 3n, big)).toBe(1 / 3);
    expect(ratio(1n, big)).toBeCloseTo(1 / Number(big), 25);
    expect(ratio(-big, big)).toBe(-1);
  });
});

/**
 * A size past DIST_LIMITS is an InputError, before any work: Dist.die(1e9) ran Node out of
 * memory (exit 134), which no caller can catch. At the limit it still builds.
 */
describe('Dist sizes', () => {
  it('Dist.die builds up to DIST_LIMITS.sides sides and refuses one more', () => {
    expect(Dist.die(DIST_LIMITS.sides).max).toBe(DIST_LIMITS.sides);
    const past = () => Dist.die(DIST_LIMITS.sides + 1);
    expect(past).toThrow(InputError);
    expect(past).toThrow('sides: 100001 is not allowed (expected an integer from 1 to 100000)');
    expect(() => Dist.die(1e9)).toThrow(InputError);
  });

  it('repeat sums up to DIST_LIMITS.repeat copies and refuses one more', () => {
    expect(Dist.constant(1).repeat(DIST_LIMITS.repeat).outcomes).toEqual([DIST_LIMITS.repeat]);
    const past = () => Dist.constant(1).repeat(DIST_LIMITS.repeat + 1);
    expect(past).toThrow(InputError);
    expect(past).toThrow('count: 1001 is not allowed (expected an integer from 0 to 1000)');
  });
});
