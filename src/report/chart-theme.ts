import type { Config } from 'vega-lite';

/** The one font of every chart: DejaVu Sans, which the PNG renderer loads from npm. */
export const CHART_FONT = 'DejaVu Sans';

/**
 * Okabe & Ito's colour-blind-safe palette, darkest-on-white first (the yellow, hard to see
 * on white, comes last but one).
 */
export const CATEGORY_COLOURS: readonly string[] = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#F0E442',
  '#000000',
];

/**
 * The point shapes of a line chart with more series than {@link CATEGORY_COLOURS}: the colours
 * come round again, each round with the next shape, so 64 series never look alike (an
 * advantage chart's 50 Challenges fit).
 */
export const SERIES_SHAPES: readonly string[] = [
  'circle',
  'square',
  'triangle-up',
  'diamond',
  'cross',
  'triangle-down',
  'triangle-left',
  'triangle-right',
];

/**
 * The dash patterns of a line chart's second series field, solid first: long enough to read
 * apart in a PNG at a 2-pixel stroke (Vega-Lite's own, [4, 2]…, blur into one).
 */
export const DASH_PATTERNS: readonly (readonly number[])[] = [
  [1, 0],
  [10, 5],
  [2, 4],
  [12, 4, 3, 4],
  [20, 6],
];

/** Sequential colour scheme of heatmaps: viridis, readable in grey and by colour-blind eyes. */
export const SEQUENTIAL_SCHEME = 'viridis';

/** Default plot size in pixels (the data rectangle, without axes and legend). */
export const CHART_SIZE = { width: 600, height: 340 } as const;

/**
 * The Vega-Lite `config` every dicelab chart carries: one font everywhere, sizes readable on
 * a laptop and in a PNG at 2×, a colour-blind-safe palette, a white background.
 */
export const chartTheme: Config = {
  background: 'white',
  font: CHART_FONT,
  padding: 12,
  title: { fontSize: 17, subtitleFontSize: 13, anchor: 'start', offset: 12, subtitlePadding: 4 },
  axis: {
    labelFontSize: 12,
    titleFontSize: 13,
    titleFontWeight: 'normal',
    titlePadding: 10,
    gridColor: '#e4e4e4',
    domainColor: '#888888',
    tickColor: '#888888',
    labelLimit: 220,
  },
  // Vega-Lite turns discrete x labels on their side; "C3 (d6)" and pool names read level.
  axisXDiscrete: { labelAngle: 0 },
  legend: {
    labelFontSize: 12,
    titleFontSize: 13,
    titleFontWeight: 'normal',
    labelLimit: 220,
    symbolOpacity: 1,
  },
  header: { labelFontSize: 12, titleFontSize: 13 },
  text: { fontSize: 11 },
  range: {
    category: [...CATEGORY_COLOURS],
    heatmap: { scheme: SEQUENTIAL_SCHEME },
    ramp: { scheme: SEQUENTIAL_SCHEME },
  },
  mark: { color: CATEGORY_COLOURS[0] },
  line: { strokeWidth: 2 },
  point: { size: 50, filled: true },
  view: { stroke: '#cccccc' },
};
