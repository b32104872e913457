import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/input-error.ts';
import { wilsonInterval } from '../../src/montecarlo/wilson-interval.ts';

describe('wilsonInterval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
  // method 3 (score interval without continuity correction), 95%.
  const newcombe: [number, number, number, number][] = [
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ];

  it.each(newcombe)('%s/%s gives [%s, %s] (Newcombe 1998)', (x, n, lo, hi) => {
    const interval = wilsonInterval(x, n);
    expect(interval.lo).toBeCloseTo(lo, 4);
    expect(interval.hi).toBeCloseTo(hi, 4);
    expect(interval.estimate).toBe(x / n);
    expect(interval.n).toBe(n);
  });

  it('matches the formula worked by hand at the edges', () => {
    // 0 of n: [0, z²/(n + z²)]; n of n: [n/(n + z²), 1]
    const z2 = 1.959963984540054 ** 2;
    expect(wilsonInterval(0, 20).hi).toBeCloseTo(z2 / (20 + z2), 7);
    expect(wilsonInterval(10, 10)).toMatchObject({ lo: expect.closeTo(10 / (10 + z2), 7), hi: 1 });
    // 1/2 of 100 at 99%: centre 0.5, half-width z/(1 + z²/n) · √(1/400 + z²/40000), z = 2.5758293
    const z = 2.5758293035489004;
    const half = (z / (1 + (z * z) / 100)) * Math.sqrt(0.25 / 100 + (z * z) / 40000);
    const interval = wilsonInterval(50, 100, 0.99);
    expect(interval.lo).toBeCloseTo(0.5 - half, 7);
    expect(interval.hi).toBeCloseTo(0.5 + half, 7);
  });

  it('narrows as n grows and widens with the confidence', () => {
    const width = (x: number, n: number, c?: number) => {
      const { lo, hi } = wilsonInterval(x, n, c);
      return hi - lo;
    };
    expect(width(300, 1000)).toBeLessThan(width(30, 100));
    expect(width(30, 100, 0.999)).toBeGreaterThan(width(30, 100, 0.95));
  });

  it('rejects bad counts and confidence levels', () => {
    expect(() => wilsonInterval(5, 0)).toThrow(RangeError);
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(1, 10, 1)).toThrow(InputError);
    expect(() => wilsonInterval(1, 10, 95)).toThrow(/confidence: 95 is not allowed/);
  });
});
