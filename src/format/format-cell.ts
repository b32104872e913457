/**
 * The default text of a table cell: integers and bigints in full, other numbers to 6
 * significant digits, nothing for null/undefined, JSON for objects.
 * @example formatCell(2 / 3) // "0.666667"
 */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
    return String(Number(value.toPrecision(6)));
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? String(value);
}
