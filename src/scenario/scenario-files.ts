import { readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { z } from '#zod';
import { cannotRead, decodeUtf8, readFileBytes, statToRead } from '../input/input-bytes.ts';
import { InputError, invalid } from '../input/input-error.ts';
import { parseOptions } from '../input/library-options.ts';
import { readProblem } from '../process/path-problems.ts';
import { type Baseline, parseBaseline } from './baseline.ts';
import {
  CHECK_RUN_OPTION_SHAPE,
  type CheckOptions,
  type CheckResult,
  checkScenarios,
} from './check-scenarios.ts';
import {
  formatProblem,
  type LoadedScenario,
  parseScenario,
  ScenarioError,
} from './load-scenario.ts';

/** Where a game's scenario files live unless told: `scenarios/`. */
export const SCENARIO_DIR = 'scenarios';
/** The files a folder of scenarios gives: those ending so, in any case ("gate.YML" too). */
export const SCENARIO_EXTENSIONS = ['.yaml', '.yml'] as const;
/** `SCENARIO_EXTENSIONS` as people write them: "*.yaml and *.yml". */
export const SCENARIO_FILES = SCENARIO_EXTENSIONS.map((ext) => `*${ext}`).join(' and ');
/** What a path given to read scenarios from names: one file, or a folder of them. */
export const SCENARIO_PATH = 'a scenario file or folder';
/** Where the baseline is committed unless told. */
export const BASELINE_FILE = 'reports/baseline.json';

/** The fields of {@link CheckFilesOptions}, checked before any file is read. */
const CHECK_FILES_OPTION_SHAPE = {
  baseline: z
    .union([z.string().min(1), z.literal(false)], {
      error: 'the path of a baseline file, or false to compare with none',
    })
    .optional(),
  ...CHECK_RUN_OPTION_SHAPE,
} satisfies Record<keyof CheckFilesOptions, z.ZodType>;

/**
 * Reads and checks scenario files (a folder gives its files of {@link SCENARIO_EXTENSIONS},
 * sorted), every problem of every file found before anything runs. No paths (`[]`, or none
 * given) reads `scenarios/` of the working folder, as `dicelab check` with no paths does. Each
 * file is named by its path relative to the working folder, as people read it. With `check`
 * and `dicelab/scenario`, one of the two places (with the CLI) that read files.
 * @throws ScenarioError listing every problem, `path:line:col: message` each.
 * @example loadScenarioFiles(['scenarios/gate.yaml'])[0].scenario.scenario // not run: reads a scenario file of your game's; gives its title (its `scenario:` line)
 * @example loadScenarioFiles(['no-such-folder']) // throws "no-such-folder: cannot read (no such file or folder)"
 */
export function loadScenarioFiles(paths: readonly string[] = []): LoadedScenario[] {
  checkPaths(paths);
  const problems: string[] = [];
  const files: string[] = [];
  for (const path of paths.length ? paths : [SCENARIO_DIR]) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(path).isDirectory();
    } catch (error) {
      // A file or a folder was allowed here: missing is "no such file or folder".
      const { code } = error as NodeJS.ErrnoException;
      problems.push(cannotRead(path)(readProblem(code, 'no such file or folder')));
      continue;
    }
    if (!isDirectory) {
      files.push(path);
      continue;
    }
    const found = readdirSync(path)
      .filter((name) => SCENARIO_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext)))
      .sort()
      .map((name) => join(path, name));
    if (found.length === 0)
      problems.push(`${path}: no scenario files (${SCENARIO_FILES}) in this folder`);
    files.push(...found);
  }
  const scenarios: LoadedScenario[] = [];
  for (const file of [...new Set(files.map(displayPath))]) {
    let text: string;
    try {
      text = readText(file, false);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push(error.message);
      continue;
    }
    const parsed = parseScenario(text, file);
    if (parsed.ok) scenarios.push(parsed.scenario);
    else problems.push(...parsed.problems.map(formatProblem));
  }
  if (problems.length > 0) throw new ScenarioError(problems);
  return scenarios;
}

