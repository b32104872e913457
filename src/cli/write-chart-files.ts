import type { TopLevelSpec } from 'vega-lite';
import { type ChartFileNames, chartFileNames } from '../report/chart-file-names.ts';
import type { Column } from '../report/column.ts';
import { type FileToWrite, writeFilesAtomically } from './write-files.ts';

/** A chart and the rows behind it, as {@link writeChartFiles} takes them. */
export interface ChartFiles<Row extends object> {
  readonly spec: TopLevelSpec;
  readonly rows: readonly Row[];
  readonly columns: readonly Pick<Column<Row>, 'key' | 'header'>[];
  /** PNG pixels per SVG pixel (default 2). */
  readonly pngScale?: number;
  /** Called with each Vega-Lite warning while drawing. */
  readonly onWarning?: (message: string) => void;
}

/**
 * Draws one chart as four files, nothing written: `<name>.csv` (the rows), `<name>.vl.json` (the
 * spec), `<name>.svg` and `<name>.png`. A command writing several charts draws them all and
 * writes every file in one {@link writeFilesAtomically} batch, so a failure leaves no file of any.
 * Returns the files to write, their names and the SVG (for inlining in a report page).
 * @example await drawChartFiles('win-by-challenge', { spec, rows, columns }) // not run: loads the renderer (test/cli/write-chart-files.test.ts)
 */
export async function drawChartFiles<Row extends object>(
  name: string,
  chart: ChartFiles<Row>,
): Promise<{ toWrite: FileToWrite[]; files: ChartFileNames; svg: string }> {
  // Vega, the fonts and the rasteriser load here, for the commands that draw, not at start-up.
  const [{ toCsv }, { renderSvg, svgToPng }] = await Promise.all([
    import('../report/csv.ts'),
    import('../report/render.ts'),
  ]);
  const files = chartFileNames(name);
  const svg = await renderSvg(chart.spec, chart.onWarning ? { onWarning: chart.onWarning } : {});
  const toWrite = [
    { name: files.csv, content: toCsv(chart.rows, chart.columns) },
    { name: files.vlJson, content: `${JSON.stringify(chart.spec, null, 2)}\n` },
    { name: files.svg, content: svg },
    { name: files.png, content: svgToPng(svg, chart.pngScale) },
  ];
  return { toWrite, files, svg };
}

/**
 * Writes one chart's four files (see {@link drawChartFiles}) in `dir`, the folder of `--out`:
 * everything is drawn before anything is written, and the files are written atomically, so a
 * failure leaves the folder as it was; `placed` is called once they are all in place (see
 * writeFilesAtomically). Returns the file names and the SVG.
 * @example await writeChartFiles('reports', 'win-by-challenge', { spec, rows, columns }) // not run: writes files (test/cli/write-chart-files.test.ts)
 */
export async function writeChartFiles<Row extends object>(
  dir: string,
  name: string,
  chart: ChartFiles<Row>,
  placed: () => void = () => {},
): Promise<{ files: ChartFileNames; svg: string }> {
  const { toWrite, files, svg } = await drawChartFiles(name, chart);
  await writeFilesAtomically(dir, toWrite, undefined, placed);
  return { files, svg };
}
