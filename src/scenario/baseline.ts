import { dirname, relative, resolve, sep } from 'node:path';
import { z } from '#zod';
import type { FieldPath } from '../input/field-path.ts';
import { linePosition } from '../input/input-bytes.ts';
import { InputError, invalid } from '../input/input-error.ts';
import { duplicateJsonKey, jsonLocator } from '../input/input-source.ts';
import { integerAtLeastText } from '../input/integer-text.ts';
import { issueProblems } from '../input/issue-messages.ts';
import {
  checkFileText,
  duplicateKeyMessage,
  jsonSyntaxError,
  positions,
} from '../input/located-text.ts';
import { normalQuantile } from '../montecarlo/normal-quantile.ts';
import type { FigureUnit } from './figure-catalogue.ts';
import { decimalsTelling, formatEstimate } from './format-figure.ts';
import {
  CONFIDENCE,
  type Estimate,
  exactEstimate,
  figureMoved,
  proportionEstimate,
  smallestDetectableMove,
} from './judge.ts';

/**
 * Where a figure is asked for in its scenario file (1-based): the item of the first expectation
 * judging it, else the analysis whose row it is. Absent for figures given without one.
 */
export interface FigurePosition {
  readonly line?: number;
  readonly col?: number;
}

/** A figure a run computed: its key, how it reads, and its value (with its sample, if simulated). */
export interface FigureRecord extends FigurePosition {
  readonly key: string;
  readonly unit: FigureUnit;
  readonly estimate: Estimate;
}

/** A baseline figure: an exact value, or a simulated one with what a two-sample test needs. */
export type BaselineFigure =
  | number
  | {
      readonly by: 'simulation';
      readonly value: number;
      readonly trials: number;
      readonly successes?: number;
      readonly sd?: number;
    };

/**
 * `reports/baseline.json`: every figure of every scenario file, by file (its path from the
 * baseline file's folder: see {@link pathFromBaseline}) and figure key, and the seed the
 * simulated ones were drawn with. Committed; `dicelab check` compares each run with it.
 */
export interface Baseline {
  readonly format: 'dicelab-baseline';
  readonly version: 1;
  readonly seed: number;
  readonly files: Readonly<Record<string, Readonly<Record<string, BaselineFigure>>>>;
}

/** What a figure of a baseline is, in messages. */
const FIGURE_FORM =
  'a number (an exact figure) or {"by": "simulation", "value", "trials", "successes"?, "sd"?}';

const count = (min: number) =>
  z
    .number({ error: integerAtLeastText(min) })
    .int({ error: integerAtLeastText(min) })
    .min(min, { error: integerAtLeastText(min) });

const baselineSchema = z.strictObject(
  {
    format: z.literal('dicelab-baseline', { error: '"dicelab-baseline"' }),
    version: z.literal(1, { error: '1 (the only version there is)' }),
    seed: count(0),
    files: z.record(
      z.string(),
      z.record(
        z.string(),
        z.union(
          [
            z.number({ error: FIGURE_FORM }),
            z.strictObject(
              {
                by: z.literal('simulation', { error: '"simulation"' }),
                value: z.number({ error: 'a number' }),
                trials: count(1),
                successes: count(0).optional(),
                sd: z
                  .number({ error: 'a number ≥ 0' })
                  .min(0, { error: 'a number ≥ 0' })
                  .optional(),
              },
              { error: FIGURE_FORM },
            ),
          ],
          { error: FIGURE_FORM },
        ),
        { error: 'an object of figures by their keys' },
      ),
      { error: 'an object of scenario files, each an object of figures' },
    ),
  },
  { error: 'an object (a dicelab baseline: format, version, seed, files)' },
);

/** A figure that moved from its baseline value, and where the file asks for it. */
export interface FigureMove extends FigurePosition {
  readonly file: string;
  readonly key: string;
  readonly unit: FigureUnit;
  readonly before: Estimate;
  readonly after: Estimate;
  /** The two-sample z of a simulated figure. */
  readonly z?: number;
  /** "62.35% → 58.10%". */
  readonly shown: string;
}

/**
 * A figure whose key the baseline holds recorded another way than the run finds it: a simulated
 * value where the figure is now exact, or the reverse (a baseline written before another
 * system's simulated keys ended in ` [simulated]`, or edited by hand). Not a move: the two are
 * not compared, and re-recording the baseline mends it.
 */