/**
 * The baseline at `path`, or undefined when there is none. Messages name `path`, or the `flag`
 * (or option) that gave it.
 * @throws InputError for a path that is not a string, a folder, or a file that is not a dicelab
 * baseline.
 * @example readBaseline('reports/no-such-baseline.json') // undefined
 */
export function readBaseline(path: string, flag?: string): Baseline | undefined {
  if (typeof path !== 'string') throw invalid('path', path, 'the path of a baseline file');
  const found = statToRead(path, cannotRead(path, flag));
  if (!found) return undefined;
  if (found.isDirectory()) throw invalid(flag ?? 'path', path, 'a baseline file, not a folder');
  return parseBaseline(readText(path, true, flag), path);
}

/** Options of {@link checkScenarioFiles}: a check's, with the baseline as a file. */
export interface CheckFilesOptions extends Omit<CheckOptions, 'baseline' | 'baselineFile'> {
  /**
   * The baseline file to compare with, or `false` for none. Unless given, `BASELINE_FILE`, and
   * none there is nothing compared; a file given must be there (a mistyped path is refused,
   * not read as no baseline). Its seed is the run's unless `seed` is given.
   */
  readonly baseline?: string | false;
}

/**
 * `dicelab check` without the files it writes: loads the scenario files (as
 * {@link loadScenarioFiles}) and the baseline, runs every analysis and judges every
 * expectation, and compares every figure with the baseline. The verdicts, figures and exit
 * status `check` prints (`checkTable`, `checkMarkdown` and `checkJunit` lay them out).
 * `baselineField` is what messages call the baseline option (the CLI: `--baseline`).
 * @throws ScenarioError for problems in the files; InputError for a bad baseline, or one given
 * that is not there.
 * @example (await checkScenarioFiles(['scenarios/bram-gate.yaml'], { baseline: false })).status // not run: runs a whole scenario file (the library test runs it)
 */
export async function checkScenarioFiles(
  paths: readonly string[] = [],
  options: CheckFilesOptions = {},
  baselineField = 'options.baseline',
): Promise<CheckResult> {
  checkPaths(paths);
  parseOptions(CHECK_FILES_OPTION_SHAPE, options);
  const { baseline: baselineFile = BASELINE_FILE, ...rest } = options;
  const scenarios = loadScenarioFiles(paths);
  const baseline = baselineFile === false ? undefined : readBaseline(baselineFile, baselineField);
  // Only the default may be missing (no baseline recorded yet): a given path is a typo.
  if (!baseline && typeof options.baseline === 'string')
    throw new InputError(cannotRead(options.baseline, baselineField)(readProblem('ENOENT')));
  const result = await checkScenarios(scenarios, {
    ...rest,
    seed: options.seed ?? baseline?.seed ?? 1,
    ...(baseline ? { baseline } : {}),
    ...(baselineFile === false ? {} : { baselineFile }),
  });
  return baselineFile !== false && !baseline ? { ...result, noBaselineAt: baselineFile } : result;
}

/**
 * The library's `paths` argument: an array of paths (a string alone would be read letter by
 * letter, each a missing file).
 * @throws InputError naming `paths` or the item.
 */
function checkPaths(paths: unknown): void {
  if (!Array.isArray(paths)) throw invalid('paths', paths, 'an array of scenario files or folders');
  paths.forEach((path: unknown, i) => {
    if (typeof path !== 'string' || path === '')
      throw invalid(`paths[${i}]`, path, `the path of ${SCENARIO_PATH}`);
  });
}

/**
 * A file's text, refused (InputError naming it, or the `flag` that named it) when it is too big
 * to parse (`INPUT_LIMITS`, `json` or YAML), cannot be read (a folder, say), or is not UTF-8.
 */
function readText(path: string, json: boolean, flag?: string): string {
  return decodeUtf8(readFileBytes(path, json, flag), path);
}

/** A path as people read it: relative to the working folder, with / separators. */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  const shown = rel === '' || isAbsolute(rel) || rel.startsWith('..') ? path : rel;
  return shown.split(sep).join('/');
}
