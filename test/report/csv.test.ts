import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/report/csv.ts';

/** A strict RFC 4180 reader (CRLF records, "" escapes quotes): the oracle toCsv must satisfy. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${text[i]} at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else throw new Error(`expected , or CRLF at ${i}`);
  }
  if (record.length) throw new Error('last record has no CRLF');
  return records;
}

interface Row {
  pool: string;
  challenge: number;
  winChance: number;
}
const columns = [
  { key: 'pool', header: 'Pool' },
  { key: 'challenge', header: 'Challenge' },
  { key: 'winChance', header: 'Win chance', format: () => 'ignored' },
] as const;

describe('toCsv', () => {
  it('writes a header row of keys, then the rows in column order, unrounded', () => {
    const text = toCsv<Row>(
      [
        { winChance: 1 / 3, challenge: 3, pool: 'd12 d4' },
        { winChance: 1e-12, challenge: 10, pool: 'd6, "plain"' },
      ],
      columns,
    );
    expect(text).toBe(
      'pool,challenge,winChance\r\n' +
        'd12 d4,3,0.3333333333333333\r\n' +
        '"d6, ""plain""",10,1e-12\r\n',
    );
  });

  it('can head the columns with their human headers', () => {
    expect(toCsv<Row>([], columns, { header: 'headers' })).toBe('Pool,Challenge,Win chance\r\n');
  });

  it('writes bigints whole, booleans as words, missing values as empty cells', () => {
    const text = toCsv<{ w?: bigint; ok: boolean }>(
      [{ w: 2n ** 70n, ok: true }, { ok: false }],
      [
        { key: 'w', header: 'W' },
        { key: 'ok', header: 'OK' },
      ],
    );
    expect(parseCsv(text)).toEqual([
      ['w', 'ok'],
      ['1180591620717411303424', 'true'],
      ['', 'false'],
    ]);
  });

  it('round-trips any text and any finite double through an RFC 4180 reader', () => {
    const row = fc.record({
      pool: fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é', '≥', 'x') }),
      challenge: fc.integer({ min: -1000, max: 1000 }),
      winChance: fc.double({ noNaN: true, noDefaultInfinity: true }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const parsed = parseCsv(toCsv<Row>(rows, columns));
        expect(parsed[0]).toEqual(['pool', 'challenge', 'winChance']);
        expect(parsed.slice(1)).toEqual(
          rows.map((r) => [r.pool, String(r.challenge), String(r.winChance)]),
        );
        parsed.slice(1).forEach((cells, i) => {
          // The same double back (=== also equates -0, which is written as "0").
          expect(Number(cells[2]) === rows[i]!.winChance).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
