import { describe, expect, it } from 'vitest';
import { csvColumns, type FieldColumn, tableColumns } from '../../src/report/column.ts';

type Row = { pool: string; dice: number; winChance: number };
const fields: FieldColumn<Row>[] = [
  { key: 'pool', header: 'Pool' },
  { key: 'dice', header: 'Dice', table: false },
  { key: 'winChance', header: 'Win chance', format: (p) => `${p * 100}%`, align: 'right' },
];

describe('tableColumns and csvColumns', () => {
  it('a table shows the fields not marked table: false, as declared', () => {
    expect(tableColumns(fields)).toEqual([fields[0], fields[2]]);
  });

  it('a CSV file carries every field, in order, as its key and header only', () => {
    expect(csvColumns(fields)).toEqual([
      { key: 'pool', header: 'Pool' },
      { key: 'dice', header: 'Dice' },
      { key: 'winChance', header: 'Win chance' },
    ]);
  });
});