export interface FigureRecordedDifferently extends FigurePosition {
  readonly file: string;
  readonly key: string;
  readonly unit: FigureUnit;
  readonly before: Estimate;
  readonly after: Estimate;
  /** "the baseline holds a simulated value (76.10% [75.03% to 77.13%, 20k trials]), the run an exact one (75.69%)". */
  readonly shown: string;
}

/**
 * A scenario file's name in a baseline: its path from the baseline file's folder, with `/`
 * separators, so the same file has the same name whichever folder the check runs from
 * (`dicelab check` at the root, or `cd balance && dicelab check . --baseline ../reports/baseline.json`).
 * @throws InputError naming `scenarioPath` or `baselinePath` when it is not a path (a string).
 * @example pathFromBaseline('scenarios/a.yaml', 'reports/baseline.json') // "../scenarios/a.yaml"
 */
export function pathFromBaseline(scenarioPath: string, baselinePath: string): string {
  if (typeof scenarioPath !== 'string')
    throw invalid('scenarioPath', scenarioPath, "a scenario file's path");
  if (typeof baselinePath !== 'string')
    throw invalid('baselinePath', baselinePath, "the baseline file's path");
  return relative(dirname(resolve(baselinePath)), resolve(scenarioPath))
    .split(sep)
    .join('/');
}

/** A file of the run with no figure in the baseline, whose figures the baseline holds under another name. */
export interface FileUnderAnotherName {
  /** The file as the run names it (its path as checked). */
  readonly file: string;
  /** Its name in the baseline now, where nothing is. */
  readonly name: string;
  /** The baseline's name holding its figures (the file moved, or was checked from elsewhere). */
  readonly stored: string;
  /** Of the file's figures, how many the stored name holds. */
  readonly shared: number;
  readonly figures: number;
}

/** A simulated figure compared with its baseline, and the smallest move the test detects. */
export interface SimulatedComparison {
  readonly file: string;
  readonly key: string;
  readonly unit: FigureUnit;
  readonly before: Estimate;
  readonly after: Estimate;
  /** The smallest move detected with `DETECTION_POWER` at these trials and the test's level. */
  readonly smallestMove: number;
}

/** What a run changed relative to a baseline. */
export interface BaselineComparison {
  /** Figures that moved: exact ones beyond 1e-9, simulated ones significantly (at `alpha`). */
  readonly moved: readonly FigureMove[];
  /** Every simulated figure compared (moved or not), with the smallest move it would show. */
  readonly simulated: readonly SimulatedComparison[];
  /** The level of each simulated figure's two-sample test. */
  readonly alpha: number;
  /**
   * Figures the baseline holds under their key but found another way (simulated, now exact, or
   * the reverse): not compared, not a failure; re-recording the baseline mends them.
   */
  readonly recordedDifferently: readonly FigureRecordedDifferently[];
  /**
   * Figures the baseline does not have yet (a new expectation or file: not a failure), and
   * where the file asks for them.
   */
  readonly added: readonly ({ readonly file: string; readonly key: string } & FigurePosition)[];
  /** Figures of the files run that the run no longer computes (not a failure). */
  readonly removed: readonly { readonly file: string; readonly key: string }[];
  readonly unchanged: number;
  /**
   * Files whose every figure is new while the baseline holds most of them under another file
   * name: a baseline recorded from another folder, or a file that moved. A failure, since
   * nothing of the file was compared.
   */
  readonly underAnotherName: readonly FileUnderAnotherName[];
}

/** A scenario file's figures as a run computed them, named for the baseline. */
export interface BaselineFile {
  /** The file as people read it (its path as checked). */
  readonly path: string;
  /** Its name in the baseline (default `path`). */
  readonly baselineName?: string;
  readonly figures: readonly FigureRecord[];
}

/** What to do with a baseline that cannot be read (`--write` keeps the figures of files not run, so it reads it too). */
const BASELINE_FIX =
  'fix the file, or delete it and record every figure again with dicelab baseline --write';

/**
 * Reads a baseline file's text.
 * @throws InputError `path:line:col: field: value is not allowed (expected …); fix …`, naming
 * the first thing wrong (a key written twice, then an unknown field, then the rest, then a
 * count of successes past its trials).
 */
