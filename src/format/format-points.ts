/**
 * A difference of two chances in percentage points, signed: how much one option adds.
 * @example formatPoints(0.1640625) // "+16.4 pts"
 * @example formatPoints(-0.02) // "−2.0 pts"
 */
export function formatPoints(difference: number, digits = 1): string {
  if (!Number.isFinite(difference)) return 'n/a';
  const text = Math.abs(difference * 100).toFixed(digits);
  const zero = Number(text) === 0;
  return `${zero ? '±' : difference > 0 ? '+' : '−'}${text} pts`;
}
