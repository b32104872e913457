import { invalid } from '../input/input-error.ts';

/** The four files one chart is written as, next to each other. */
export interface ChartFileNames {
  readonly csv: string;
  readonly vlJson: string;
  readonly svg: string;
  readonly png: string;
}

const STEM = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** What a chart's name may hold: a plain file stem (no folder, no space). */
export const CHART_NAME_ALLOWED =
  'letters, digits, ".", "_" and "-", starting with a letter or digit';

/**
 * True when `name` may name a chart's files (see {@link CHART_NAME_ALLOWED}).
 * @example isChartName('../up') // false
 */
export function isChartName(name: string): boolean {
  return STEM.test(name) && !name.includes('..');
}

/**
 * The file names of a chart called `name`: its data, its Vega-Lite spec, its SVG and its PNG.
 * @throws InputError when the name is not {@link isChartName}.
 * @example chartFileNames('win-by-challenge').vlJson // "win-by-challenge.vl.json"
 */
export function chartFileNames(name: string): ChartFileNames {
  if (!isChartName(name)) throw invalid('chart name', name, CHART_NAME_ALLOWED);
  return { csv: `${name}.csv`, vlJson: `${name}.vl.json`, svg: `${name}.svg`, png: `${name}.png` };
}
