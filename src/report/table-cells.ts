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
        const value = row[column.key];
        const format = column.format as ((v: unknown, r: Row) => string) | undefined;
        return format ? format(value, row) : formatCell(value);
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

function isNumeric(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'bigint' || value == null;
}
