import { z } from '#zod';
import { text } from '../input/field-schemas.ts';
import { fieldWithin, InputError, invalid, missing } from '../input/input-error.ts';
import { parseSpec } from '../input/issue-messages.ts';
import { ANALYSES, ANALYSIS_ALIASES, type AnalysisName } from './analyses.ts';
import type { AnalysisDeclaration, AnalysisProgress, DeclaredJob } from './analysis-declaration.ts';

/** Each analysis' options, the rest of its job, its row and the rest of its result, as declared. */
export type Analyses = {
  [A in AnalysisName]: (typeof ANALYSES)[A] extends AnalysisDeclaration<
    infer Options,
    infer Extra,
    infer Row,
    infer Result
  >
    ? { options: Options; extra: Extra; row: Row; result: Result }
    : never;
};

type Job<A extends AnalysisName> = { readonly analysis: A } & DeclaredJob<
  Analyses[A]['options'],
  Analyses[A]['extra']
>;

/**
 * One analysis to run, with its parameters: what `dicelab zidara <analysis>` builds from its
 * flags, what the built-in report lists, and what a scenario file declares. `name` names its
 * outputs (`<name>.csv`, `.vl.json`, `.svg`, `.png`; default: the analysis' name).
 */
export type AnalysisJob = { [A in AnalysisName]: Job<A> }[AnalysisName];

/** What an analysis computed: its job, its rows (every figure raw) and what else it found. */
export type AnalysisResult = {
  [A in AnalysisName]: {
    readonly analysis: A;
    readonly job: Job<A>;
    readonly rows: readonly Analyses[A]['row'][];
  } & Analyses[A]['result'];
}[AnalysisName];

/** The declaration of a job's analysis, widened to take the job. */
function declarationOf(job: AnalysisJob): AnalysisDeclaration<unknown, unknown, unknown, object> {
  return ANALYSES[nameOf(job)] as AnalysisDeclaration<unknown, unknown, unknown, object>;
}

/**
 * What a job's outputs are named: its `name`, or its analysis' name.
 * @example jobName({ analysis: 'fights', options: {} }) // "fight-curves"
 */
export function jobName(job: AnalysisJob): string {
  return job.name ?? nameOf(job);
}

/** A job's analysis, an old name (`ANALYSIS_ALIASES`) read as its name. */
function nameOf(job: AnalysisJob): AnalysisName {
  return ANALYSIS_ALIASES[job.analysis] ?? job.analysis;
}

/**
 * Runs one analysis: its rows, every figure exact and raw, and what else it found (the splits
 * ranked, the tune's target answers). Pure; bad parameters throw an InputError naming the
 * option before anything is solved. Takes what its analysis takes (milliseconds to minutes); a
 * long one says how far it is to `progress` (the splits: splits solved of all).
 * @example runAnalysis({ analysis: 'stated-splits', splits: ['d12', 'd6+d6'], options: { challenge: 3 } }).rows[0].split // "d6+d6"
 */
export function runAnalysis(job: AnalysisJob, progress?: AnalysisProgress): AnalysisResult {
  checkJobShape(job);
  const analysis = nameOf(job);
  const named = analysis === job.analysis ? job : { ...job, analysis };
  return { analysis, job: named, ...declarationOf(job).run(job, progress) } as AnalysisResult;
}

/**
 * Checks a job's parameters without solving anything: every option as its analysis reads it,
 * the splits' notation, and one sample roll (or fight) of its setup, so that a problem is named
 * before any work. Well under a millisecond.
 * @throws InputError naming the option ("stacks[1][0]", "challenges", "auraMax", …).
 * @example checkAnalysis({ analysis: 'advantage', name: 'a', options: { most: 13 } }) // throws "most: 13 is not allowed (expected an integer from 1 to 12)"
 */
export function checkAnalysis(job: AnalysisJob): void {
  checkJobShape(job);
  declarationOf(job).check(job);
}

/**
 * {@link runAnalysis} as the library gives it (`dicelab/zidara`): a field of the job's options
 * is named `options.<field>`, as `splits(options)` names it; the job's own fields (`analysis`,
 * `name`, `options`, `splits`, …) keep their names. The CLI and scenario files call
 * `runAnalysis` itself, whose bare option names they turn into flags and a file's fields.
 */
export function runAnalysisNamed(job: AnalysisJob, progress?: AnalysisProgress): AnalysisResult {
  checkJobShape(job);
  return optionsNamed(job, () => runAnalysis(job, progress));
}

/** {@link checkAnalysis} as the library gives it, named as {@link runAnalysisNamed} names it. */
export function checkAnalysisNamed(job: AnalysisJob): void {
  checkJobShape(job);
  optionsNamed(job, () => checkAnalysis(job));
}

/** `act` on a shape-checked job, an InputError about one of its options named inside `options`. */
function optionsNamed<T>(job: AnalysisJob, act: () => T): T {
  try {
    return act();
  } catch (error) {
    const field = error instanceof InputError ? (error.field ?? '') : '';
    const head = /^[A-Za-z]*/.exec(field)![0];
    const own = ['analysis', 'name', 'options', ...Object.keys(declarationOf(job).job ?? {})];
    throw field === '' || own.includes(head) ? error : fieldWithin(error, 'options.');
  }
}

/**
 * Sizes a checked job's work without solving anything, as its run does before it solves (a
 * splits or fishing search past `SPLITS_LIMITS`), so that a plan of several jobs is refused
 * before any runs. Milliseconds.
 * @throws InputError naming the option, as the run would.
 * @example sizeAnalysis({ analysis: 'splits', options: { steps: 24, actions: 4, challenge: 3, intents: [1, 2], resolve: 1 } }) // throws "intents: scoring these 3,622 splits exactly is …"
 */
export function sizeAnalysis(job: AnalysisJob): void {
  declarationOf(job).size?.(job);
}

/**
 * What every job holds, checked before its analysis reads it: an analysis by its name, options
 * that are an object (the analysis would call them `spec`, the name of a spec file), a name
 * that is text, and the rest of the job its analysis declares (no field it does not take).
 */
function checkJobShape(job: AnalysisJob): void {
  const given: unknown = job;
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw invalid('job', given, 'an object');
  const name: unknown = job.analysis;
  if (
    typeof name !== 'string' ||
    !(Object.hasOwn(ANALYSES, name) || Object.hasOwn(ANALYSIS_ALIASES, name))
  )
    throw invalid('analysis', name, `one of ${Object.keys(ANALYSES).join(', ')}`);
  const options: unknown = job.options;
  if (options === undefined) throw missing('options', 'an object');
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw invalid('options', options, 'an object');
  const rest = declarationOf(job).job ?? {};
  // The options are the analysis' to check, each named as its callers name it.
  const shape = { analysis: z.unknown(), name: text().optional(), options: z.unknown(), ...rest };
  parseSpec(z.strictObject(shape), job);
}
