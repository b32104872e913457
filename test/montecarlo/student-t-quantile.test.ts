import { describe, expect, it } from 'vitest';
import { normalQuantile } from '../../src/montecarlo/normal-quantile.ts';
import { studentTQuantile } from '../../src/montecarlo/student-t-quantile.ts';

describe('studentTQuantile', () => {
  // Reference values: R's qt(p, df).
  const known: [number, number, number][] = [
    [0.975, 1, 12.706204736174707],
    [0.975, 2, 4.302652729749464],
    [0.975, 3, 3.182446305284263],
    [0.975, 5, 2.570581835636314],
    [0.975, 10, 2.228138851986274],
    [0.975, 30, 2.042272456301238],
    [0.975, 100, 1.983971518523552],
    [0.9995, 1, 636.6192487687196],
    [0.9995, 4, 8.610301581379197],
    [0.9995, 20, 3.849516275982],
    [0.95, 7, 1.894578605090007],
  ];

  it.each(known)('t(%s; df = %s) = %s', (p, df, t) => {
    expect(studentTQuantile(p, df)).toBeCloseTo(t, 8);
  });

  it('has closed forms for df = 1 (Cauchy) and df = 2', () => {
    for (const p of [0.6, 0.9, 0.99]) {
      expect(studentTQuantile(p, 1)).toBeCloseTo(Math.tan(Math.PI * (p - 0.5)), 9);
      const a = 4 * p * (1 - p);
      expect(studentTQuantile(p, 2)).toBeCloseTo((2 * p - 1) * Math.sqrt(2 / a), 9);
    }
  });

  it('joins the closed form and the large-df expansion smoothly at df = 1000', () => {
    // qt(0.975, 1000) = 1.962339, qt(0.975, 1001) = 1.962337; qt(0.9995, 5000) = 3.292474
    expect(studentTQuantile(0.975, 1000)).toBeCloseTo(1.9623390808264, 6);
    expect(studentTQuantile(0.975, 1001)).toBeCloseTo(1.9623366677, 6);
    expect(studentTQuantile(0.9995, 5000)).toBeCloseTo(3.2924737, 5);
  });

  it('tends to the normal quantile and is antisymmetric', () => {
    expect(studentTQuantile(0.975, 1e9)).toBeCloseTo(normalQuantile(0.975), 7);
    expect(studentTQuantile(0.025, 12)).toBe(-studentTQuantile(0.975, 12));
    expect(studentTQuantile(0.5, 3)).toBe(0);
  });

  it('rejects bad p and df', () => {
    expect(() => studentTQuantile(1, 3)).toThrow(RangeError);
    expect(() => studentTQuantile(0.9, 0)).toThrow(RangeError);
    expect(() => studentTQuantile(0.9, 2.5)).toThrow(RangeError);
  });
});
