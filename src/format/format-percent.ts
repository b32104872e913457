/**
 * A probability as a percentage with a fixed number of decimals; "n/a" when not finite. A chance
 * short of certain never reads "100%", nor a possible one "0%": they read "> 99.9%" and "< 0.1%".
 * @example formatPercent(0.6234) // "62.3%"
 * @example formatPercent(1 / 3, 2) // "33.33%"
 * @example formatPercent(0.9996) // "> 99.9%"
 */
export function formatPercent(p: number, digits = 1): string {
  if (!Number.isFinite(p)) return 'n/a';
  const text = (p * 100).toFixed(digits);
  const step = (10 ** -digits).toFixed(digits);
  if (p < 1 && Number(text) >= 100) return `> ${(100 - 10 ** -digits).toFixed(digits)}%`;
  if (p > 0 && Number(text) === 0) return `< ${step}%`;
  // toFixed keeps the sign of tiny negatives (-0.0001 → "-0.0"); a chance is never below zero.
  return `${/^-0(\.0*)?$/.test(text) ? text.slice(1) : text}%`;
}
