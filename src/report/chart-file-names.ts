import { invalid } from '../input/input-error.ts';

/** The four files one chart is written as, next to each other. */
export interface ChartFileNames {
  readonly csv: string;
  readonly vlJson: string;
  readonly svg: string;
  readonly png: string;
}

const STEM = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The file names of a chart called `name`: its data, its Vega-Lite spec, its SVG and its PNG.
 * The name must be a plain file stem (letters, digits, `.`, `_`, `-`; no folder, no space);
 * `field` is what a refusal names (the flag or field that gave it).
 * @example chartFileNames('win-by-challenge').vlJson // "win-by-challenge.vl.json"
 */
export function chartFileNames(name: string, field = 'chart name'): ChartFileNames {
  if (!STEM.test(name) || name.includes('..'))
    throw invalid(
      field,
      name,
      'letters, digits, ".", "_" and "-", starting with a letter or digit',
    );
  return { csv: `${name}.csv`, vlJson: `${name}.vl.json`, svg: `${name}.svg`, png: `${name}.png` };
}
