import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from '#zod';
import { integer } from '../input/field-schemas.ts';
import { InputError, invalid } from '../input/input-error.ts';
import { parseOptions } from '../input/library-options.ts';
import { MAX_THREADS } from '../montecarlo/chunk-plan.ts';
import { EXIT } from '../process/exit-status.ts';
import { MAX_SEED } from '../rng/index.ts';
import { formatSplit } from '../systems/zidara/roll/split.ts';
import {
  type Baseline,
  type BaselineComparison,
  changesSinceBaseline,
  type FigureRecord,
  pathFromBaseline,
} from './baseline.ts';
import { ANALYSIS_TABLES, type FigureUnit } from './figure-catalogue.ts';
import { cellKey, cellValue, FigureSolver, selectRows } from './figure-solver.ts';
import {
  boundDecimals,
  decimalsTelling,
  formatBound,
  formatEstimate,
  formatFigure,
  formatMove,
} from './format-figure.ts';
import {
  differenceEstimate,
  type Estimate,
  exactEstimate,
  falseAlarmShare,
  judgeBound,
  monotoneBreak,
  RUN_FALSE_ALARM,
  smallestDetectableMove,
  type Verdict,
} from './judge.ts';
import { type LoadedScenario, ScenarioError } from './load-scenario.ts';
import { analysisProblem, type PlannedAnalysis } from './plan-analysis.ts';
import type { Bound, PlannedExpectation } from './plan-scenario.ts';
import { type FigureRef, located } from './resolve-figure.ts';
import { SCENARIO_LIMITS } from './schema.ts';
import { simulateFigure } from './simulate-figure.ts';

/** The bounds of a check's seed and trials cap: `check`'s and `baseline`'s flags, the library's options. */
export const CHECK_RUN_LIMITS = {
  seed: { min: 0, max: MAX_SEED },
  // The bounds of a scenario's own `simulation.maxTrials`, which the cap may only lower.
  maxTrials: { min: SCENARIO_LIMITS.minTrials, max: SCENARIO_LIMITS.maxTrials },
} as const;

/**
 * `check`'s and `baseline`'s `--max-trials`, said alike: what the cap does to a scenario's own.
 */
export const MAX_TRIALS_HELP =
  "cap on a simulated figure's trials, below the scenarios' own simulation.maxTrials";

/** The options of a check's run, as the library takes them (`checkScenarioFiles` too). */
export const CHECK_RUN_OPTION_SHAPE = {
  seed: integer(CHECK_RUN_LIMITS.seed.min, CHECK_RUN_LIMITS.seed.max).optional(),
  maxTrials: integer(CHECK_RUN_LIMITS.maxTrials.min, CHECK_RUN_LIMITS.maxTrials.max).optional(),
  threads: integer(1, MAX_THREADS).optional(),
  onProgress: z
    .custom<(line: string) => void>((v) => typeof v === 'function', { error: 'a function' })
    .optional(),
  onProgressCounts: z
    .custom<(progress: CheckProgress) => void>((v) => typeof v === 'function', {
      error: 'a function',
    })
    .optional(),
} satisfies Partial<Record<keyof CheckOptions, z.ZodType>>;

/** The fields of {@link CheckOptions}, checked before anything runs. */
const CHECK_OPTION_SHAPE = {
  ...CHECK_RUN_OPTION_SHAPE,
  baseline: z
    .custom<Baseline>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
      error: 'a baseline, as parseBaseline or readBaseline returns it',
    })
    .optional(),
  baselineFile: z
    .string({ error: 'the path of the baseline file' })
    .min(1, {
      error: 'the path of the baseline file',
    })
    .optional(),
} satisfies Record<keyof CheckOptions, z.ZodType>;

