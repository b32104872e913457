import { describe, expect, it } from 'vitest';
import { FRACTION_SHOWN_CHARS, formatFraction } from '../../src/format/format-fraction.ts';

describe('formatFraction', () => {
  it('shows a fraction of up to FRACTION_SHOWN_CHARS characters whole', () => {
    expect(formatFraction('4/9')).toBe('4/9');
    expect(formatFraction('-1/3')).toBe('-1/3');
    const longest = `${'7'.repeat(FRACTION_SHOWN_CHARS - 4)}/123`;
    expect(formatFraction(longest)).toBe(longest);
  });

  it('shows a longer one by its leading digits and its count of digits', () => {
    const long = `${'12345678'.repeat(5)}9/${'9'.repeat(60)}`;
    expect(formatFraction(long)).toBe('12345678…/99999999… (41 / 60 digits)');
    expect(formatFraction(`-${long}`)).toBe('-12345678…/99999999… (41 / 60 digits)');
  });

  it('leaves the cell of a row with no fraction empty', () => {
    expect(formatFraction(undefined)).toBe('');
  });
});
