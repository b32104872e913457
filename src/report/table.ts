import type { Column } from './column.ts';
import { tableCells } from './table-cells.ts';

/** Options of {@link formatTable}. */
export interface TableOptions {
  /** A line printed above the table (e.g. the question it answers); none by default. */
  readonly title?: string;
  /** Spaces between columns; default 2. */
  readonly gap?: number;
}

/**
 * A plain-text table for terminals and pipes: a header line, a rule of dashes, one line per
 * row; numbers right-aligned, text left-aligned; no colour codes, no trailing spaces, no final
 * newline. Line breaks and tabs inside cells become spaces. O(rows × columns).
 * @example formatTable([{ key: 'n', header: 'N' }, { key: 'name', header: 'Die' }],
 *   [{ n: 6, name: 'd6' }, { n: 12, name: 'd12' }])
 * // " N  Die\n--  ---\n 6  d6\n12  d12"
 */
export function formatTable<Row extends object>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  options: TableOptions = {},
): string {
  const gap = ' '.repeat(options.gap ?? 2);
  const table = tableCells(columns, rows);
  const headers = table.headers.map(oneLine);
  const cells = table.rows.map((line) => line.map(oneLine));
  const widths = headers.map((header, c) =>
    Math.max(width(header), ...cells.map((line) => width(line[c]!))),
  );
  const pad = (text: string, c: number) => {
    const fill = ' '.repeat(widths[c]! - width(text));
    return table.alignRight[c] ? fill + text : text + fill;
  };
  const line = (texts: string[]) => texts.map(pad).join(gap).trimEnd();
  const lines = [line(headers), widths.map((w) => '-'.repeat(w)).join(gap), ...cells.map(line)];
  if (options.title !== undefined) lines.unshift(oneLine(options.title));
  return lines.join('\n');
}

function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ');
}

/** Width in terminal columns, counting code points (so "≥" and "½" count as one). */
function width(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
