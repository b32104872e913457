import { formatCell } from '../format/format-cell.ts';
import type { Column } from './column.ts';

/** A table as text, ready to lay out in a terminal or an HTML page. */
export interface TableCells {
  readonly headers: readonly string[];
  /** One array of cell texts per row, in column order. */
  readonly rows: readonly (readonly string[])[];
  /** Per column: right-aligned (numbers) or not. */
  readonly alignRight: readonly boolean[];
}

/**
 * The text of every cell: each column's `format` (or {@link formatCell}) applied to its field,
 * and each column's alignment (explicit, or right when every value is a number). O(rows × columns).
 * @example tableCells([{ key: 'c', header: 'C' }], [{ c: 3 }])
 * // { headers: ['C'], rows: [['3']], alignRight: [true] }
 */
export function tableCells<Row extends object>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
): TableCells {
  return {
    headers: columns.map((column) => column.header),
    rows: rows.map((row) =>
      columns.map((column) => {
        return columnFormat(column)(row[column.key], row);
      }),
    ),
    alignRight: columns.map(
      (column) =>
        column.align === 'right' ||
        (column.align === undefined &&
          rows.length > 0 &&
          rows.every((row) => isNumeric(row[column.key]))),
    ),
  };
}

/**
 * How a column's values read in a table: its `format`, or {@link formatCell} when it has none
 * (also for a field no column shows). A table that shows a value of its own in a column's place
 * (a what-if's other run, its change) reads it so too.
 * @example columnFormat({ key: 'x', header: 'X', format: (x) => x.toFixed(3) })(1, { x: 1 }) // "1.000"
 * @example columnFormat(undefined)(2 / 3, {}) // "0.666667"
 */
export function columnFormat<Row extends object>(
  column: Column<Row> | undefined,
): (value: unknown, row: Row) => string {
  return (column?.format as ((value: unknown, row: Row) => string) | undefined) ?? formatCell;
}

function isNumeric(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'bigint' || value == null;
}