export function parseBaseline(text: string, path: string): Baseline {
  checkFileText(text, path);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { at, reason } = jsonSyntaxError(error, text, path);
    throw new InputError(`${at}: not JSON (${reason}); ${BASELINE_FIX}`);
  }
  // JSON.parse keeps a repeated key's last value: a hand edit or a merge gone wrong, refused.
  const duplicate = duplicateJsonKey(text, value);
  if (duplicate) {
    // The words every other file's key written twice reads, its first at line:col.
    const first = linePosition(text, duplicate.first);
    throw new InputError(
      `${positions(text, path)(duplicate.offset)}: ${duplicateKeyMessage(baselineField(duplicate.path), first)}; ${BASELINE_FIX}`,
    );
  }
  const refuse = (at: FieldPath, message: string) =>
    new InputError(`${jsonLocator(text, path)(at)}: ${message}; ${BASELINE_FIX}`);
  const parsed = baselineSchema.safeParse(value);
  if (!parsed.success) {
    const problems = issueProblems(parsed.error.issues, baselineSchema, value);
    const first =
      problems.find((p) => p.atKey && / no such field /.test(p.message)) ?? problems[0]!;
    throw refuse(
      first.path,
      `${baselineField(first.path)}${first.message.slice(first.field.length)}`,
    );
  }
  const baseline = parsed.data as Baseline;
  for (const [file, figures] of Object.entries(baseline.files))
    for (const [key, figure] of Object.entries(figures))
      if (typeof figure === 'object' && (figure.successes ?? 0) > figure.trials) {
        const at = ['files', file, key, 'successes'];
        const field = baselineField(at);
        throw refuse(
          at,
          invalid(field, figure.successes, `at most trials (${figure.trials})`).message,
        );
      }
  return baseline;
}

/** A field of a baseline: its keys are paths and sentences ("../a.yaml", "pWin of …"), quoted, not dotted. */
function baselineField(at: FieldPath): string {
  if (at.length === 0) return 'the baseline';
  return at
    .map((step, i) =>
      typeof step === 'number'
        ? `[${step}]`
        : /^[A-Za-z_]\w*$/.test(step)
          ? `${i === 0 ? '' : '.'}${step}`
          : `[${JSON.stringify(step)}]`,
    )
    .join('');
}

/** A baseline figure as an estimate (a simulated one with its interval at `confidence` again). */
function baselineEstimate(figure: BaselineFigure, confidence: number): Estimate {
  if (typeof figure === 'number') return exactEstimate(figure);
  if (figure.successes !== undefined && figure.successes <= figure.trials)
    return proportionEstimate(figure.successes, figure.trials, confidence);
  const half =
    figure.sd === undefined
      ? 0
      : (normalQuantile(0.5 + confidence / 2) * figure.sd) / Math.sqrt(figure.trials);
  return {
    by: 'simulation',
    estimate: figure.value,
    lo: figure.value - half,
    hi: figure.value + half,
    confidence,
    trials: figure.trials,
    ...(figure.sd === undefined ? {} : { sd: figure.sd }),
  };
}

/** A run's figure as the baseline stores it. */
function baselineFigure(estimate: Estimate): BaselineFigure {
  if (estimate.by === 'exact') return estimate.estimate;
  return {
    by: 'simulation',
    value: estimate.estimate,
    trials: estimate.trials ?? 0,
    ...(estimate.successes === undefined ? {} : { successes: estimate.successes }),
    ...(estimate.sd === undefined ? {} : { sd: estimate.sd }),
  };
}

/** A move, "41.67% → 31.25%", with the digits that tell an exact figure's old value from its new. */
function movedShown(was: Estimate, now: Estimate, unit: FigureUnit): string {
  const decimals =
    was.by === 'exact' && now.by === 'exact'
      ? decimalsTelling(was.estimate, now.estimate, unit)
      : undefined;
  return `${formatEstimate(was, unit, false, decimals)} → ${formatEstimate(now, unit, false, decimals)}`;
}

/** "a simulated value (76.10% [75.03% to 77.13%, 20k trials])", "an exact value (75.69%)". */
function methodValue(estimate: Estimate, unit: FigureUnit): string {
  const how = estimate.by === 'exact' ? 'an exact' : 'a simulated';
  return `${how} value (${formatEstimate(estimate, unit, false)})`;
}

/**
 * A baseline as the library takes it (a user may pass anything): an object with its files'
 * figures, as parseBaseline or readBaseline returns it.
 * @throws InputError naming `field`.
 */
function baselineGiven(baseline: Baseline, field: string): void {
  const given: unknown = baseline;
  if (
    !given ||
    typeof given !== 'object' ||
    !baseline.files ||
    typeof baseline.files !== 'object' ||
    Array.isArray(baseline.files)
  )
    throw invalid(field, given, 'a baseline, as parseBaseline or readBaseline returns it');
}

