import { describe, expect, it } from 'vitest';
import { formatChange, formatGain } from '../../src/format/format-gain.ts';
import { formatPoints } from '../../src/format/format-points.ts';

describe('formatGain', () => {
  it('is blank where there is nothing to gain over, else the points', () => {
    expect(formatGain(null)).toBe('');
    expect(formatGain(0.1640625)).toBe('+16.4 pts');
    expect(formatGain(-0.02)).toBe(formatPoints(-0.02));
    expect(formatGain(0)).toBe('±0.0 pts');
  });
});

describe('formatChange', () => {
  it('signs a change that shows, in points for a chance', () => {
    expect(formatChange(0.1640625)).toBe('+16.4 pts');
    expect(formatChange(-0.02)).toBe('−2.0 pts');
    // The smallest that shows at one decimal.
    expect(formatChange(-0.0005)).toBe('−0.1 pts');
  });

  it('reads a change that shows as none as no change, as formatGain(0) does', () => {
    const none = formatGain(0);
    expect(formatChange(0)).toBe(none);
    // Float noise of two exact runs (fight-curves' --ties-go-to roller), either sign.
    expect(formatChange(-1.1102230246251565e-16)).toBe(none);
    expect(formatChange(5.551115123125783e-17)).toBe(none);
    // A change too small for the digits.
    expect(formatChange(0.0004)).toBe(none);
    expect(formatChange(-0.0004)).toBe(none);
  });

  it('reads every unit by its own format: none at its digits is ±0', () => {
    const threeDecimals = (x: number) => x.toFixed(3);
    expect(formatChange(-0.425, threeDecimals)).toBe('−0.425');
    expect(formatChange(0.0004, threeDecimals)).toBe('±0.000');
    expect(formatChange(-0.0004, threeDecimals)).toBe('±0.000');
    expect(formatChange(0, (x) => x.toFixed(2))).toBe('±0.00');
    // A format of full precision shows float noise ("1e-16"): still no change.
    expect(formatChange(-1e-16, String)).toBe('±0');
    expect(formatChange(-2, String)).toBe('−2');
  });
});
