// Zi'Dara's analyses for people: `<analysis>-chart.ts` builds each chart (a pure Vega-Lite
// spec) and names its table and CSV columns; `analysisOutput` draws an analysis' result as a
// chart, a table and findings; `DEFAULT_REPORT` is the built-in report's list of jobs.

export { ADVANTAGE_COLUMNS, ADVANTAGE_CSV_COLUMNS, advantageChart } from './advantage-chart.ts';
export { type AnalysisOutput, analysisOutput } from './analysis-output.ts';
export { DEFAULT_REPORT } from './default-report.ts';
export { describeSetup } from './describe-setup.ts';
export {
  FISHING_COLUMNS,
  FISHING_CSV_COLUMNS,
  type FishingChartContext,
  fishingChart,
} from './fishing-chart.ts';
export { formatPoints } from './format-points.ts';
export {
  REROLL_NAMES,
  REROLLS_COLUMNS,
  REROLLS_CSV_COLUMNS,
  rerollsChart,
} from './rerolls-chart.ts';
export {
  OBJECTIVE_NAMES,
  SPLITS_CSV_COLUMNS,
  type SplitsChartContext,
  splitsChart,
  splitsColumns,
} from './splits-chart.ts';
export { POOL_RULE_NAMES, TUNE_COLUMNS, TUNE_CSV_COLUMNS, tuneChart } from './tune-chart.ts';
export { withSubtitle } from './with-subtitle.ts';
