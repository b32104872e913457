import type { TopLevelSpec } from 'vega-lite';
import type { ChartField } from './chart-field.ts';
import { type ChartRows, frameDef } from './chart-frame.ts';
import { fieldRef, legendDef, positionDef } from './encode-field.ts';

/** Options of {@link lineChart}. */
export interface LineChartOptions<Row extends object> extends ChartRows<Row> {
  /** Horizontal field; quantitative unless its `type` says otherwise. */
  readonly x: ChartField<Row>;
  /** Vertical field; quantitative unless its `type` says otherwise. */
  readonly y: ChartField<Row>;
  /** One line per value of this field, coloured and in the legend; nominal by default. */
  readonly color?: ChartField<Row>;
  /** A shaded band from `lower` to `upper` around each line (e.g. a 95% interval). */
  readonly band?: { readonly lower: keyof Row & string; readonly upper: keyof Row & string };
  /** Mark each data point with a dot (default true). */
  readonly points?: boolean;
}

/**
 * A line chart: how `y` changes with `x`, one line per `color` value, with an optional
 * confidence band. The rows are inlined as `data.values`.
 * @example lineChart({ title: 'How does the win chance fall as the Challenge rises?',
 *   rows, x: challengeField('challenge'), y: percentField('winChance', 'Win chance'),
 *   color: { field: 'pool', title: 'Pool' } })
 * // not run: rows stand for the caller's data (test/report/charts.test.ts draws it)
 */
export function lineChart<Row extends object>(options: LineChartOptions<Row>): TopLevelSpec {
  const { x, y, color, band } = options;
  const colour = color ? { color: legendDef(color, 'nominal') } : {};
  const line = {
    mark: { type: 'line' as const, point: options.points ?? true },
    encoding: { y: positionDef(y, 'quantitative') },
  };
  // The line layer comes first so the legend shows lines, not the pale band drawn over them.
  const layers = band
    ? [
        line,
        {
          mark: { type: 'area' as const, opacity: 0.2 },
          encoding: {
            y: { field: fieldRef(band.lower), type: 'quantitative' as const },
            y2: { field: fieldRef(band.upper) },
          },
        },
      ]
    : [line];
  return {
    ...frameDef(options),
    encoding: { x: positionDef(x, 'quantitative'), ...colour },
    layer: layers,
  };
}