/** Options of {@link checkScenarios}; every one has a default. */
export interface CheckOptions {
  /** The run's seed: simulated figures are reproducible from it (default 1). */
  readonly seed?: number;
  /** A cap on trials below the scenarios' own `maxTrials` (default: none). */
  readonly maxTrials?: number;
  /** Worker threads for simulations (default: the simulator's choice). */
  readonly threads?: number;
  /** The baseline to compare every figure with (default: none, no regressions reported). */
  readonly baseline?: Baseline;
  /**
   * Where the baseline file is (read or to be written): each scenario file is named in it by
   * its path from the baseline's folder (`pathFromBaseline`). Default: files are named by
   * their path as loaded.
   */
  readonly baselineFile?: string;
  /**
   * Called with one line per expectation judged (progress for people: `path: pass …`, as `dicelab
   * check` writes on stderr). Not the counts a `simulate`'s `onProgress` is told (trials done and
   * in all): those of a check, its simulated figures' trials among them, go to `onProgressCounts`.
   */
  readonly onProgress?: (line: string) => void;
  /**
   * Called with how far the run is (for a progress bar): at its start, after each expectation,
   * and while a simulated figure is sampled, after each batch of its trials (about every 100 ms),
   * `trials` then being what a `simulate`'s `onProgress` is told. Either callback or both.
   */
  readonly onProgressCounts?: (progress: CheckProgress) => void;
}

/** How far a check is, as {@link CheckOptions.onProgressCounts} is told. */
export interface CheckProgress {
  /** Expectations done (judged, or found a problem in) of `expectations`. */
  readonly done: number;
  /** Every expectation of the run. */
  readonly expectations: number;
  /**
   * While a simulated figure of expectation `done + 1` is sampled: the trials of this sample
   * (one look at the figure; a look undecided is followed by one of ×4 the trials) done so far.
   */
  readonly trials?: { readonly done: number; readonly total: number };
}

/** How one expectation came out. */
export interface ExpectationResult {
  readonly index: number;
  readonly expect: string;
  /**
   * Where the expectation's item is in its file (1-based), for `path:line:col` beside its
   * verdict; absent only for a loaded scenario whose `locate` gives no position.
   */
  readonly line?: number;
  readonly col?: number;
  readonly verdict: Verdict;
  /**
   * What was judged against what was wanted: "62.35%, want 55.00% to 70.00%"; a roll figure
   * whose pool the engine picked (no `split` in the file) names it: "59.72% rolling d6+d2, …".
   */
  readonly shown: string;
  /** Why, in a sentence (for failures and inconclusive results; a summary for passes). */
  readonly detail: string;
  /** The figures judged, by key. */
  readonly figures: readonly string[];
  readonly by: 'exact' | 'simulation';
  /** Trials of the last look, for simulated figures. */
  readonly trials?: number;
  /** Time taken to judge it (its figures' solves and simulations). */
  readonly seconds: number;
}

/** One file's check. */
export interface FileCheck {
  readonly path: string;
  /** Its name in the baseline: its path from the baseline file's folder (see `CheckOptions.baselineFile`). */
  readonly baselineName: string;
  readonly title: string;
  readonly expectations: readonly ExpectationResult[];
  /** Every figure computed, by key: what a baseline records. */
  readonly figures: readonly FigureRecord[];
  readonly seconds: number;
}

/** A simulated figure of a run, and the smallest move of it the run detects. */
export interface SimulatedFigure {
  readonly file: string;
  readonly key: string;
  readonly unit: FigureUnit;
  readonly estimate: Estimate;
  /** The baseline's trials it was compared with (absent: no baseline figure to compare). */
  readonly baselineTrials?: number;
  /**
   * The smallest move detected with `DETECTION_POWER` at the run's level: from the
   * baseline's figure, or, with none, from a baseline of as many trials as the run took.
   */
  readonly smallestMove: number;
}

/**
 * How a run spends its false-alarm budget: `RUN_FALSE_ALARM` over its simulated tests
 * (each simulated judgement, each simulated figure compared with a baseline), an equal share
 * each (Bonferroni); a judgement's share is split again among its looks.
 */
export interface FalseAlarmBudget {
  readonly run: number;
  readonly judgements: number;
  readonly comparisons: number;
  /** Each test's share: run / (judgements + comparisons). */
  readonly share: number;
}

/** A whole check: every file, the baseline comparison, the exit status. */
export interface CheckResult {
  readonly files: readonly FileCheck[];
  readonly seed: number;
  /** Present when a baseline was given; `file` is where it is, when the options said. */
  readonly baseline?: BaselineComparison & { readonly file?: string };
  /** The baseline file the check was to compare with, when none was there (nothing compared). */
  readonly noBaselineAt?: string;
  readonly falseAlarm: FalseAlarmBudget;
  /** Every simulated figure of the run, by file and key, with the smallest move it detects. */
  readonly simulated: readonly SimulatedFigure[];
  readonly seconds: number;
  /**
   * `EXIT.ok` every expectation passed and nothing moved; `failed` a failure, a regression, or
   * a file whose figures the baseline holds only under another name; else `inconclusive`.
   */
  readonly status: typeof EXIT.ok | typeof EXIT.failed | typeof EXIT.inconclusive;
}

