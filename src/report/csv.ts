import { stringify } from 'csv-stringify/sync';
import type { Column } from './column.ts';

/** Options of {@link toCsv}. */
export interface CsvOptions {
  /** Header cells: the row field names (`'keys'`, the default, stable for scripts and diffs) or
   * the columns' human headers (`'headers'`). */
  readonly header?: 'keys' | 'headers';
}

/**
 * RFC 4180 CSV text: one header row, then one line per row, columns in the given order, CRLF
 * line ends. Numbers are written in full (the shortest text that reads back as the same
 * double; -0 as "0"), never rounded; a column's `format` is ignored. Booleans are `true`/`false`;
 * null/undefined are empty cells. O(rows × columns).
 * @example toCsv([{ c: 3, p: 1 / 3 }], [{ key: 'c', header: 'C' }, { key: 'p', header: 'P' }])
 * // "c,p\r\n3,0.3333333333333333\r\n"
 */
export function toCsv<Row extends object>(
  rows: readonly Row[],
  columns: readonly Pick<Column<Row>, 'key' | 'header'>[],
  options: CsvOptions = {},
): string {
  const head = columns.map((c) => (options.header === 'headers' ? c.header : c.key));
  const body = rows.map((row) => columns.map((c) => row[c.key] as unknown));
  return stringify([head, ...body], {
    record_delimiter: '\r\n',
    // csv-stringify leaves a lone CR or LF unquoted when the record delimiter is CRLF.
    quoted_match: /[\r\n]/,
    cast: {
      boolean: (value) => String(value),
      number: (value) => String(value),
      bigint: (value) => String(value),
      object: (value) => JSON.stringify(value),
    },
  });
}
