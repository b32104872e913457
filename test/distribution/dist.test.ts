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

/**
 * add and repeat accumulate by sum (a BigInt product, Kronecker substitution, where the sums
 * are dense): they listed every (sum, weight) pair, and Dist.die(100000).add(Dist.die(100000))
 * ran out of heap after 2 minutes, Dist.die(1000).repeat(10) took 27 s. The weights are exact,
 * so the results are those of the pair list, kept here as it gave them.
 */
describe('Dist sums at size', () => {
  const listed = (d: Dist) => d.outcomes.map((o, i) => [o, String(d.weights[i])]);

  it('gives what listing every pair gave', () => {
    expect(listed(Dist.die(6).repeat(3))).toEqual([
      [3, '1'],
      [4, '3'],
      [5, '6'],
      [6, '10'],
      [7, '15'],
      [8, '21'],
      [9, '25'],
      [10, '27'],
      [11, '27'],
      [12, '25'],
      [13, '21'],
      [14, '15'],
      [15, '10'],
      [16, '6'],
      [17, '3'],
      [18, '1'],
    ]);
    const a = Dist.of([
      [-2, 1n],
      [0, 3n],
      [5, 2n],
    ]);
    expect(
      listed(
        a.add(
          Dist.of([
            [1, 2n],
            [4, 1n],
            [-7, 5n],
          ]),
        ),
      ),
    ).toEqual([
      [-9, '5'],
      [-7, '15'],
      [-2, '10'],
      [-1, '2'],
      [1, '6'],
      [2, '1'],
      [4, '3'],
      [6, '4'],
      [9, '2'],
    ]);
    expect(
      listed(
        Dist.of([
          [0, 1n],
          [1, 1n],
          [1e9, 1n],
        ]).repeat(3),
      ),
    ).toEqual([
      [0, '1'],
      [1, '3'],
      [2, '3'],
      [3, '1'],
      [1e9, '3'],
      [1e9 + 1, '6'],
      [1e9 + 2, '3'],
      [2e9, '3'],
      [2e9 + 1, '3'],
      [3e9, '1'],
    ]);
    expect(
      listed(
        Dist.of([
          [3, 2n],
          [9, 1n],
        ]).repeat(4),
      ),
    ).toEqual([
      [12, '16'],
      [18, '32'],
      [24, '24'],
      [30, '8'],
      [36, '1'],
    ]);
    const d = Dist.die(12).repeat(40);
    expect(d.outcomes.length).toBe(441);
    expect(d.weights[200]).toBe(176830093649856246320212394344139870399905n);
    expect(d.total).toBe(12n ** 40n);
  });

  it('matches every pair summed one by one, for small dists and up to 4 copies', () => {
    const pairSums = (a: Dist, b: Dist) => {
      const sums = new Map<number, bigint>();
      a.outcomes.forEach((x, i) => {
        b.outcomes.forEach((y, j) => {
          sums.set(x + y, (sums.get(x + y) ?? 0n) + a.weights[i]! * b.weights[j]!);
        });
      });
      return [...sums].filter(([, w]) => w > 0n).sort(([x], [y]) => x - y);
    };
    const pairsOf = (d: Dist) => d.outcomes.map((o, i) => [o, d.weights[i]!]);
    fc.assert(
      fc.property(smallDist, smallDist, fc.integer({ min: 1, max: 4 }), (a, b, n) => {
        expect(pairsOf(a.add(b))).toEqual(pairSums(a, b));
        let copies = a;
        for (let i = 1; i < n; i++) copies = Dist.of(pairSums(copies, a));
        expect(pairsOf(a.repeat(n))).toEqual(pairsOf(copies));
      }),
    );
  });

  it('sums two d100000s and 1000 d6s in seconds', () => {
    const two = Dist.die(DIST_LIMITS.sides).add(Dist.die(DIST_LIMITS.sides));
    expect(two.outcomes.length).toBe(199_999);
    expect(two.weight(100_001)).toBe(100_000n);
    const d6s = Dist.die(6).repeat(DIST_LIMITS.repeat);
    expect([d6s.min, d6s.max, d6s.total]).toEqual([1000, 6000, 6n ** 1000n]);
    expect(Dist.die(1000).repeat(10).outcomes.length).toBe(9_991);
  }, 20_000);

  it('refuses a sum past DIST_LIMITS.resultBits before any work', () => {
    const past = () => Dist.die(200).repeat(1000);
    expect(past).toThrow(InputError);
    expect(past).toThrow(
      'count: 1000 is not allowed (expected a result of at most 100000000 bits, DIST_LIMITS.resultBits: this sum has up to 199001 outcomes of 7644-bit weights, 1521163644 bits)',
    );
    expect(() => Dist.die(100_000).repeat(1000)).toThrow(/^count: 1000 is not allowed/);
    // A total whose power alone is past the limit (past BigInt's largest, a RangeError).
    expect(() => Dist.of([[1, 2n ** 2_000_000n]]).repeat(1000)).toThrow(
      'count: 1000 is not allowed (expected a result of at most 100000000 bits, DIST_LIMITS.resultBits: this sum has up to 1 outcomes of at least 2000000001-bit weights, 2000000001 bits)',
    );
    const wide = Dist.die(100_000).repeat(5);
    expect(() => wide.add(wide)).toThrow(/^other: .* DIST_LIMITS\.resultBits/);
  });
});