/**
 * A library caller's scenarios, refused as `scenarios` (`scenarios[i]` for one of them) unless
 * each is a loaded scenario: parseScenario's `.scenario` when `ok` (not the parse itself), or
 * one of loadScenarioFiles'. A TypeError from inside the run otherwise.
 */
function checkLoadedScenarios(scenarios: unknown): void {
  const allowed =
    "loaded scenarios (an array), as loadScenarioFiles returns them or parseScenario's `.scenario`";
  if (!Array.isArray(scenarios)) throw invalid('scenarios', scenarios, allowed);
  // As `expectations: []` and a folder of no scenario files: a check of none passes judging nothing.
  if (scenarios.length === 0)
    throw invalid(
      'scenarios',
      scenarios,
      `${allowed}, at least one (a check of none would pass judging nothing)`,
    );
  scenarios.forEach((loaded: Partial<Record<keyof LoadedScenario, unknown>> | null, i) => {
    if (
      !loaded ||
      typeof loaded !== 'object' ||
      typeof loaded.path !== 'string' ||
      typeof loaded.scenario !== 'object' ||
      typeof loaded.plan !== 'object' ||
      typeof loaded.locate !== 'function'
    )
      throw invalid(
        `scenarios[${i}]`,
        loaded,
        "a loaded scenario, as loadScenarioFiles returns them or parseScenario's `.scenario` when `ok`",
      );
  });
}

/**
 * Runs every analysis and judges every expectation of loaded scenarios: exact figures within
 * 1e-9; simulated ones on their interval, trials raised ×4 while undecided up to the cap, then
 * inconclusive (never a guess). Compares every figure with the baseline when one is given. The
 * simulated tests share `RUN_FALSE_ALARM` (see `FalseAlarmBudget`): when nothing
 * changed, the run reports a failure or a move by chance with probability at most that.
 * Nothing is written: the CLI writes the reports. Files and expectations run in order, so the
 * same seed gives the same result.
 * @throws ScenarioError for problems only running finds (an analysis row that is not there),
 * each `path:line:col: message`, after trying every expectation; InputError naming the option
 * (`options.seed`), an unknown one too, and naming `scenarios` when they are not loaded
 * scenarios or there are none, before anything runs.
 */
export async function checkScenarios(
  scenarios: readonly LoadedScenario[],
  options: CheckOptions = {},
): Promise<CheckResult> {
  checkLoadedScenarios(scenarios);
  parseOptions(CHECK_OPTION_SHAPE, options);
  const start = performance.now();
  const seed = options.seed ?? 1;
  const falseAlarm = falseAlarmBudget(scenarios, options.baseline !== undefined);
  const problems: string[] = [];
  const files: FileCheck[] = [];
  const counts = {
    done: 0,
    expectations: scenarios.reduce((n, s) => n + s.plan.expectations.length, 0),
  };
  const tell = options.onProgressCounts;
  const progress: Progress = {
    expectationDone: () => {
      counts.done++;
      tell?.({ ...counts });
    },
    ...(tell ? { trials: (done, total) => tell({ ...counts, trials: { done, total } }) } : {}),
  };
  tell?.({ ...counts });
  for (const loaded of scenarios) {
    files.push(await checkFile(loaded, { ...options, seed }, falseAlarm.share, problems, progress));
  }
  if (problems.length > 0)
    throw new ScenarioError(problems, 'the check stopped, nothing was written');
  const baseline = options.baseline
    ? {
        ...changesSinceBaseline(options.baseline, files, falseAlarm.share),
        ...(options.baselineFile === undefined ? {} : { file: options.baselineFile }),
      }
    : undefined;
  const compared = new Map(baseline?.simulated.map((c) => [`${c.file}\u0000${c.key}`, c]));
  const simulated = files.flatMap((file) =>
    file.figures
      .filter((r) => r.estimate.by === 'simulation')
      .map((r): SimulatedFigure => {
        const c = compared.get(`${file.path}\u0000${r.key}`);
        const trials = r.estimate.trials ?? 0;
        return {
          file: file.path,
          key: r.key,
          unit: r.unit,
          estimate: r.estimate,
          ...(c ? { baselineTrials: c.before.trials ?? 0 } : {}),
          smallestMove:
            c?.smallestMove ?? smallestDetectableMove(r.estimate, trials, falseAlarm.share),
        };
      }),
  );
  const verdicts = files.flatMap((f) => f.expectations.map((e) => e.verdict));
  const status =
    verdicts.includes('fail') ||
    (baseline?.moved.length ?? 0) > 0 ||
    (baseline?.underAnotherName.length ?? 0) > 0
      ? EXIT.failed
      : verdicts.includes('inconclusive')
        ? EXIT.inconclusive
        : EXIT.ok;
  return {
    files,
    seed,
    ...(baseline ? { baseline } : {}),
    falseAlarm,
    simulated,
    seconds: (performance.now() - start) / 1000,
    status,
  };
}

