import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeChartFiles } from '../../src/cli/write-chart-files.ts';
import { InputError } from '../../src/input/input-error.ts';
import { challengeField, percentField } from '../../src/report/charts/chart-field.ts';
import { lineChart } from '../../src/report/charts/line-chart.ts';
import { type OddsRow, oddsRows } from '../report/chart-rows.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicelab-chart-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const spec = lineChart<OddsRow>({
  title: 'How does the win chance fall as the Challenge rises?',
  rows: oddsRows,
  x: challengeField('challenge'),
  y: percentField('winChance', 'Win chance'),
  color: { field: 'pool', title: 'Pool' },
});
const columns = [
  { key: 'pool', header: 'Pool' },
  { key: 'challenge', header: 'Challenge' },
  { key: 'winChance', header: 'Win chance' },
] as const;

describe('writeChartFiles', () => {
  it('writes the CSV, the spec, the SVG and the PNG of a chart', async () => {
    const { files, svg } = await writeChartFiles(dir, 'win-by-challenge', {
      spec,
      rows: oddsRows,
      columns,
    });
    expect((await readdir(dir)).sort()).toEqual([
      'win-by-challenge.csv',
      'win-by-challenge.png',
      'win-by-challenge.svg',
      'win-by-challenge.vl.json',
    ]);
    const csv = await readFile(join(dir, files.csv), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('pool,challenge,winChance');
    expect(csv.split('\r\n')).toHaveLength(oddsRows.length + 2);
    expect(JSON.parse(await readFile(join(dir, files.vlJson), 'utf8'))).toEqual(spec);
    expect(await readFile(join(dir, files.svg), 'utf8')).toBe(svg);
    expect(svg).toContain('>C3 (d6)</text>');
    const png = await readFile(join(dir, files.png));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('writes nothing when the chart cannot be drawn or the name is bad', async () => {
    const broken = {
      data: { values: [] },
      mark: 'point',
      encoding: { x: { field: 'a', type: 'x' } },
    };
    await expect(
      writeChartFiles(dir, 'broken', { spec: broken as never, rows: [], columns: [] }),
    ).rejects.toThrow();
    await expect(writeChartFiles(dir, '../up', { spec, rows: oddsRows, columns })).rejects.toThrow(
      InputError,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
