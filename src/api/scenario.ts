/**
 * `dicelab/scenario`: scenario files (what a game should feel like, in YAML) loaded and checked
 * from code, as `dicelab check` does: every expectation judged (exact figures within 1e-9,
 * simulated ones on their 99.9% interval, inconclusive rather than a guess), every figure
 * compared with the baseline. `checkScenarioFiles` returns the verdicts and exit status
 * `check` prints; `checkTable`, `checkMarkdown` and `checkJunit` lay them out as `check` does
 * (its terminal table, `check.md`, `check.junit.xml`). The file format: docs/scenarios.md, and
 * its JSON Schema at `dicelab/scenario-schema.json`.
 * @packageDocumentation
 */

// Thrown for a bad argument (a bad baseline too): exported beside ScenarioError, where it is caught.
export { InputError } from '../input/input-error.ts';
export {
  type Baseline,
  type BaselineComparison,
  type BaselineFigure,
  type BaselineFile,
  changesSinceBaseline,
  type FigureMove,
  type FigurePosition,
  type FigureRecord,
  type FigureRecordedDifferently,
  type FileUnderAnotherName,
  formatBaseline,
  parseBaseline,
  pathFromBaseline,
  type SimulatedComparison,
  updateBaseline,
} from '../scenario/baseline.ts';
export { checkJunit } from '../scenario/check-junit.ts';
export { checkMarkdown } from '../scenario/check-markdown.ts';
// Named in the results below (CheckResult's fields, a loaded scenario's plan): a consumer names them.
export type { CheckScenario } from '../scenario/check-scenario-schema.ts';
export type { FalseAlarmBudget, SimulatedFigure } from '../scenario/check-scenarios.ts';
export {
  type CheckOptions,
  type CheckProgress,
  type CheckResult,
  checkScenarios,
  type ExpectationResult,
  type FileCheck,
} from '../scenario/check-scenarios.ts';
export { checkCounts, checkTable, rerecordCommand } from '../scenario/check-table.ts';
export type { FigureUnit, ScenarioAnalysisName } from '../scenario/figure-catalogue.ts';
export type { Estimate, Verdict } from '../scenario/judge.ts';
export {
  formatProblem,
  type LoadedScenario,
  parseScenario,
  ScenarioError,
  type ScenarioParse,
  type ScenarioProblem,
} from '../scenario/load-scenario.ts';
export type { AnalysisNames, PlannedAnalysis } from '../scenario/plan-analysis.ts';
export type {
  Bound,
  Direction,
  GridLine,
  PlannedExpectation,
  ScenarioPlan,
} from '../scenario/plan-scenario.ts';
export type {
  CheckFigure,
  FigureMethod,
  FigureRef,
  FigureSpec,
  RollDice,
} from '../scenario/resolve-figure.ts';
export {
  BASELINE_FILE,
  type CheckFilesOptions,
  checkScenarioFiles,
  loadScenarioFiles,
  readBaseline,
  SCENARIO_DIR,
  SCENARIO_EXTENSIONS,
} from '../scenario/scenario-files.ts';
export { scenarioSchemaText } from '../scenario/scenario-schema-text.ts';
export type { FigureName } from '../scenario/schema.ts';
export {
  type Analysis,
  type Character,
  SCENARIO_DEFAULTS,
  SCENARIO_LIMITS,
  type Scenario,
  type Threat,
} from '../scenario/schema.ts';
export type { CheckSystemName } from '../systems/systems.ts';