/** The figures an expectation judges. */
function judgedFigures(e: PlannedExpectation): readonly FigureRef[] {
  return e.kind === 'bound' ? [e.figure] : e.kind === 'difference' ? [e.left, e.right] : [];
}

/** The analyses an expectation reads rows of, each with where the file asks for it (its `of`). */
function analysesAsked(e: PlannedExpectation): { key: string; field: string }[] {
  const refs: [FigureRef, string][] =
    e.kind === 'bound' || e.kind === 'monotone-cells'
      ? [[e.figure, `${e.field}.of`]]
      : e.kind === 'difference'
        ? [
            [e.left, `${e.field}.of`],
            [e.right, e.rightField],
          ]
        : e.lines.flatMap((line) =>
            line.points.map((p): [FigureRef, string] => [p.figure, `${e.field}.of`]),
          );
  return refs.flatMap(([ref, field]) =>
    ref.spec.kind === 'cell' ? [{ key: ref.spec.analysis, field }] : [],
  );
}

/**
 * The run's simulated tests, counted from the plans before anything runs (so the share of each
 * does not depend on what the run finds): each expectation that judges a simulated figure, and,
 * with a baseline, each simulated figure (by file and key) that will be compared with it.
 */
function falseAlarmBudget(
  scenarios: readonly LoadedScenario[],
  withBaseline: boolean,
): FalseAlarmBudget {
  let judgements = 0;
  let comparisons = 0;
  for (const { plan } of scenarios) {
    const keys = new Set<string>();
    for (const e of plan.expectations) {
      const simulated = judgedFigures(e).filter((ref) => ref.by === 'simulation');
      if (simulated.length > 0) judgements++;
      for (const ref of simulated) keys.add(ref.key);
    }
    if (withBaseline) comparisons += keys.size;
  }
  return {
    run: RUN_FALSE_ALARM,
    judgements,
    comparisons,
    share: falseAlarmShare(judgements + comparisons),
  };
}

/** How many looks a simulated judgement may take: `first` trials, then ×4 up to `cap`. */
export function looksUpTo(first: number, cap: number): number {
  let looks = 1;
  for (let trials = first; trials < cap; trials = Math.min(trials * 4, cap)) looks++;
  return looks;
}

/** What a file's check tells of its progress: each expectation done, a sample's trials. */
interface Progress {
  readonly expectationDone: () => void;
  readonly trials?: (done: number, total: number) => void;
}

