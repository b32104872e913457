/**
 * A probability as a decimal with `digits` decimals; a positive chance too small to show that
 * way is written in scientific notation instead of rounding to zero.
 * @example formatProbability(0.623456) // "0.6235"
 * @example formatProbability(0.0000123) // "1.2e-5"
 * @example formatProbability(0) // "0.0000"
 */
export function formatProbability(p: number, digits = 4): string {
  if (!Number.isFinite(p)) return 'n/a';
  if (p !== 0 && Math.abs(p) < 0.5 * 10 ** -digits) return p.toExponential(1);
  const text = p.toFixed(digits);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
