import { CHART_SIZE, chartTheme } from '../chart-theme.ts';
import { titleDef } from './encode-field.ts';

/** What every chart builder takes besides its data and fields. */
export interface ChartFrame {
  /** The question the chart answers: "How often does each pool beat the Challenge?" */
  readonly title: string;
  /** A smaller line under the title: the rules, the run, the sample size… */
  readonly subtitle?: string;
  /** Width of the plot in pixels (default 600). */
  readonly width?: number;
  /** Height of the plot in pixels (default 340). */
  readonly height?: number;
}

/** What every chart builder takes: its rows and its frame. */
export interface ChartRows<Row extends object> extends ChartFrame {
  readonly rows: readonly Row[];
}

/**
 * The top-level properties shared by every dicelab chart, in the order they are written:
 * schema, title, size, theme, and the rows inlined as its data.
 */
export function frameDef<Row extends object>(chart: ChartRows<Row>) {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: titleDef(chart.title, chart.subtitle),
    width: chart.width ?? CHART_SIZE.width,
    height: chart.height ?? CHART_SIZE.height,
    config: chartTheme,
    data: inlineRows(chart.rows),
  };
}

/** Rows inlined as `data.values`, each copied so the spec never shares objects with the caller. */
export function inlineRows<Row extends object>(rows: readonly Row[]) {
  return { values: rows.map((row) => ({ ...row })) };
}