async function checkFile(
  loaded: LoadedScenario,
  options: CheckOptions & { seed: number },
  share: number,
  problems: string[],
  progress: Progress,
): Promise<FileCheck> {
  const start = performance.now();
  const { plan } = loaded;
  const solver = new FigureSolver();
  const analyses = new Map(plan.analyses.map((a) => [a.key, a]));
  const records = new Map<string, FigureRecord>();
  const record = (key: string, unit: FigureUnit, estimate: Estimate) => {
    // A simulated mean rounds to win over fewer than two fights won has no value to record.
    if (Number.isNaN(estimate.estimate)) return;
    const before = records.get(key);
    if (!before || (before.estimate.trials ?? 0) <= (estimate.trials ?? 0))
      records.set(key, { key, unit, estimate });
  };
  const problem = (field: string, error: unknown) => {
    if (!(error instanceof InputError)) throw error;
    problems.push(`${loaded.locate(field)}: ${field}: ${error.message}`);
  };
  // Analyses whose run was refused: an expectation of one says so, not the refusal again.
  const refused = new Set<string>();
  // The analysis each row's figure came from: where a figure no expectation judges is asked for.
  const analysisOf = new Map<string, string>();
  for (const analysis of plan.analyses) {
    await turnForSignals();
    try {
      recordAnalysis(analysis, solver, (key, unit, estimate) => {
        analysisOf.set(key, analysis.key);
        record(key, unit, estimate);
      });
    } catch (error) {
      refused.add(analysis.key);
      // A refusal of the run names the analysis' own field (one for its size came at its plan).
      const written = 'analyses' in loaded.scenario && loaded.scenario.analyses?.[analysis.key];
      if (error instanceof InputError && written) {
        const at = (f: string) =>
          f ? `analyses.${analysis.key}.${f}` : `analyses.${analysis.key}`;
        const located = analysisProblem(error, written, at);
        problems.push(`${loaded.locate(located.field)}: ${located.message}`);
      } else problem(`analyses.${analysis.key}`, error);
    }
  }
  const cap = Math.min(plan.simulation.maxTrials, options.maxTrials ?? Number.POSITIVE_INFINITY);
  const first = Math.min(plan.simulation.trials, cap);
  const sampling = {
    first,
    cap,
    seed: options.seed,
    // Each look of a judgement spends an equal part of its share: its interval's confidence.
    confidence: 1 - share / looksUpTo(first, cap),
    ...(options.threads === undefined ? {} : { threads: options.threads }),
    ...(progress.trials ? { onProgress: progress.trials } : {}),
  };
  const results: ExpectationResult[] = [];
  for (const expectation of plan.expectations) {
    const unrun = analysesAsked(expectation).find(({ key }) => refused.has(key));
    if (unrun) {
      problems.push(
        `${loaded.locate(unrun.field)}: ${unrun.field}: not judged, as its analysis ${unrun.key} was refused`,
      );
      progress.expectationDone();
      continue;
    }
    await turnForSignals();
    try {
      const started = performance.now();
      const judged = await judgeExpectation(expectation, { solver, analyses, record, sampling });
      const result = {
        ...judged,
        ...positionIn(loaded, expectation.field),
        seconds: (performance.now() - started) / 1000,
      };
      results.push(result);
      options.onProgress?.(
        `${loaded.path}: ${verdictWord(result.verdict)} ${expectation.expect} (${result.shown})`,
      );
    } catch (error) {
      // A problem of the minus figure comes located at its own `minus.of` (see decide).
      if (error instanceof InputError && error.field?.startsWith(`${expectation.field}.`))
        problems.push(`${loaded.locate(error.field)}: ${error.message}`);
      else problem(`${expectation.field}.of`, error);
    }
    progress.expectationDone();
  }
  const positions = figurePositions(loaded, results, analysisOf);
  return {
    path: loaded.path,
    baselineName:
      options.baselineFile === undefined
        ? loaded.path
        : pathFromBaseline(loaded.path, options.baselineFile),
    title: loaded.scenario.scenario,
    expectations: results,
    figures: [...records.values()]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((r) => ({ ...r, ...positions.get(r.key) })),
    seconds: (performance.now() - start) / 1000,
  };
}

/**
 * The line and column of a field of a loaded scenario, from its `locate` (`path:line:col`, the
 * path maybe holding colons itself); nothing when it gives no position.
 */
function positionIn(loaded: LoadedScenario, field: string): { line?: number; col?: number } {
  const at = /:(\d+):(\d+)$/.exec(loaded.locate(field));
  return at ? { line: Number(at[1]), col: Number(at[2]) } : {};
}

/**
 * Where each figure is asked for in its file, by key: the first expectation judging it, else
 * the analysis whose row it is (a figure the baseline records that no expectation judges).
 */
function figurePositions(
  loaded: LoadedScenario,
  results: readonly ExpectationResult[],
  analysisOf: ReadonlyMap<string, string>,
): Map<string, { line?: number; col?: number }> {
  const at = new Map<string, { line?: number; col?: number }>();
  for (const r of results)
    for (const key of r.figures)
      if (!at.has(key) && r.line !== undefined) at.set(key, { line: r.line, col: r.col! });
  const analyses = new Map<string, { line?: number; col?: number }>();
  for (const [key, analysis] of analysisOf) {
    if (at.has(key)) continue;
    if (!analyses.has(analysis)) analyses.set(analysis, positionIn(loaded, `analyses.${analysis}`));
    at.set(key, analyses.get(analysis)!);
  }
  return at;
}

