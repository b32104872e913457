import { describe, expect, it } from 'vitest';
import { meanInterval, meanIntervalWithin } from '../../src/montecarlo/mean-interval.ts';
import { studentTQuantile } from '../../src/montecarlo/student-t-quantile.ts';

const sums = (xs: number[]) => [
  xs.reduce((a, x) => a + x, 0),
  xs.reduce((a, x) => a + x * x, 0),
  xs.length,
];

describe('meanInterval', () => {
  it('is mean ± t·s/√n for a small sample (worked by hand)', () => {
    // 1 2 3 4 5 6 1 2 3 4: mean 3.1, s² = (121 − 96.1)/9 = 2.7667, t(0.975; 9) = 2.2621572
    const [sum, sq, n] = sums([1, 2, 3, 4, 5, 6, 1, 2, 3, 4]) as [number, number, number];
    const interval = meanInterval(sum, sq, n);
    const half = 2.262157162740992 * Math.sqrt(24.9 / 9 / 10);
    expect(interval.estimate).toBe(3.1);
    expect(interval.lo).toBeCloseTo(3.1 - half, 9);
    expect(interval.hi).toBeCloseTo(3.1 + half, 9);
    expect(interval.n).toBe(10);
  });

  it('uses Student t for tiny samples: two samples at 95% use t(0.975; 1) = 12.706', () => {
    // samples 0 and 2: Σx = 2, Σx² = 4, mean 1, s = √2, s/√n = 1
    const interval = meanInterval(2, 4, 2);
    expect(interval.estimate).toBe(1);
    expect(interval.hi - 1).toBeCloseTo(12.706204736174707, 9);
    expect(1 - interval.lo).toBeCloseTo(12.706204736174707, 9);
  });

  it('tends to the normal interval for large n', () => {
    // n = 10⁶ samples of a fair coin (0/1): mean 0.5, s ≈ 0.5, half ≈ 1.959964 · 0.5/1000
    const n = 1_000_000;
    const interval = meanInterval(n / 2, n / 2, n);
    expect(interval.hi - interval.estimate).toBeCloseTo((1.959963984540054 * 0.5) / 1000, 8);
  });

  it('is exact for large integer tallies (a large mean and a small spread)', () => {
    // 65 536 samples of 123 457 + (0 or 1), half each: s² = 0.25 · n/(n − 1) exactly.
    const n = 65_536;
    const b = 123_457;
    const sum = n * b + n / 2;
    const sumOfSquares = n * b * b + 2 * b * (n / 2) + n / 2;
    expect(Number.isSafeInteger(sumOfSquares)).toBe(true);
    const interval = meanInterval(sum, sumOfSquares, n);
    const half = studentTQuantile(0.975, n - 1) * Math.sqrt((0.25 * n) / (n - 1) / n);
    expect(interval.estimate).toBe(b + 0.5);
    expect((interval.hi - interval.estimate) / half).toBeCloseTo(1, 7); // hi − mean itself rounds at 1e-9
  });

  it('has zero width when every sample is the same', () => {
    expect(meanInterval(30, 90, 10)).toEqual({ estimate: 3, lo: 3, hi: 3, n: 10 });
  });

  it('rejects fewer than two samples and bad sums', () => {
    expect(() => meanInterval(1, 1, 1)).toThrow(RangeError);
    expect(() => meanInterval(Number.NaN, 1, 5)).toThrow(RangeError);
    expect(() => meanInterval(1, 1, 5, 0)).toThrow(/confidence/);
  });
});

describe('meanIntervalWithin', () => {
  it("is meanInterval's interval held to [min, max], and the whole range for one sample", () => {
    // Three 1s among 1000 samples of 0 or 1: the t interval reaches below 0.
    const t = meanInterval(3, 3, 1000);
    expect(t.lo).toBeLessThan(0);
    expect(meanIntervalWithin(3, 3, 1000, [0, 1])).toEqual({ ...t, lo: 0 });
    expect(meanIntervalWithin(1, 1, 1, [0, 2])).toEqual({ estimate: 1, lo: 0, hi: 2, n: 1 });
    // Within the range it is meanInterval's, to the bit.
    expect(meanIntervalWithin(31, 121, 10, [1, 6])).toEqual(meanInterval(31, 121, 10));
  });
});
