/**
 * What an analysis declares once, next to its code (see CONTRIBUTING.md, "An analysis"): how a
 * job of it runs and is checked, how its rows pair in a What if, and the table a scenario file
 * reads. `run-analysis.ts` (jobs), `what-if.ts` (`WHAT_IF_SHAPES`), the scenario's figure
 * catalogue and `--against` read the list in `analyses.ts`; the chart and the words of its
 * output are its entry of `ANALYSIS_OUTPUTS` (report/zidara/analysis-output.ts).
 */

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

/**
 * How a scenario's table figure is read and shown: a chance (0..1, shown as a percentage;
 * differences in percentage points), a gain (a difference of chances, in points), a plain
 * number (expected wins, a rank, rounds), or a yes/no flag (1/0).
 */
export type TableUnit = 'chance' | 'points' | 'number' | 'flag';

/**
 * An analysis' table as a scenario file reads it: the row fields that pick a row
 * (`of: { analysis, split: "d8 | d8" }`), the figures (numeric columns) an expectation may
 * judge, and the figure every row records in the baseline.
 */
export interface ScenarioTable {
  /** The analysis' name in a scenario file (`analysis: fight`), when not its own. */
  readonly name?: string;
  readonly keys: readonly string[];
  readonly figures: Readonly<Record<string, TableUnit>>;
  readonly recorded: readonly string[];
}

/** A job of an analysis as its declaration sees it: its name, options and the rest of the job. */
export type DeclaredJob<Options, Extra> = {
  readonly name: string;
  readonly options: Options;
} & Extra;

/**
 * One analysis, declared once. `Options` are its options, `Extra` the rest of its job (the
 * splits to compare, a tune's target), `Row` a row, `Result` what else a run finds.
 */
export interface AnalysisDeclaration<Options, Extra, Row, Result> {
  /** Its name in a job (`analysis: 'fight-curves'`), the JSON output and the report's log. */
  readonly name: string;
  /** Its command (`dicelab zidara <name>`) and the command's one-line help; none: no command of its own. */
  readonly command?: { readonly name: string; readonly description: string };
  /** Its rows and the rest of its result. Pure; throws an InputError naming a bad option. */
  readonly run: (job: DeclaredJob<Options, Extra>) => { readonly rows: readonly Row[] } & Result;
  /**
   * Checks a job without solving anything (well under a millisecond): every option as the
   * analysis reads it and one sample roll (or fight) of its setup.
   */
  readonly check: (job: DeclaredJob<Options, Extra>) => void;
  /** How `--against` and the page's What if pair two runs' rows (none: not in a What if). */
  readonly whatIf?: WhatIfShape<Row, Options>;
  /** Its table in a scenario file (none: a scenario cannot run it). */
  readonly scenario?: ScenarioTable;
}

/**
 * Declares an analysis: its types given (options, the rest of a job, a row, the rest of a
 * result), the declaration kept as written (its name and command as literals).
 * @example defineAnalysis<AdvantageOptions, unknown, AdvantageRow>()({ name: 'advantage', run: (job) => ({ rows: advantage(job.options) }), check: … })
 */
export function defineAnalysis<Options, Extra, Row, Result = unknown>() {
  return <const D extends AnalysisDeclaration<Options, Extra, Row, Result>>(declaration: D): D =>
    declaration;
}

/** Any analysis' declaration, for code that reads what every analysis declares. */
export type AnyAnalysis = AnalysisDeclaration<never, never, Record<string, unknown>, unknown>;
