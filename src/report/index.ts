// Tables for terminals and CSV files

export { formatCell } from '../format/format-cell.ts';
export { formatPercent } from '../format/format-percent.ts';
export { formatProbability } from '../format/format-probability.ts';
// Charts: pure builders returning Vega-Lite specs, all in one theme
export { CHALLENGE_LABEL_EXPR } from './challenge-label.ts';
// Drawing and pages
export { type ChartFileNames, chartFileNames } from './chart-file-names.ts';
export {
  CATEGORY_COLOURS,
  CHART_FONT,
  CHART_SIZE,
  chartTheme,
  SEQUENTIAL_SCHEME,
} from './chart-theme.ts';
export { type BarChartOptions, barChart } from './charts/bar-chart.ts';
export { type ChartField, challengeField, percentField } from './charts/chart-field.ts';
export type { ChartFrame, ChartRows } from './charts/chart-frame.ts';
export { type HeatmapOptions, heatmap } from './charts/heatmap.ts';
export { type LineChartOptions, lineChart } from './charts/line-chart.ts';
export {
  type ScatterChartOptions,
  type ScatterHighlight,
  scatterChart,
} from './charts/scatter-chart.ts';
export type { Column } from './column.ts';
export { type CsvOptions, toCsv } from './csv.ts';
export { type ReportLink, type ReportPage, type ReportSection, reportPage } from './html.ts';
export { FONT_FILES, type RenderOptions, renderSvg, svgToPng } from './render.ts';
export { formatTable, type TableOptions } from './table.ts';
export { type TableCells, tableCells } from './table-cells.ts';
