import type { TopLevelSpec } from 'vega-lite';
import type { ChartField } from './chart-field.ts';
import { type ChartRows, frameDef } from './chart-frame.ts';
import { fieldRef, legendDef, positionDef } from './encode-field.ts';

/** Options of {@link barChart}. */
export interface BarChartOptions<Row extends object> extends ChartRows<Row> {
  /** The category of each bar (pool, outcome…); nominal unless its `type` says otherwise. */
  readonly category: ChartField<Row>;
  /** The bar length; quantitative, from zero. */
  readonly value: ChartField<Row>;
  /** Bars side by side within each category, one per value of this field; nominal by default. */
  readonly color?: ChartField<Row>;
  /** Bars run left to right with categories down the side (default false: upright bars). */
  readonly horizontal?: boolean;
  /**
   * Print each bar's value at its end, formatted with `value.format` (default false); on
   * horizontal bars the colour legend then stands above the plot, clear of them.
   */
  readonly labels?: boolean;
}

/**
 * A bar chart: one bar per row, grouped side by side when `color` splits a category, e.g.
 * the distribution of a roll or the win chance of each pool.
 * @example barChart({ title: 'What does 2d6 roll?', rows,
 *   category: { field: 'total', title: 'Total', type: 'ordinal' },
 *   value: { field: 'probability', title: 'Chance', format: '.1%' } })
 * // not run: rows stand for the caller's data (test/report/charts.test.ts draws it)
 */
export function barChart<Row extends object>(options: BarChartOptions<Row>): TopLevelSpec {
  const { category, value, color, horizontal = false } = options;
  const [along, across] = horizontal ? (['y', 'x'] as const) : (['x', 'y'] as const);
  const grouped = color && color.field !== category.field;
  const legend = color && legendDef(color, 'nominal');
  // Labels at the end of horizontal bars run past the plot's right edge, where a legend on the
  // right would sit on them ("2.16" over "Intents"): such a legend goes above the plot.
  const labelsOnRight = horizontal && options.labels;
  const encoding = {
    [along]: positionDef(category, 'nominal'),
    [across]: positionDef(value, 'quantitative'),
    ...(legend
      ? {
          color: labelsOnRight
            ? { ...legend, legend: { ...legend.legend, orient: 'top', titleOrient: 'left' } }
            : legend,
        }
      : {}),
    ...(grouped
      ? { [horizontal ? 'yOffset' : 'xOffset']: { field: fieldRef(color.field), type: 'nominal' } }
      : {}),
  };
  const bars = { mark: { type: 'bar' as const } };
  const labels = {
    mark: horizontal
      ? { type: 'text' as const, align: 'left' as const, dx: 4 }
      : { type: 'text' as const, baseline: 'bottom' as const, dy: -3 },
    encoding: {
      text: { field: fieldRef(value.field), ...(value.format ? { format: value.format } : {}) },
      color: { value: '#333333' },
    },
  };
  return {
    ...frameDef(options),
    encoding,
    layer: options.labels ? [bars, labels] : [bars],
  } as TopLevelSpec;
}
