// Scenario files and `dicelab check`: the format, loading with path:line:col problems, figures,
// expectations judged exactly or on 99.9% intervals, baselines, and the reports of a check.

export {
  type Baseline,
  type BaselineComparison,
  type BaselineFigure,
  compareToBaseline,
  type FigureMove,
  type FigureRecord,
  formatBaseline,
  parseBaseline,
  updateBaseline,
} from './baseline.ts';
export { checkJunit } from './check-junit.ts';
export { checkMarkdown } from './check-markdown.ts';
// A check, and its baseline
export {
  type CheckOptions,
  type CheckResult,
  checkScenarios,
  type ExpectationResult,
  type FileCheck,
} from './check-scenarios.ts';
// What a check prints and writes (pure: strings)
export { checkCounts, checkTable } from './check-table.ts';
// What each figure means, and each analysis' table
export {
  ANALYSIS_TABLES,
  type AnalysisName,
  type FigureInfo,
  type FigureKind,
  type FigureUnit,
  ROLL_AND_FIGHT_FIGURES,
} from './figure-catalogue.ts';
// Computing figures: exactly (cached per run) or by simulation
export { FigureSolver, selectRows } from './figure-solver.ts';
export { compact, formatBound, formatEstimate, formatFigure } from './format-figure.ts';
// Judging: bounds, differences, monotonicity, two-sample tests
export {
  CONFIDENCE,
  differenceEstimate,
  type Estimate,
  EXACT_TOLERANCE,
  exactEstimate,
  figureMoved,
  judgeBound,
  meanEstimate,
  monotoneBreak,
  proportionEstimate,
  type Verdict,
} from './judge.ts';
// Reading a file: every problem at once, each with its line and column
export {
  formatProblem,
  type LoadedScenario,
  parseScenario,
  ScenarioError,
  type ScenarioParse,
  type ScenarioProblem,
} from './load-scenario.ts';
export { type PlannedAnalysis, planAnalysis } from './plan-analysis.ts';
export {
  type Bound,
  type Direction,
  type PlannedExpectation,
  planScenario,
  type ScenarioPlan,
} from './plan-scenario.ts';
export { type FigureRef, type FigureSpec, resolveFigure } from './resolve-figure.ts';
// The analyses a scenario asks `dicelab report` for
export { scenarioReportJobs } from './scenario-report-jobs.ts';
export { scenarioSchemaText } from './scenario-schema-text.ts';
// The format: the zod schema, its types, and the JSON Schema editors read
export {
  type Analysis,
  BY,
  type Character,
  type Expectation,
  FIGURE_NAMES,
  type FigureName,
  type FigureOf,
  GRID_AXES,
  type GridAxis,
  SCENARIO_DEFAULTS,
  SCENARIO_LIMITS,
  type Scenario,
  scenarioJsonSchema,
  scenarioSchema,
  type Threat,
} from './schema.ts';
export { figureSeed, simulateFigure } from './simulate-figure.ts';
