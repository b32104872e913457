import type { TopLevelSpec } from 'vega-lite';
import type { ChartField } from './chart-field.ts';
import { type ChartRows, frameDef, inlineRows } from './chart-frame.ts';
import { fieldRef, legendDef, positionDef } from './encode-field.ts';

/** A subset of points drawn on top and joined in x order: a Pareto frontier, the best pools. */
export interface ScatterHighlight<Row extends object> {
  readonly rows: readonly Row[];
  /** Its legend entry: "Pareto frontier". */
  readonly name: string;
  /** Join the points with a line in x order (default true). */
  readonly line?: boolean;
  /** Write this field next to each highlighted point (e.g. the pool). */
  readonly label?: keyof Row & string;
}

/** Options of {@link scatterChart}. */
export interface ScatterChartOptions<Row extends object> extends ChartRows<Row> {
  /** Horizontal field; quantitative unless its `type` says otherwise. */
  readonly x: ChartField<Row>;
  /** Vertical field; quantitative unless its `type` says otherwise. */
  readonly y: ChartField<Row>;
  /** Colour points by this field (nominal or ordinal). */
  readonly color?: ChartField<Row>;
  /** Legend entry of the points when there is a highlight but no `color` (default "Others"). */
  readonly name?: string;
  /** Write this field next to every point. */
  readonly label?: keyof Row & string;
  readonly highlight?: ScatterHighlight<Row>;
}

/**
 * A scatter chart of x against y, with an optional highlighted subset drawn on top, e.g. every
 * legal pool by Aura cost and win chance with its Pareto frontier as a line.
 * @example scatterChart({ title: 'Which pools are worth their Aura?', rows: pools,
 *   x: { field: 'auraCost', title: 'Aura spent', format: 'd' },
 *   y: percentField('winChance', 'Win chance'),
 *   highlight: { rows: frontier, name: 'Pareto frontier', label: 'pool' } })
 * // not run: rows stand for the caller's data (test/report/charts.test.ts draws it)
 */
export function scatterChart<Row extends object>(options: ScatterChartOptions<Row>): TopLevelSpec {
  const { color, highlight } = options;
  const colour = color
    ? legendDef(color, 'nominal')
    : highlight
      ? { datum: options.name ?? 'Others', type: 'nominal' as const }
      : undefined;
  const points = {
    mark: { type: 'point' as const, ...(highlight ? { opacity: 0.55 } : {}) },
    ...(colour ? { encoding: { color: colour } } : {}),
  };
  const layers: object[] = [points];
  if (options.label) layers.push(labelLayer(options.label));
  if (highlight) {
    const mark = highlight.line === false ? 'point' : 'line';
    layers.push({
      data: inlineRows(highlight.rows),
      layer: [
        {
          mark:
            mark === 'line'
              ? { type: 'line', point: { size: 80, filled: true }, strokeWidth: 2.5 }
              : { type: 'point', size: 80, filled: true },
          encoding: { color: { datum: highlight.name, type: 'nominal' } },
        },
        ...(highlight.label ? [labelLayer(highlight.label)] : []),
      ],
    });
  }
  return {
    ...frameDef(options),
    encoding: {
      x: positionDef(options.x, 'quantitative'),
      y: positionDef(options.y, 'quantitative'),
    },
    layer: layers,
  } as TopLevelSpec;
}

function labelLayer(field: string) {
  return {
    mark: { type: 'text', align: 'left', baseline: 'middle', dx: 7, fontSize: 11 },
    encoding: { text: { field: fieldRef(field) }, color: { value: '#333333' } },
  };
}