/**
 * A turn of the event loop, taken before each analysis and each expectation: their exact solves
 * run on this thread, and an await of them alone never lets the loop poll, so a signal's handler
 * (the bar's, on a terminal) waited for every solve of the run, seconds each (a 30-step split into
 * 4 dice: 2.7 s), and was dropped unheard when the run ended first. It now waits for one solve at
 * most; a single solve is not cut (only a worker thread would, as the analyses' commands do).
 */
function turnForSignals(): Promise<void> {
  return nextTurn();
}

/** What judging needs: the exact solver, the analyses, where figures are recorded, sampling. */
interface Judging {
  readonly solver: FigureSolver;
  readonly analyses: ReadonlyMap<string, PlannedAnalysis>;
  readonly record: (key: string, unit: FigureUnit, estimate: Estimate) => void;
  readonly sampling: {
    readonly first: number;
    readonly cap: number;
    readonly seed: number;
    readonly confidence: number;
    readonly threads?: number;
    readonly onProgress?: (done: number, total: number) => void;
  };
}

function recordAnalysis(
  analysis: PlannedAnalysis,
  solver: FigureSolver,
  record: Judging['record'],
): void {
  const table = ANALYSIS_TABLES[analysis.table];
  for (const row of solver.rows(analysis)) {
    for (const figure of table.recorded) {
      record(
        cellKey(analysis.key, analysis.table, row, figure),
        table.figures[figure]!,
        exactEstimate(cellValue(row, figure, analysis.table)),
      );
    }
  }
}

/**
 * The pool a roll figure with no `split` was rolled with, as its verdict shows it (" rolling
 * d6+d6"): the engine picks it (the best one-intent pool, or `pool: natural`'s), and the file
 * does not say it. "" for dice the file writes, and for any other figure. Already solved.
 */
function pickedPool(ref: FigureRef, solver: FigureSolver): string {
  if (ref.spec.kind !== 'roll' || 'split' in ref.spec.dice) return '';
  return ` rolling ${formatSplit(solver.split(ref.spec))}`;
}

function verdictWord(verdict: Verdict): string {
  return verdict === 'pass' ? 'pass' : verdict === 'fail' ? 'FAIL' : 'inconclusive';
}

