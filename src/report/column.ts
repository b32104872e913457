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
