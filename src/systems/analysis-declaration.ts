/**
 * What an analysis declares once, next to its code (see CONTRIBUTING.md, "An analysis"): how a
 * job of it runs and is checked, its command, how its rows pair in a What if. `run-analysis.ts`
 * (jobs) reads the list in `analyses.ts`, `what-if.ts` (`WHAT_IF_SHAPES`, and `--against`) the
 * shapes; the chart and the words of its output are its entry of `ANALYSIS_OUTPUTS`
 * (report/zidara/analysis-output.ts).
 */
import type { z } from '#zod';

/**
 * How a What if figure reads: a chance (0..1; a change is in percentage points), a plain number
 * (expected wins, Aura, a rank), or text (a pool or split that may change).
 */
export type WhatIfUnit = 'chance' | 'number' | 'text';

/** The fields that name an analysis' row, and the figures compared, each with its unit. */
export interface RowShape<Row> {
  readonly keys: readonly (keyof Row & string)[];
  readonly figures: Readonly<Partial<Record<keyof Row & string, WhatIfUnit>>>;
}

/** A What if's row shape, and the figures a terminal shows of it. */
export interface WhatIfShape<Row, Options = never> extends RowShape<Row> {
  /** The figures a terminal shows (CSV and JSON have every figure); default: all of them. */
  readonly printed?: (options: Options) => readonly (keyof Row & string)[];
}

/** A job of an analysis as its declaration sees it: its name, options and the rest of the job. */
export type DeclaredJob<Options, Extra> = {
  /** What its outputs are named (`<name>.csv`, …); default: the analysis' name. */
  readonly name?: string;
  readonly options: Options;
} & Extra;

/**
 * How far a run is: `done` of `total` (its `unit`, such as "splits") solved. Called between
 * solves (not after the last); what the CLI's progress bar shows.
 */
export type AnalysisProgress = (done: number, total: number, unit: string) => void;

/**
 * One analysis, declared once. `Options` are its options, `Extra` the rest of its job (the
 * splits to compare, a tune's target), `Row` a row, `Result` what else a run finds.
 */
export interface AnalysisDeclaration<Options, Extra, Row, Result> {
  /** Its name in a job (`analysis: 'fight-curves'`), the JSON output and the report's log. */
  readonly name: string;
  /** Its command (`dicelab zidara <name>`) and the command's one-line help; none: no command of its own. */
  readonly command?: { readonly name: string; readonly description: string };
  /**
   * Its rows and the rest of its result. Pure; throws an InputError naming a bad option. A long
   * one says how far it is to `progress`, if given.
   */
  readonly run: (
    job: DeclaredJob<Options, Extra>,
    progress?: AnalysisProgress,
  ) => { readonly rows: readonly Row[] } & Result;
  /**
   * Checks a job without solving anything (well under a millisecond): every option as the
   * analysis reads it and one sample roll (or fight) of its setup.
   */
  readonly check: (job: DeclaredJob<Options, Extra>) => void;
  /**
   * Sizes a checked job's work without solving anything (milliseconds), refusing it as its run
   * would, before the run; none: its run is not refused for its size.
   */
  readonly size?: (job: DeclaredJob<Options, Extra>) => void;
  /** How `--against` and the page's What if pair two runs' rows (none: not in a What if). */
  readonly whatIf?: WhatIfShape<Row, Options>;
  /**
   * The fields of the rest of its job (`Extra`: the splits to compare, a tune's target), checked
   * before it runs as a spec's are; none: a job of it holds its name and options alone.
   */
  readonly job?: z.ZodRawShape;
}

/**
 * Declares an analysis: its types given (options, the rest of a job, a row, the rest of a
 * result), the declaration kept as written (its name and command as literals).
 * As in advantage.ts: `defineAnalysis<AdvantageOptions, unknown, AdvantageRow>()({ name:
 * 'advantage', run: (job) => ({ rows: advantage(job.options) }), check: … })`. Each file marks
 * both calls with a PURE annotation (in two statements, which the formatter keeps): the page imports
 * an analysis' What if shape alone, and its bundle then drops the declaration and the code that
 * `run` reaches (some 80 KB).
 */
export function defineAnalysis<Options, Extra, Row, Result = unknown>() {
  return <const D extends AnalysisDeclaration<Options, Extra, Row, Result>>(declaration: D): D =>
    declaration;
}

/** Any analysis' declaration, for code that reads what every analysis declares. */
export type AnyAnalysis = AnalysisDeclaration<never, never, Record<string, unknown>, unknown>;
