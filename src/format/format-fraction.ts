/** The longest exact fraction a text line or table shows whole (numerator, slash, denominator). */
export const FRACTION_SHOWN_CHARS = 40;

/**
 * An exact fraction ("4/9", "-1/3") as text output shows it: whole up to
 * {@link FRACTION_SHOWN_CHARS} characters; a longer one (a thousand d6 make fractions of some
 * 780 digits, a column thousands of characters wide) by its leading digits and its count of
 * digits. `--json` holds it whole. No fraction (an estimate's row) is an empty cell.
 * @example formatFraction('4/9') // "4/9"
 * @example formatFraction(`${'1'.repeat(30)}/${'3'.repeat(31)}`).endsWith('/33333333… (30 / 31 digits)') // true
 */
export function formatFraction(fraction: string | undefined): string {
  if (fraction === undefined) return '';
  if (fraction.length <= FRACTION_SHOWN_CHARS) return fraction;
  const [numerator = '', denominator = ''] = fraction.split('/');
  const digits = (part: string) => part.replace(/^-/, '').length;
  const lead = (part: string) => `${part.slice(0, part.startsWith('-') ? 9 : 8)}…`;
  return `${lead(numerator)}/${lead(denominator)} (${digits(numerator)} / ${digits(denominator)} digits)`;
}
