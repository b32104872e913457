/**
 * A probability as a percentage with a fixed number of decimals; "n/a" when not finite. A chance
 * short of certain never reads "100%", nor a possible one "0%": they read "> 99.9%" and "< 0.1%",
 * exactly when the chance itself rounds to 100.0% or 0.0%.
 * @example formatPercent(0.6234) // "62.3%"
 * @example formatPercent(1 / 3, 2) // "33.33%"
 * @example formatPercent(0.9996) // "> 99.9%"
 */
export function formatPercent(p: number, digits = 1): string {
  if (!Number.isFinite(p)) return 'n/a';
  const text = percentDigits(p, digits);
  if (p < 1 && Number(text) >= 100) return `> ${(100 - 10 ** -digits).toFixed(digits)}%`;
  if (p > 0 && Number(text) === 0) return `< ${(10 ** -digits).toFixed(digits)}%`;
  return `${text}%`;
}

/**
 * A chance as the percentage someone wrote for it: the fewest decimals that read back as the
 * very same number, whether written as a percentage ("62.5%": 62.5 / 100, as `--target` and a
 * scenario read it) or as a fraction (0.625). For a figure given, never computed, such as a
 * target: rounded it would claim another one ("99.9%" shown as "> 99%").
 * @example formatExactPercent(0.625) // "62.5%"
 * @example formatExactPercent(99.9 / 100) // "99.9%" (0.9990000000000001)
 * @example formatExactPercent(0.005) // "0.5%"
 */
export function formatExactPercent(p: number): string {
  if (!Number.isFinite(p)) return 'n/a';
  // toFixed takes at most 100 decimals: a chance too small for them reads in exponent form.
  for (let digits = 0; digits <= 98; digits++) {
    const text = percentDigits(p, digits);
    if (Number(text) / 100 === p || Number(p.toFixed(digits + 2)) === p) return `${text}%`;
  }
  return `${p * 100}%`;
}

/** The largest double below 1: a chance known to be short of certain. */
const LARGEST_BELOW_ONE = 1 - Number.EPSILON / 2;

/**
 * A chance to show when its complement's is known: a float sum `p` that reached 1 while `rest`,
 * the chance of anything else, is above 0 (a fight won by a round that may still be on after it)
 * is short of certain, and becomes the largest double below 1, so {@link formatPercent} (and
 * `formatChance`) read it "> 99.9%" or "> 99.99%", never "100%". Any other `p` is itself.
 * @example formatPercent(shortOfCertain(1, 4e-16), 2) // "> 99.99%"
 * @example shortOfCertain(1, 0) // 1
 */
export function shortOfCertain(p: number, rest: number): number {
  return p >= 1 && rest > 0 ? LARGEST_BELOW_ONE : p;
}

/**
 * p × 100 to `digits` decimals, rounded once from p's exact value: `toFixed` on p itself, the
 * point moved two places in the text. `(p * 100).toFixed` rounds twice, and a chance a hair
 * under a boundary crossed it (0.995 − 2⁻⁵⁶ read "> 99%", 0.0015 read "0.1%"). A chance is never
 * below zero: a tiny negative reads as zero, unsigned.
 */
function percentDigits(p: number, digits: number): string {
  const scaled = Math.abs(p)
    .toFixed(digits + 2)
    .replace('.', '');
  const whole = scaled.slice(0, scaled.length - digits).replace(/^0+(?=\d)/, '');
  const text = digits > 0 ? `${whole}.${scaled.slice(-digits)}` : whole;
  return p < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}
