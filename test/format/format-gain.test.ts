import { describe, expect, it } from 'vitest';
import { formatGain } from '../../src/format/format-gain.ts';
import { formatPoints } from '../../src/format/format-points.ts';

describe('formatGain', () => {
  it('is blank where there is nothing to gain over, else the points', () => {
    expect(formatGain(null)).toBe('');
    expect(formatGain(0.1640625)).toBe('+16.4 pts');
    expect(formatGain(-0.02)).toBe(formatPoints(-0.02));
    expect(formatGain(0)).toBe('±0.0 pts');
  });
});
