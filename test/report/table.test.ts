import { describe, expect, it } from 'vitest';
import { formatCell } from '../../src/format/format-cell.ts';
import { formatPercent } from '../../src/format/format-percent.ts';
import { formatProbability } from '../../src/format/format-probability.ts';
import type { Column } from '../../src/report/column.ts';
import { formatTable } from '../../src/report/table.ts';

interface Row {
  pool: string;
  challenge: number;
  winChance: number;
}

const columns: Column<Row>[] = [
  { key: 'pool', header: 'Pool' },
  { key: 'challenge', header: 'C' },
  { key: 'winChance', header: 'Win chance', format: (p) => formatPercent(p) },
];
const rows: Row[] = [
  { pool: 'd12 d4', challenge: 3, winChance: 0.6234 },
  { pool: 'd6', challenge: 10, winChance: 0.05 },
];

describe('formatTable', () => {
  it('right-aligns numbers, left-aligns text, and draws a rule under the header', () => {
    expect(formatTable(columns, rows)).toBe(
      [
        'Pool     C  Win chance',
        '------  --  ----------',
        'd12 d4   3       62.3%',
        'd6      10        5.0%',
      ].join('\n'),
    );
  });

  it('puts the title on its own first line', () => {
    const lines = formatTable(columns, rows, { title: 'How likely is a win?' }).split('\n');
    expect(lines[0]).toBe('How likely is a win?');
    expect(lines[1]).toMatch(/^Pool/);
    expect(lines).toHaveLength(5);
  });

  it('has no colour codes, no trailing spaces and no final newline', () => {
    const text = formatTable(columns, rows, { title: 'T' });
    expect(text.includes('\u001b')).toBe(false);
    for (const line of text.split('\n')) expect(line).toBe(line.trimEnd());
    expect(text.endsWith('\n')).toBe(false);
  });

  it('keeps every line of a cell on one line and counts wide symbols as one column', () => {
    const text = formatTable(
      [
        { key: 'a', header: 'A' },
        { key: 'b', header: 'B' },
      ],
      [
        { a: 'two\nlines', b: '≥½' },
        { a: 'x', b: 'yy' },
      ],
      { gap: 1 },
    );
    expect(text.split('\n')).toEqual([
      'A         B',
      '--------- --',
      'two lines ≥½',
      'x         yy',
    ]);
  });

  it('prints only the header and rule when there are no rows', () => {
    expect(formatTable(columns, [])).toBe('Pool  C  Win chance\n----  -  ----------');
  });

  it('honours an explicit alignment and formats bigints and missing values', () => {
    const text = formatTable<{ id: string; w?: bigint }>(
      [
        { key: 'id', header: 'id', align: 'right' },
        { key: 'w', header: 'weight' },
      ],
      [{ id: 'a', w: 12345678901234567890n }, { id: 'bb' }],
    );
    expect(text.split('\n')).toEqual([
      'id                weight',
      '--  --------------------',
      ' a  12345678901234567890',
      'bb',
    ]);
  });

  it('gives the formatter the whole row', () => {
    const text = formatTable<Row>(
      [{ key: 'pool', header: 'Roll', format: (pool, row) => `${pool} vs C${row.challenge}` }],
      rows,
    );
    expect(text.split('\n')[2]).toBe('d12 d4 vs C3');
  });
});

describe('formatPercent', () => {
  it('rounds to the given decimals', () => {
    expect(formatPercent(0.6234)).toBe('62.3%');
    expect(formatPercent(1 / 3, 2)).toBe('33.33%');
    // Short of certain is never 100%, possible is never 0%.
    expect(formatPercent(0.998, 0)).toBe('> 99%');
    expect(formatPercent(0.99999, 2)).toBe('> 99.99%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(0.00001)).toBe('< 0.1%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(1, 0)).toBe('100%');
    expect(formatPercent(0.99996, 1)).toBe('> 99.9%');
  });
  it('never shows a negative zero and says n/a for non-numbers', () => {
    expect(formatPercent(-1e-9)).toBe('0.0%');
    expect(formatPercent(Number.NaN)).toBe('n/a');
  });
});

describe('formatProbability', () => {
  it('uses fixed decimals, switching to scientific notation only for tiny non-zero chances', () => {
    expect(formatProbability(0.623456)).toBe('0.6235');
    expect(formatProbability(0)).toBe('0.0000');
    expect(formatProbability(0.0000123)).toBe('1.2e-5');
    expect(formatProbability(0.00005)).toBe('0.0001');
    expect(formatProbability(0.5, 2)).toBe('0.50');
  });
});

describe('formatCell', () => {
  it('shows integers whole and other numbers to 6 significant digits', () => {
    expect(formatCell(42)).toBe('42');
    expect(formatCell(2 / 3)).toBe('0.666667');
    expect(formatCell(null)).toBe('');
    expect(formatCell(true)).toBe('true');
    expect(formatCell({ a: 1 })).toBe('{"a":1}');
  });
});
