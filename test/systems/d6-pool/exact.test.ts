import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  d6PoolDist,
  d6PoolOdds,
  parseD6PoolSpec,
  seedClaimGap,
} from '../../../src/systems/d6-pool/index.ts';

/** Every roll of n d6, counted by outcome (0, 1, 2+ hits): the brute force. */
function bruteForce(n: number): number[] {
  const counts = [0, 0, 0];
  const faces = new Array<number>(n).fill(1);
  for (;;) {
    const hits = faces.filter((f) => f === 5 || f === 6).length;
    counts[Math.min(hits, 2)]!++;
    let i = 0;
    while (i < n && faces[i] === 6) faces[i++] = 1;
    if (i === n) return counts;
    faces[i]!++;
  }
}

describe('d6 pool, exact', () => {
  it('gives 8/27, 4/9 and 7/27 for three dice, reduced', () => {
    const r = d6PoolOdds(parseD6PoolSpec({ stat: 3 }));
    expect(r.outcomes.map((o) => [o.name, o.fraction])).toEqual([
      ['failure', '8/27'],
      ['mixed', '4/9'],
      ['success', '7/27'],
    ]);
    expect(r.outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 15);
  });

  it('matches every roll of 1 to 6 dice, enumerated', () => {
    for (let n = 1; n <= 6; n++) {
      const dist = d6PoolDist({ stat: n });
      expect(dist.total).toBe(6n ** BigInt(n));
      expect([0, 1, 2].map((o) => Number(dist.weight(o)))).toEqual(bruteForce(n));
    }
  });

  it('keeps the binomial laws for large pools: 4^n failures, 2n·4^(n−1) mixed, over 6^n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), (n) => {
        const dist = d6PoolDist({ stat: n });
        const N = BigInt(n);
        expect(dist.weight(0)).toBe(4n ** N);
        expect(dist.weight(1)).toBe(2n * N * 4n ** (N - 1n));
        expect(dist.weights.reduce((a, b) => a + b, 0n)).toBe(6n ** N);
      }),
      { numRuns: 30 },
    );
  });

  it('tilts toward success with more dice', () => {
    const success = [1, 2, 3, 4, 5].map((n) => d6PoolOdds({ stat: n }).outcomes[2]!.p);
    for (let i = 1; i < success.length; i++) expect(success[i]).toBeGreaterThan(success[i - 1]!);
  });

  it("says how far the seed's rounded claim is off: mixed is 4/9, not 4 in 10", () => {
    const gap = seedClaimGap();
    expect(gap.outcomes.map((o) => [o.name, o.fraction, o.claimed])).toEqual([
      ['failure', '8/27', 0.3],
      ['mixed', '4/9', 0.4],
      ['success', '7/27', 0.3],
    ]);
    expect(gap.outcomes[0]!.off).toBeCloseTo(8 / 27 - 0.3, 15);
    expect(gap.outcomes[2]!.off).toBeCloseTo(7 / 27 - 0.3, 15);
    expect(gap.largestGap).toBeCloseTo(4 / 9 - 0.4, 15);
  });
});