async function judgeExpectation(
  e: PlannedExpectation,
  judging: Judging,
): Promise<Omit<ExpectationResult, 'seconds'>> {
  const base = { index: e.index, expect: e.expect };
  switch (e.kind) {
    case 'bound': {
      const { verdict, estimates } = await decide([e.figure], [`${e.field}.of`], judging, ([x]) =>
        judgeBound(x!, e.bound),
      );
      const [x] = estimates;
      const decimals = verdictDecimals(x!, e.bound, e.figure.unit, false, verdict);
      const shown = `${formatEstimate(x!, e.figure.unit, false, decimals)}${pickedPool(e.figure, judging.solver)}, want ${formatBound(e.bound, e.figure.unit, false, decimals)}`;
      return {
        ...base,
        verdict,
        shown,
        detail: boundDetail(e.figure.key, x!, e.bound, e.figure.unit, verdict, false),
        figures: [e.figure.key],
        by: x!.by,
        ...(x!.trials === undefined ? {} : { trials: x!.trials }),
      };
    }
    case 'difference': {
      const { verdict, estimates } = await decide(
        [e.left, e.right],
        [`${e.field}.of`, e.rightField],
        judging,
        ([a, b]) => judgeBound(differenceEstimate(a!, b!), e.bound),
      );
      const [a, b] = estimates;
      const d = differenceEstimate(a!, b!);
      const unit = e.left.unit === 'flag' ? 'number' : e.left.unit;
      const decimals = verdictDecimals(d, e.bound, unit, true, verdict);
      const [left, right] = [e.left, e.right].map((ref) => pickedPool(ref, judging.solver));
      const shown = `${formatEstimate(d, unit, true, decimals)} (${formatFigure(a!.estimate, e.left.unit, false, decimals)}${left} − ${formatFigure(b!.estimate, e.right.unit, false, decimals)}${right}), want ${formatBound(e.bound, unit, true, decimals)}`;
      const trials = Math.max(a!.trials ?? 0, b!.trials ?? 0);
      return {
        ...base,
        verdict,
        shown,
        detail: boundDetail(`${e.left.key} − ${e.right.key}`, d, e.bound, unit, verdict, true),
        figures: [e.left.key, e.right.key],
        by: d.by,
        ...(trials > 0 ? { trials } : {}),
      };
    }
    case 'monotone': {
      const lines = e.lines.map((line) => ({
        label: line.label,
        points: line.points.map((p) => {
          const value = judging.solver.exact(p.figure, judging.analyses);
          judging.record(p.figure.key, p.figure.unit, exactEstimate(value));
          return { at: p.at, value };
        }),
      }));
      return monotoneResult(
        base,
        e.direction,
        e.along,
        e.unit,
        lines,
        e.lines.flatMap((l) => l.points.map((p) => p.figure.key)),
      );
    }
    case 'monotone-cells': {
      const spec = e.figure.spec;
      if (spec.kind !== 'cell') throw new Error('unreachable');
      const analysis = judging.analyses.get(spec.analysis)!;
      const rows = selectRows(judging.solver.rows(analysis), spec.table, spec.select, false);
      const groupKeys = ANALYSIS_TABLES[spec.table].keys.filter(
        (k) =>
          k !== e.along &&
          k !== 'split' &&
          k !== 'stack' &&
          !(spec.table === 'advantage' && k === 'dice'),
      );
      const groups = new Map<string, { at: number; value: number }[]>();
      const keys: string[] = [];
      for (const row of rows) {
        const label = groupKeys
          .filter((k) => row[k] !== undefined && spec.select[k] === undefined)
          .map((k) => `${k} ${row[k]}`)
          .join(', ');
        const value = cellValue(row, e.figure.figure, spec.table);
        const key = cellKey(spec.analysis, spec.table, row, e.figure.figure);
        judging.record(key, e.figure.unit, exactEstimate(value));
        keys.push(key);
        const line = groups.get(label) ?? [];
        line.push({ at: Number(row[e.along]), value });
        groups.set(label, line);
      }
      const lines = [...groups.entries()].map(([label, points]) => ({
        label,
        points: points.sort((p, q) => p.at - q.at),
      }));
      return monotoneResult(base, e.direction, e.along, e.figure.unit, lines, keys);
    }
  }
}

/**
 * Computes the figures (exact ones once; simulated ones at the first trials, then ×4 while the
 * judgement is undecided, up to the cap) and judges them. At the cap an undecided judgement is
 * inconclusive. `fields` are where each figure is written in the file: an exact figure solving
 * finds wrong (no row of its analysis has what was asked) is reported there.
 */
async function decide(
  refs: readonly FigureRef[],
  fields: readonly string[],
  judging: Judging,
  judge: (estimates: readonly Estimate[]) => Verdict | 'undecided',
): Promise<{ verdict: Verdict; estimates: Estimate[] }> {
  const { solver, analyses, sampling, record } = judging;
  const exact = refs.map((ref, i) =>
    ref.by === 'exact'
      ? exactEstimate(located(() => solver.exact(ref, analyses), fields[i]))
      : undefined,
  );
  let trials = sampling.first;
  for (;;) {
    const estimates: Estimate[] = [];
    for (const [i, ref] of refs.entries()) {
      if (exact[i]) {
        estimates.push(exact[i]);
        continue;
      }
      const split = ref.spec.kind === 'roll' ? solver.split(ref.spec) : undefined;
      estimates.push(
        await simulateFigure(ref, split, {
          trials,
          seed: sampling.seed,
          confidence: sampling.confidence,
          ...(sampling.threads === undefined ? {} : { threads: sampling.threads }),
          ...(sampling.onProgress ? { onProgress: sampling.onProgress } : {}),
        }),
      );
    }
    const verdict = judge(estimates);
    if (verdict !== 'undecided' || trials >= sampling.cap) {
      refs.forEach((ref, i) => {
        record(ref.key, ref.unit, estimates[i]!);
      });
      return { verdict: verdict === 'undecided' ? 'inconclusive' : verdict, estimates };
    }
    trials = Math.min(trials * 4, sampling.cap);
  }
}

/**
 * The decimals a verdict is shown with: the bound's as typed and, for a failure, as many more as
 * it takes to tell the figure (a simulated one's nearer interval end) from the bound it breaks,
 * so that "0.583, below 0.583" reads "0.5833, below 0.5834".
 */
