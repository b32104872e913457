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

/** The top-level properties shared by every dicelab spec: schema, title, size, theme. */
export function frameDef(frame: ChartFrame) {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: titleDef(frame.title, frame.subtitle),
    width: frame.width ?? CHART_SIZE.width,
    height: frame.height ?? CHART_SIZE.height,
    config: chartTheme,
  };
}

/** Rows inlined as `data.values`, each copied so the spec never shares objects with the caller. */
export function inlineRows<Row extends object>(rows: readonly Row[]) {
  return { values: rows.map((row) => ({ ...row })) };
}
