import type { TopLevelSpec } from 'vega-lite';
import { SEQUENTIAL_SCHEME } from '../chart-theme.ts';
import type { ChartField } from './chart-field.ts';
import { type ChartRows, frameDef } from './chart-frame.ts';
import { datumRef, fieldRef, legendDef, positionDef } from './encode-field.ts';

/** Options of {@link heatmap}. */
export interface HeatmapOptions<Row extends object> extends ChartRows<Row> {
  /** Column field; ordinal unless its `type` says otherwise. */
  readonly x: ChartField<Row>;
  /** Row field; ordinal unless its `type` says otherwise (`sort: 'descending'` puts high on top). */
  readonly y: ChartField<Row>;
  /** The numeric field shown as colour (viridis: dark is low, yellow is high). */
  readonly value: ChartField<Row>;
  /** Print each cell's value in it, formatted with `value.format` (default true). */
  readonly labels?: boolean;
}

/**
 * A heatmap: one coloured cell per (x, y) row, e.g. win chance by pool and Challenge. Cell
 * labels switch from white to black on the bright half of the scale so they stay legible.
 * @example heatmap({ title: 'Which pool wins most at each Challenge?', rows,
 *   x: challengeField('challenge'), y: { field: 'pool', title: 'Pool' },
 *   value: percentField('winChance', 'Win chance') })
 * // not run: rows stand for the caller's data (test/report/charts.test.ts draws it)
 */
export function heatmap<Row extends object>(options: HeatmapOptions<Row>): TopLevelSpec {
  const { value } = options;
  const cells = {
    mark: { type: 'rect' as const },
    encoding: {
      color: legendDef(value, 'quantitative', { scheme: SEQUENTIAL_SCHEME }),
    },
  };
  const mid = midpoint(options.rows, value);
  const percent = value.format ? /^\.(\d+)%$/.exec(value.format) : null;
  const labels = {
    mark: { type: 'text' as const, fontSize: 11 },
    ...(percent
      ? {
          transform: [
            { calculate: percentLabel(String(value.field), Number(percent[1])), as: LABEL },
          ],
        }
      : {}),
    encoding: {
      text: percent
        ? { field: LABEL, type: 'nominal' as const }
        : { field: fieldRef(value.field), ...(value.format ? { format: value.format } : {}) },
      color: {
        condition: { test: `${datumRef(value.field)} > ${mid}`, value: 'black' },
        value: 'white',
      },
    },
  };
  return {
    ...frameDef(options),
    encoding: { x: positionDef(options.x, 'ordinal'), y: positionDef(options.y, 'ordinal') },
    layer: options.labels === false ? [cells] : [cells, labels],
  };
}

const LABEL = 'cellLabel';

/**
 * A Vega expression for a chance as a cell label with `digits` decimals that, as formatPercent
 * does, never rounds a chance short of certain to 100% or a possible one to 0%.
 */
function percentLabel(field: string, digits: number): string {
  const v = datumRef(field);
  const half = 0.5 * 10 ** -(digits + 2);
  const f = `'.${digits}%'`;
  return `${v} < 1 && ${v} >= ${1 - half} ? '> ' + format(${1 - 2 * half}, ${f}) : ${v} > 0 && ${v} < ${half} ? '< ' + format(${2 * half}, ${f}) : format(${v}, ${f})`;
}

/** The middle of the colour scale: of the fixed domain if there is one, else of the data. */
function midpoint<Row extends object>(rows: readonly Row[], value: ChartField<Row>): number {
  const ends = (value.domain ?? rows.map((row) => row[value.field])).filter(
    (v): v is number => typeof v === 'number' && Number.isFinite(v),
  );
  return ends.length ? (Math.min(...ends) + Math.max(...ends)) / 2 : 0;
}