function verdictDecimals(
  x: Estimate,
  bound: Bound,
  unit: FigureUnit,
  difference: boolean,
  verdict: Verdict,
): number {
  const decimals = boundDecimals(bound, unit);
  if (verdict !== 'fail') return decimals;
  const below = bound.atLeast !== undefined && x.hi < bound.atLeast;
  const limit = below ? bound.atLeast! : bound.atMost!;
  return decimalsTelling(below ? x.hi : x.lo, limit, unit, difference, decimals);
}

function boundDetail(
  key: string,
  x: Estimate,
  bound: Bound,
  unit: FigureUnit,
  verdict: Verdict,
  difference: boolean,
): string {
  const decimals = verdictDecimals(x, bound, unit, difference, verdict);
  const f = (v: number) => formatFigure(v, unit, difference, decimals);
  const want = formatBound(bound, unit, difference, decimals);
  if (x.by === 'exact') {
    if (verdict === 'pass') return `${key} is ${f(x.estimate)} (${want})`;
    const side =
      bound.atLeast !== undefined && x.estimate < bound.atLeast
        ? `below ${f(bound.atLeast)}`
        : `above ${f(bound.atMost!)}`;
    return `${key} is ${f(x.estimate)}, ${side}`;
  }
  // A simulated mean rounds to win over fewer than two fights won has no value (simulateFigure).
  if (Number.isNaN(x.estimate))
    return `${key}: no mean rounds to win to judge, fewer than two of the simulated fights${x.trials === undefined ? '' : ` (${x.trials} trials)`} were won: a fight never won within maxRounds has none, whatever the trials`;
  const interval = `the ${formatConfidence(x.confidence ?? 0)} interval ${f(x.lo)} to ${f(x.hi)} (${x.trials ?? 0} trials)`;
  if (verdict === 'pass') return `${key}: ${interval} lies wholly within ${want}`;
  if (verdict === 'fail') return `${key}: ${interval} lies wholly outside ${want}`;
  // An estimate within half the width of the true value (as likely as the interval covers it)
  // decides every bound a whole width away: the margin a bound needs at this cap.
  return `${key}: ${interval} still straddles a bound of ${want} at the trials cap; a bound at least ${formatMove(x.hi - x.lo, unit).slice(1)} from the true value is decided at this cap, or raise the trials`;
}

/**
 * A confidence as a percentage with the digits that tell it from 100%, cut (never rounded up).
 * @example formatConfidence(0.999) // "99.9%"
 * @example formatConfidence(1 - 2.6e-6) // "99.9997%"
 */
export function formatConfidence(confidence: number): string {
  const digits = Math.max(1, Math.ceil(-Math.log10(1 - confidence)) - 2);
  const scale = 10 ** digits;
  return `${(Math.floor(confidence * 100 * scale + 1e-9) / scale).toFixed(digits)}%`;
}

function monotoneResult(
  base: { index: number; expect: string },
  direction: 'nonDecreasing' | 'nonIncreasing',
  along: string,
  unit: FigureUnit,
  lines: readonly { label: string; points: readonly { at: number; value: number }[] }[],
  keys: readonly string[],
): Omit<ExpectationResult, 'seconds'> {
  const words = direction === 'nonDecreasing' ? 'never falls' : 'never rises';
  const points = lines.reduce((n, l) => n + l.points.length, 0);
  for (const line of lines) {
    const broken = monotoneBreak(
      line.points.map((p) => p.value),
      direction,
    );
    if (broken) {
      const a = line.points[broken.from]!;
      const b = line.points[broken.to]!;
      const where = line.label ? ` (${line.label})` : '';
      const decimals = decimalsTelling(a.value, b.value, unit);
      const values = `${formatFigure(a.value, unit, false, decimals)} → ${formatFigure(b.value, unit, false, decimals)}`;
      const shown = `${along} ${a.at} → ${b.at}: ${values}${where}`;
      return {
        ...base,
        verdict: 'fail',
        shown,
        detail: `the figure ${direction === 'nonDecreasing' ? 'falls' : 'rises'} from ${along} ${a.at} to ${b.at}${where}: ${values}`,
        figures: keys,
        by: 'exact',
      };
    }
  }
  const shown = `${words} along ${along} (${points} points${lines.length > 1 ? `, ${lines.length} lines` : ''})`;
  return { ...base, verdict: 'pass', shown, detail: shown, figures: keys, by: 'exact' };
}
