import type { TopLevelSpec } from 'vega-lite';
import { CATEGORY_COLOURS, DASH_PATTERNS, SERIES_SHAPES } from '../chart-theme.ts';
import type { ChartField } from './chart-field.ts';
import { type ChartRows, frameDef } from './chart-frame.ts';
import { fieldRef, legendDef, positionDef } from './encode-field.ts';

/** Options of {@link lineChart}. */
export interface LineChartOptions<Row extends object> extends ChartRows<Row> {
  /** Horizontal field; quantitative unless its `type` says otherwise. */
  readonly x: ChartField<Row>;
  /** Vertical field; quantitative unless its `type` says otherwise. */
  readonly y: ChartField<Row>;
  /**
   * One line per value of this field, coloured and in the legend; nominal by default. Past the
   * palette's colours, each round of colours has its own point shape (see SERIES_SHAPES).
   */
  readonly color?: ChartField<Row>;
  /**
   * One line per value of this field too, told by its dash pattern in a legend of its own
   * (the tags, when colour is the Challenge); at most {@link DASH_PATTERNS}' length of values.
   */
  readonly dash?: ChartField<Row>;
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
  const { x, y, color, dash, band } = options;
  const colour = color ? colourDefs(color, options.rows) : {};
  const dashes = dash
    ? {
        strokeDash: {
          ...legendDef(dash, 'nominal', { range: DASH_PATTERNS.map((d) => [...d]) }),
          // A stroke long enough to show its pattern (the default, 10 pixels, shows one dash).
          legend: {
            ...legendDef(dash, 'nominal').legend,
            symbolType: 'stroke',
            symbolSize: 900,
            symbolStrokeWidth: 2,
          },
        },
      }
    : {};
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
    encoding: { x: positionDef(x, 'quantitative'), ...colour, ...dashes },
    layer: layers,
  };
}

/**
 * The colour channel of `field`; with more values than colours, a shape channel on it too,
 * one shape per round of colours, both over the same ordered domain so the nth value gets
 * colour n mod 8 and shape ⌊n / 8⌋, and one legend shows both.
 */
function colourDefs<Row extends object>(field: ChartField<Row>, rows: readonly Row[]) {
  const colour = legendDef(field, 'nominal');
  const domain = field.domain ? [...field.domain] : legendOrder(field, rows);
  if (domain.length <= CATEGORY_COLOURS.length) return { color: colour };
  const range = domain.map(
    (_, i) => SERIES_SHAPES[Math.floor(i / CATEGORY_COLOURS.length) % SERIES_SHAPES.length]!,
  );
  return {
    color: { ...colour, scale: { ...colour.scale, domain } },
    shape: { ...colour, scale: { domain, range } },
  };
}

/** The values of `field` in its legend's order: as in the data, or sorted. */
function legendOrder<Row extends object>(field: ChartField<Row>, rows: readonly Row[]) {
  const values = [...new Set(rows.map((r) => r[field.field] as unknown as string | number))];
  if (field.sort === 'data') return values;
  const ascending = values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return field.sort === 'descending' ? ascending.reverse() : ascending;
}
