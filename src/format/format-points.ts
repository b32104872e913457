/**
 * A difference of two chances in percentage points, signed: how much one option adds. Only no
 * difference at all reads "±0.0 pts"; a gain or loss too small for the digits keeps its sign
 * ("+0.0 pts"), as `formatPercent` never reads a possible chance "0%". (A What if's change
 * column is another matter: there it reads as none, see `formatChange`.)
 * @example formatPoints(0.1640625) // "+16.4 pts"
 * @example formatPoints(-0.02) // "−2.0 pts"
 * @example formatPoints(1e-9) // "+0.0 pts"
 * @example formatPoints(0) // "±0.0 pts"
 */
export function formatPoints(difference: number, digits = 1): string {
  if (!Number.isFinite(difference)) return 'n/a';
  return `${difference === 0 ? '±' : difference > 0 ? '+' : '−'}${pointsSize(difference, digits)}`;
}

/**
 * The size of a difference of two chances in percentage points, unsigned.
 * @example pointsSize(-0.02) // "2.0 pts"
 */
export function pointsSize(difference: number, digits = 1): string {
  return `${Math.abs(difference * 100).toFixed(digits)} pts`;
}