/** A run's files' figures as the library takes them (see {@link baselineGiven}). */
function filesGiven(files: readonly BaselineFile[]): void {
  const given: unknown = files;
  if (!Array.isArray(given))
    throw invalid(
      'files',
      given,
      "the run's files' figures (an array, as a check's run gives them)",
    );
  const bad = files.findIndex(
    (file) => !file || typeof file !== 'object' || !Array.isArray(file.figures),
  );
  if (bad >= 0)
    throw invalid(`files[${bad}]`, files[bad], "a file's figures ({ path, figures: [...] })");
}

/**
 * Compares the figures of the files run with the baseline: each figure that moved (exact:
 * beyond the tolerance; simulated: significantly, a two-sample test at level `alpha` each —
 * a check gives each its share of the run's false-alarm budget), each one the baseline recorded
 * another way (simulated where it is now exact, or the reverse: not compared), each new one,
 * each one gone, and each file whose figures are all new while the baseline holds at least half
 * of them under another name. Files the run did not include are not compared. O(figures).
 */
export function changesSinceBaseline(
  baseline: Baseline,
  files: readonly BaselineFile[],
  alpha = 1 - CONFIDENCE,
): BaselineComparison {
  baselineGiven(baseline, 'baseline');
  filesGiven(files);
  const moved: FigureMove[] = [];
  const recordedDifferently: FigureRecordedDifferently[] = [];
  const simulated: SimulatedComparison[] = [];
  const added: ({ file: string; key: string } & FigurePosition)[] = [];
  const removed: { file: string; key: string }[] = [];
  const underAnotherName: FileUnderAnotherName[] = [];
  let unchanged = 0;
  const names = new Set(files.map((file) => file.baselineName ?? file.path));
  for (const file of files) {
    const name = file.baselineName ?? file.path;
    const before = baseline.files[name] ?? {};
    const now = new Set<string>();
    for (const record of file.figures) {
      now.add(record.key);
      const at = positionOf(record);
      const old = before[record.key];
      if (old === undefined) {
        added.push({ file: file.path, key: record.key, ...at });
        continue;
      }
      const was = baselineEstimate(old, 1 - alpha);
      if (was.by !== record.estimate.by) {
        recordedDifferently.push({
          file: file.path,
          key: record.key,
          ...at,
          unit: record.unit,
          before: was,
          after: record.estimate,
          shown: `the baseline holds ${methodValue(was, record.unit)}, the run ${methodValue(record.estimate, record.unit).replace(' value ', ' one ')}`,
        });
        continue;
      }
      const change = figureMoved(was, record.estimate, alpha);
      if (was.by === 'simulation' && record.estimate.by === 'simulation')
        simulated.push({
          file: file.path,
          key: record.key,
          unit: record.unit,
          before: was,
          after: record.estimate,
          smallestMove: smallestDetectableMove(was, record.estimate.trials ?? 0, alpha),
        });
      if (!change.moved) {
        unchanged++;
        continue;
      }
      moved.push({
        file: file.path,
        key: record.key,
        ...at,
        unit: record.unit,
        before: was,
        after: record.estimate,
        ...(change.z === undefined ? {} : { z: change.z }),
        shown: movedShown(was, record.estimate, record.unit),
      });
    }
    for (const key of Object.keys(before))
      if (!now.has(key)) removed.push({ file: file.path, key });
    if (baseline.files[name] === undefined && now.size > 0) {
      const elsewhere = storedUnderAnotherName(baseline, names, now);
      if (elsewhere)
        underAnotherName.push({ file: file.path, name, ...elsewhere, figures: now.size });
    }
  }
  return {
    moved,
    recordedDifferently,
    simulated,
    alpha,
    added,
    removed,
    unchanged,
    underAnotherName,
  };
}

/** A record's position, when it has one (a caller's records may have none). */
function positionOf(record: FigureRecord): FigurePosition {
  return record.line === undefined ? {} : { line: record.line, col: record.col ?? 1 };
}

/** The baseline file (not one of the run's) holding the most of `keys`, if it holds half of them or more. */
function storedUnderAnotherName(
  baseline: Baseline,
  runNames: ReadonlySet<string>,
  keys: ReadonlySet<string>,
): { stored: string; shared: number } | undefined {
  let best: { stored: string; shared: number } | undefined;
  for (const [stored, figures] of Object.entries(baseline.files)) {
    if (runNames.has(stored)) continue;
    let shared = 0;
    for (const key of keys) if (figures[key] !== undefined) shared++;
    if (2 * shared >= keys.size && shared > (best?.shared ?? 0)) best = { stored, shared };
  }
  return best;
}

