import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  carry,
  compareLimbs,
  limbsFor,
  limbsSign,
  limbsValue,
  writeLimbs,
} from '../../../src/systems/ring-skill/numerators.ts';

/** Numerators as the solver holds them: below 2^200 (ring 5, depth 10, 2 rerolls), 8 limbs. */
const N = limbsFor(200);
const numerator = fc.bigInt({ min: 0n, max: 2n ** 200n - 1n });
const limbsOf = (x: bigint) => {
  const a = new Float64Array(N);
  writeLimbs(x, a, 0, N);
  return a;
};

describe('numerators as limbs, against BigInt', () => {
  it('hold any numerator below their bits, and refuse a larger one', () => {
    fc.assert(fc.property(numerator, (x) => limbsValue(limbsOf(x), 0, N) === x));
    expect(() => limbsOf(2n ** BigInt(26 * N))).toThrow(/outgrew/);
  });

  it('sum small multiples exactly: Σ w·x + g·i, carried, is the BigInt sum', () => {
    const term = fc.record({ w: fc.integer({ min: 0, max: 12 ** 5 }), x: numerator });
    fc.assert(
      fc.property(
        fc.array(term, { maxLength: 8 }),
        fc.integer({ min: 0, max: 5 * 12 ** 5 }),
        numerator,
        (terms, i, g) => {
          // The solver's bound: the multiples add up to less than 2^27.
          fc.pre(terms.reduce((s, t) => s + t.w, i) < 2 ** 27);
          const acc = new Float64Array(N + 1);
          const add = (w: number, x: bigint) => {
            const limbs = limbsOf(x);
            for (let l = 0; l < N; l++) acc[l]! += w * limbs[l]!;
          };
          for (const { w, x } of terms) add(w, x);
          add(i, g);
          carry(acc, 0, N + 1);
          const sum = terms.reduce((s, t) => s + BigInt(t.w) * t.x, BigInt(i) * g);
          expect(limbsValue(acc, 0, N + 1)).toBe(sum);
          for (let l = 0; l < N; l++) expect(acc[l]).toBeGreaterThanOrEqual(0);
          for (let l = 0; l < N; l++) expect(acc[l]).toBeLessThan(2 ** 26);
        },
      ),
    );
  });

  it('order and sign as BigInts do: compareLimbs, and the sign of a carried difference', () => {
    fc.assert(
      fc.property(
        numerator,
        numerator,
        fc.integer({ min: -5, max: 5 }),
        numerator,
        (x, y, d, g) => {
          const a = limbsOf(x);
          const b = limbsOf(y);
          expect(Math.sign(compareLimbs(a, 0, b, 0, N))).toBe(x < y ? -1 : x > y ? 1 : 0);
          const gl = limbsOf(g);
          const diff = new Float64Array(N + 1);
          for (let l = 0; l < N; l++) diff[l] = d * gl[l]! + a[l]! - b[l]!;
          carry(diff, 0, N + 1);
          const exact = BigInt(d) * g + x - y;
          expect(limbsSign(diff, 0, N + 1)).toBe(exact > 0n ? 1 : exact < 0n ? -1 : 0);
          expect(limbsValue(diff, 0, N + 1)).toBe(exact);
        },
      ),
    );
    const same = limbsOf(12n ** 50n);
    expect(compareLimbs(same, 0, limbsOf(12n ** 50n), 0, N)).toBe(0);
  });
});
