/**
 * One column of a report table or CSV file: which field of a row it shows, its header, and
 * (for terminal and HTML tables only) how to turn the value into text. CSV files always carry
 * the raw value, so numbers there are never rounded.
 * @example const winChance: Column<{ winChance: number }> =
 *   { key: 'winChance', header: 'Win chance', format: (p) => formatPercent(p) };
 * // not run: a declaration
 */
export type Column<Row extends object> = {
  [K in keyof Row & string]: {
    /** The row field this column shows. */
    readonly key: K;
    /** Header text for people ("Win chance"); CSV files head the column with `key`. */
    readonly header: string;
    /** Text shown for a value; the default is {@link formatCell}. */
    readonly format?: (value: Row[K], row: Row) => string;
    /** Alignment; the default is right when every value in the column is a number, else left. */
    readonly align?: 'left' | 'right';
  };
}[keyof Row & string];

/**
 * A column as a row's fields are declared once, for both its table and its CSV file; `table:
 * false` keeps a field out of terminal and HTML tables (a CSV file carries every field).
 * @example const pool: FieldColumn<{ pool: string }> = { key: 'pool', header: 'Pool', table: false };
 * // not run: a declaration
 */
export type FieldColumn<Row extends object> = Column<Row> & { readonly table?: false };

/**
 * The columns a terminal or HTML table shows: the declared fields but those marked `table: false`.
 * @example tableColumns([{ key: 'a', header: 'A' }, { key: 'b', header: 'B', table: false }]) // [{ key: 'a', header: 'A' }]
 */
export function tableColumns<Row extends object>(
  fields: readonly FieldColumn<Row>[],
): Column<Row>[] {
  return fields.filter((f) => f.table !== false);
}

/**
 * CSV columns: every declared field, in order, as its key and header (a CSV cell is the raw value).
 * @example csvColumns([{ key: 'p', header: 'Win chance', format: String }]) // [{ key: 'p', header: 'Win chance' }]
 */
export function csvColumns<Field extends { readonly key: string; readonly header: string }>(
  fields: readonly Field[],
): Pick<Field, 'key' | 'header'>[] {
  return fields.map(({ key, header }) => ({ key, header }));
}