/**
 * The baseline after a run: the files run get exactly the figures computed now (a file the
 * baseline held under another name loses that name); other files keep theirs. O(figures).
 *
 * A baseline names each file by its path from the baseline file's folder (`pathFromBaseline`):
 * give `baselineFile`, the path it is written to, and every file is named from there, whatever
 * the run named it. Without it each keeps the run's `baselineName`, which is its path from the
 * working folder when the run had no baseline file (`checkScenarioFiles(paths, { baseline:
 * false })`): a check then compares none of them ("the baseline holds their figures under
 * another name"). From the library, as `dicelab baseline --write` does (seed and figures of
 * files not run kept from the baseline there; make its folder first):
 * `const run = await checkScenarioFiles(['scenarios']);`
 * `writeFileSync(BASELINE_FILE, formatBaseline(updateBaseline(readBaseline(BASELINE_FILE), run.files, run.seed, BASELINE_FILE)));`
 * and `checkScenarioFiles(['scenarios'])` compares every figure with it from then on.
 * @throws InputError naming `previous`, `files`, `seed` or `baselineFile` when it is not one.
 * @example updateBaseline(undefined, [{ path: 'scenarios/a.yaml', figures: [] }], 1, 'reports/baseline.json').files // { "../scenarios/a.yaml": {} }
 */
export function updateBaseline(
  previous: Baseline | undefined,
  files: readonly BaselineFile[],
  seed: number,
  baselineFile?: string,
): Baseline {
  if (previous !== undefined) baselineGiven(previous, 'previous');
  filesGiven(files);
  if (!Number.isSafeInteger(seed)) throw invalid('seed', seed, "the run's seed (a whole number)");
  if (baselineFile !== undefined && (typeof baselineFile !== 'string' || baselineFile === ''))
    throw invalid('baselineFile', baselineFile, 'the path the baseline file is written to');
  const nameOf = (file: BaselineFile) =>
    baselineFile === undefined
      ? (file.baselineName ?? file.path)
      : pathFromBaseline(file.path, baselineFile);
  const result: Record<string, Record<string, BaselineFigure>> = {};
  for (const [path, figures] of Object.entries(previous?.files ?? {}))
    result[path] = { ...figures };
  const names = new Set(files.map(nameOf));
  for (const file of files) {
    const name = nameOf(file);
    // A file recorded under another name (it moved) keeps only its new one.
    if (previous && previous.files[name] === undefined) {
      const keys = new Set(file.figures.map((record) => record.key));
      const elsewhere = keys.size > 0 && storedUnderAnotherName(previous, names, keys);
      if (elsewhere) delete result[elsewhere.stored];
    }
    result[name] = Object.fromEntries(
      file.figures.map((record) => [record.key, baselineFigure(record.estimate)]),
    );
  }
  return { format: 'dicelab-baseline', version: 1, seed, files: result };
}

/**
 * The baseline as committed text: files and figures sorted, one figure a line, so a change of
 * rules shows in a diff as exactly the figures it moved. Write it to the path its files were
 * named from: the `baselineFile` given to {@link updateBaseline}.
 */
export function formatBaseline(baseline: Baseline): string {
  baselineGiven(baseline, 'baseline');
  const files = Object.keys(baseline.files).sort();
  const lines = [
    '{',
    `  "format": "dicelab-baseline",`,
    `  "version": 1,`,
    `  "seed": ${baseline.seed},`,
    `  "files": {`,
  ];
  files.forEach((file, i) => {
    const figures = baseline.files[file]!;
    const keys = Object.keys(figures).sort();
    lines.push(`    ${JSON.stringify(file)}: {`);
    keys.forEach((key, j) => {
      const figure = figures[key]!;
      const value =
        typeof figure === 'number'
          ? JSON.stringify(figure)
          : JSON.stringify(figure).replace(/,"/g, ', "').replace(/":/g, '": ');
      lines.push(`      ${JSON.stringify(key)}: ${value}${j < keys.length - 1 ? ',' : ''}`);
    });
    lines.push(`    }${i < files.length - 1 ? ',' : ''}`);
  });
  lines.push('  }', '}', '');
  return lines.join('\n');
}
