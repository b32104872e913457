/**
 * A probability as a percentage with a fixed number of decimals; "n/a" when not finite.
 * @example formatPercent(0.6234) // "62.3%"
 * @example formatPercent(1 / 3, 2) // "33.33%"
 */
export function formatPercent(p: number, digits = 1): string {
  if (!Number.isFinite(p)) return 'n/a';
  const text = (p * 100).toFixed(digits);
  // toFixed keeps the sign of tiny negatives (-0.0001 → "-0.0"); a chance is never below zero.
  return `${/^-0(\.0*)?$/.test(text) ? text.slice(1) : text}%`;
}
