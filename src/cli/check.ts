import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Command } from '@commander-js/extra-typings';
import { decodeUtf8, inputSizeProblem } from '../input-bytes.ts';
import { InputError, invalid } from '../input-error.ts';
import { type Baseline, parseBaseline } from '../scenario/baseline.ts';
import { checkJunit } from '../scenario/check-junit.ts';
import { checkMarkdown } from '../scenario/check-markdown.ts';
import { checkScenarios } from '../scenario/check-scenarios.ts';
import { checkTable } from '../scenario/check-table.ts';
import { DETECTION_POWER, RUN_FALSE_ALARM } from '../scenario/judge.ts';
import {
  formatProblem,
  type LoadedScenario,
  parseScenario,
  ScenarioError,
} from '../scenario/load-scenario.ts';
import { checkFolder, fileFlag, folderFlag, integerFlag } from './flags.ts';
import { threadsFlag } from './simulation-flags.ts';
import { statIfAny, writeFilesAtomically } from './write-files.ts';

/** Where the suite lives and where its baseline is committed. */
export const SCENARIO_DIR = 'scenarios';
export const BASELINE_FILE = 'reports/baseline.json';

/**
 * `dicelab check [files…]`: runs every scenario's analyses and judges its expectations, prints
 * the table (scenario, expectation, figure, verdict) and the figures that moved from the
 * baseline, and writes `check.junit.xml` and `check.md` atomically into `--out`. Exit status:
 * `EXIT`: 0 all pass, 1 a failure or a regression, 2 bad input (nothing run, nothing
 * written), 3 inconclusive; a bug is 70, never 1.
 */
export function registerCheck(program: Command) {
  program
    .command('check')
    .description(
      'judge the scenario files’ expectations and compare every figure with the baseline (exit 0 pass, 1 fail, 2 bad input, 3 inconclusive, 70 a bug)',
    )
    .argument('[files...]', `scenario files or folders (default: ${SCENARIO_DIR}/*.yaml)`)
    .option('--out <dir>', 'folder for check.junit.xml and check.md', folderFlag, 'reports')
    .option('--baseline <file>', 'the baseline to compare with', fileFlag, BASELINE_FILE)
    .option('--no-baseline', 'compare with no baseline')
    .option(
      '--seed <n>',
      "seed of the simulated figures (default: the baseline's, else 1)",
      integerFlag(0, 2 ** 32 - 1),
    )
    .option(
      '--max-trials <n>',
      "cap on a simulated figure's trials, below the scenarios' own",
      integerFlag(1000),
    )
    .option('--threads <n>', 'worker threads for simulations (default: automatic)', threadsFlag)
    .option('--quiet', 'no progress lines on stderr')
    .addHelpText(
      'after',
      `
Exact figures are compared within 1e-9. A simulated figure fails only when its whole interval
is on the wrong side of a bound and passes only when it is wholly on the right side; in
between, trials grow ×4 up to the cap, then the expectation is inconclusive (exit 3). A figure
moved from the baseline (exact: beyond 1e-9; simulated: a two-sample test) is a regression
(exit 1); record intended changes with \`dicelab baseline scenarios/ --write\`. When nothing
changed, a run reports anything about its simulated figures with probability at most
${RUN_FALSE_ALARM} (their tests share that budget); each simulated figure's smallest move
detected with ${DETECTION_POWER * 100}% power is printed.

Examples:
  dicelab check                          every scenarios/*.yaml, reports/check.{junit.xml,md}
  dicelab check scenarios/bram-gate.yaml --no-baseline --quiet
  dicelab check --out /tmp/ci --seed 7`,
    )
    .action(async (files, options) => {
      checkFolder('--out', options.out);
      const scenarios = loadScenarioFiles(files);
      const baseline = options.baseline === false ? undefined : readBaseline(options.baseline);
      const say = options.quiet ? undefined : (line: string) => process.stderr.write(`${line}\n`);
      if (say && options.baseline !== false && !baseline)
        say(
          `check: no baseline at ${options.baseline}; figures are not compared (dicelab baseline --write records one)`,
        );
      const result = await checkScenarios(scenarios, {
        seed: options.seed ?? baseline?.seed ?? 1,
        ...(options.maxTrials === undefined ? {} : { maxTrials: options.maxTrials }),
        ...(options.threads === undefined ? {} : { threads: options.threads }),
        ...(baseline ? { baseline } : {}),
        ...(say ? { onProgress: say } : {}),
      });
      const written = await writeFilesAtomically(options.out, [
        { name: 'check.junit.xml', content: checkJunit(result) },
        { name: 'check.md', content: checkMarkdown(result) },
      ]);
      process.stdout.write(`${checkTable(result)}\nwrote ${written.join(', ')}\n`);
      process.exitCode = result.status;
    });
  return program;
}

/**
 * Reads and checks scenario files (folders give their `*.yaml` and `*.yml`, sorted; nothing
 * given: `scenarios/`), every problem of every file found before anything runs. Each file is
 * named by its path relative to the working folder (its name in the baseline).
 * @throws ScenarioError listing every problem, `path:line:col: message` each.
 */
export function loadScenarioFiles(paths: readonly string[]): LoadedScenario[] {
  const problems: string[] = [];
  const files: string[] = [];
  for (const path of paths.length ? paths : [SCENARIO_DIR]) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(path).isDirectory();
    } catch {
      problems.push(`${path}: cannot read (no such file or folder)`);
      continue;
    }
    if (!isDirectory) {
      files.push(path);
      continue;
    }
    const found = readdirSync(path)
      .filter((name) => /\.ya?ml$/i.test(name))
      .sort()
      .map((name) => join(path, name));
    if (found.length === 0) problems.push(`${path}: no scenario files (*.yaml) in this folder`);
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

/** The baseline at `path`, or undefined when there is none. @throws InputError for a bad one. */
export function readBaseline(path: string): Baseline | undefined {
  const found = statIfAny(path);
  if (!found) return undefined;
  if (found.isDirectory()) throw invalid('--baseline', path, 'a baseline file, not a folder');
  return parseBaseline(readText(path, true), path);
}

/**
 * A file's text, refused (InputError naming it) when it is too big to parse (`INPUT_LIMITS`,
 * `json` or YAML), cannot be read, or is not UTF-8.
 */
function readText(path: string, json: boolean): string {
  const found = statIfAny(path);
  const tooBig = found && inputSizeProblem(found.size, path, json);
  if (tooBig) throw new InputError(tooBig);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`${path}: cannot read (${reason})`);
  }
  return decodeUtf8(bytes, path);
}

/** A path as the baseline names it: relative to the working folder, with / separators. */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  const shown = rel === '' || isAbsolute(rel) || rel.startsWith('..') ? path : rel;
  return shown.split(sep).join('/');
}
