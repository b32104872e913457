import { cumulativeStdNormalProbability, probit } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { normalQuantile } from '../../src/montecarlo/normal-quantile.ts';

describe('normalQuantile', () => {
  // Reference values: R's qnorm (Wichura's AS 241, accurate to ~1e-16).
  const known: [number, number][] = [
    [0.5, 0],
    [0.8413447460685429, 1],
    [0.9, 1.2815515655446004],
    [0.95, 1.6448536269514722],
    [0.975, 1.959963984540054],
    [0.99, 2.3263478740408408],
    [0.995, 2.5758293035489004],
    [0.999, 3.090232306167813],
    [0.9995, 3.2905267314919255],
    [0.999999, 4.753424308822899],
    [1e-9, -5.997807015007686],
  ];

  it.each(known)('Φ⁻¹(%s) = %s within 5e-7', (p, z) => {
    expect(Math.abs(normalQuantile(p) - z)).toBeLessThan(5e-7);
  });

  it('is antisymmetric: Φ⁻¹(1 − p) = −Φ⁻¹(p)', () => {
    for (const p of [0.001, 0.01, 0.1, 0.3, 0.45])
      expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 9);
  });

  it('improves on simple-statistics’ probit, which alone misses 1.959964 by 3e-3', () => {
    expect(Math.abs(probit(0.975) - 1.959963984540054)).toBeGreaterThan(1e-3);
    expect(Math.abs(normalQuantile(0.975) - 1.959963984540054)).toBeLessThan(5e-8);
  });

  it('inverts the normal CDF (simple-statistics’ table, to its 4 digits)', () => {
    for (const z of [-2.5, -1, 0.3, 1.7])
      expect(
        cumulativeStdNormalProbability(normalQuantile(cumulativeStdNormalProbability(z))),
      ).toBeCloseTo(cumulativeStdNormalProbability(z), 4);
  });

  it('rejects p outside (0, 1)', () => {
    for (const p of [0, 1, -0.1, 1.5, Number.NaN])
      expect(() => normalQuantile(p)).toThrow(RangeError);
  });
});
