import { describe, expect, it } from 'vitest';
import { formatChance } from '../../src/format/format-chance.ts';
import { formatExactPercent, formatPercent } from '../../src/format/format-percent.ts';

/**
 * The oracle: p × 100 rounded half up to `digits` decimals from p's exact binary value (BigInt,
 * no float step), with the rule the formatter promises at either end.
 */
function exactPercent(p: number, digits: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, p);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const power = (exponent === 0 ? -1074 : exponent - 1075) as number;
  let numerator = mantissa * 10n ** BigInt(digits + 2);
  let denominator = 1n;
  if (power >= 0) numerator <<= BigInt(power);
  else denominator <<= BigInt(-power);
  const units = (2n * numerator + denominator) / (2n * denominator);
  const scale = 10n ** BigInt(digits);
  if (p < 1 && units >= 100n * scale) return `> ${(100 - 10 ** -digits).toFixed(digits)}%`;
  if (p > 0 && units === 0n) return `< ${(10 ** -digits).toFixed(digits)}%`;
  const decimals = digits ? `.${(units % scale).toString().padStart(digits, '0')}` : '';
  return `${units / scale}${decimals}%`;
}

/** The double `steps` representable values above p (below for negative steps); p > 0. */
function ulpsFrom(p: number, steps: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, p);
  view.setBigUint64(0, view.getBigUint64(0) + BigInt(steps));
  return view.getFloat64(0);
}

describe('formatPercent', () => {
  it('says "> 99.9%" and "< 0.1%" exactly when the chance itself rounds to 100.0% or 0.0%', () => {
    // Each was read through p × 100, which rounds first and crossed the boundary.
    expect(formatPercent(0.995, 0)).toBe('99%'); // 0.99499999999999999556: was "> 99%"
    expect(formatPercent(0.9999995, 4)).toBe('> 99.9999%'); // 0.99999950000000004: was "99.9999%"
    expect(formatPercent(0.000005 - 2 ** -70, 3)).toBe('< 0.001%'); // was "0.001%"
    expect(formatPercent(0.0015)).toBe('0.2%'); // 0.0015000000000000000312: was "0.1%"
    // Certain and impossible, and a hair from either.
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(1 - Number.EPSILON / 2)).toBe('> 99.9%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(Number.MIN_VALUE, 2)).toBe('< 0.01%');
    expect(formatPercent(-1e-18)).toBe('0.0%');
  });

  it('agrees with exact rounding on every double near each boundary, for 0 to 4 decimals', () => {
    for (let digits = 0; digits <= 4; digits++) {
      const boundaries = [1 - 0.5 * 10 ** -(digits + 2), 0.5 * 10 ** -(digits + 2), 0.0015, 0.5];
      for (const boundary of boundaries) {
        for (let steps = -2000; steps <= 2000; steps++) {
          const p = ulpsFrom(boundary, steps);
          if (formatPercent(p, digits) !== exactPercent(p, digits))
            expect(formatPercent(p, digits), `${p} to ${digits} decimals`).toBe(
              exactPercent(p, digits),
            );
        }
      }
    }
  });

  it('gives formatChance the same boundary: more decimals only while short of certain', () => {
    expect(formatChance(0.9999995)).toBe('> 99.9999%');
    expect(formatChance(0.99995)).toBe('99.995%');
    expect(formatChance(1)).toBe('100.0%');
  });
});

describe('formatExactPercent', () => {
  it('shows a chance as written, a percentage or a fraction, never rounded to another', () => {
    // As `--target 62.5%` reads it (62.5 / 100), and as 0.625 is read.
    for (const written of ['62.5', '99.5', '99.9', '0.5', '60', '33.3', '99.99', '0.001', '14.7']) {
      expect(formatExactPercent(Number(written) / 100)).toBe(`${written}%`);
      const fraction = Number((Number(written) / 100).toPrecision(12));
      expect(formatExactPercent(fraction)).toBe(`${written}%`);
    }
    // No decimal written is dropped, and none added: a float sum reads as the number it is.
    expect(formatExactPercent(0.1 + 0.2)).toBe('30.000000000000004%');
    expect(formatExactPercent(1e-7)).toBe('0.00001%');
  });
});
