import type { Command } from '@commander-js/extra-typings';
import { countOf } from '../format/format-count.ts';
import { MAX_THREADS } from '../montecarlo/chunk-plan.ts';
import { formatBaseline, updateBaseline } from '../scenario/baseline.ts';
import {
  CHECK_RUN_LIMITS,
  type CheckResult,
  checkScenarios,
  MAX_TRIALS_HELP,
} from '../scenario/check-scenarios.ts';
import { checkCounts, locatedPath, newAndGoneLines } from '../scenario/check-table.ts';
import { EXACT_TOLERANCE, RUN_FALSE_ALARM } from '../scenario/judge.ts';
import {
  BASELINE_FILE,
  loadScenarioFiles,
  readBaseline,
  SCENARIO_DIR,
  SCENARIO_FILES,
  SCENARIO_PATH,
} from '../scenario/scenario-files.ts';
import { stopUntilPlaced } from './abort-on-sigint.ts';
import { fileFlag, pathArguments } from './flags.ts';
import { countFlag, threadsFlag } from './simulation-flags.ts';
import { proseLayout } from './terminal-prose.ts';
import { checkWritable, writeFileAtomically } from './write-files.ts';

/**
 * `dicelab baseline [files or folders…] [--write]`: computes every figure of the scenarios, as
 * `dicelab check` does, and shows what would change in the baseline (figures moved, new, gone);
 * with `--write` records them in the baseline file atomically. Files not run keep their figures.
 */
export function registerBaseline(program: Command) {
  program
    .command('baseline')
    .description(
      'record every figure of the scenario files in reports/baseline.json (--write), or show what would change',
    )
    .argument(
      '[files...]',
      `scenario files or folders, a folder giving its ${SCENARIO_FILES} (default: ${SCENARIO_DIR}/)`,
    )
    .option('--write', 'write the baseline (without it: only show what would change)')
    .option('--baseline <file>', 'the baseline file', fileFlag, BASELINE_FILE)
    .option(
      '--seed <n>',
      "seed of the simulated figures (default: the baseline's, else 1)",
      countFlag(CHECK_RUN_LIMITS.seed.min, CHECK_RUN_LIMITS.seed.max),
    )
    .option(
      '--max-trials <n>',
      MAX_TRIALS_HELP,
      countFlag(CHECK_RUN_LIMITS.maxTrials.min, CHECK_RUN_LIMITS.maxTrials.max),
    )
    .option(
      '--threads <n>',
      `worker threads for simulations, 1 to ${MAX_THREADS} (default: automatic)`,
      threadsFlag,
    )
    .option('-q, --quiet', 'no progress on stderr (no bar, no line per expectation)')
    .addHelpText(
      'after',
      `
Record the baseline after an intended change of rules or scenarios, and commit it: from then
on \`dicelab check\` flags every figure that moves (exact: beyond ${EXACT_TOLERANCE}; simulated: a
two-sample test at its share of the run's ${RUN_FALSE_ALARM} false-alarm budget), old → new.

Examples:
  dicelab baseline scenarios/ --write
  dicelab baseline scenarios/bram-gate.yaml      what would change, nothing written`,
    )
    .action(async (files, options) => {
      pathArguments('files', files, SCENARIO_PATH);
      // Before the figures are computed (minutes, for a whole suite), not after.
      if (options.write)
        await checkWritable({ flag: '--baseline', given: options.baseline, names: 'file' });
      const scenarios = loadScenarioFiles(files);
      const previous = readBaseline(options.baseline, '--baseline');
      const seed = options.seed ?? previous?.seed ?? 1;
      // The bar loads here, with the command that draws it.
      const progress = (await import('./check-progress.ts')).checkProgress(options.quiet);
      let result: CheckResult;
      try {
        result = await checkScenarios(scenarios, {
          seed,
          ...(options.maxTrials === undefined ? {} : { maxTrials: options.maxTrials }),
          ...(options.threads === undefined ? {} : { threads: options.threads }),
          ...(previous ? { baseline: previous } : {}),
          baselineFile: options.baseline,
          ...progress.options,
        });
      } finally {
        progress.stop();
      }
      const next = updateBaseline(previous, result.files, seed);
      const figures = result.files.reduce((n, f) => n + f.figures.length, 0);
      const lines: string[] = [];
      const comparison = result.baseline;
      if (comparison) {
        for (const m of comparison.moved)
          lines.push(`moved: ${locatedPath(m.file, m)}: ${m.key}: ${m.shown}`);
        for (const r of comparison.recordedDifferently)
          lines.push(
            `recorded differently: ${locatedPath(r.file, r)}: ${r.key}: ${r.shown}${options.write ? '; recorded again' : '; --write records it again'}`,
          );
        lines.push(...newAndGoneLines(comparison));
        for (const f of comparison.underAnotherName)
          lines.push(
            `renamed: ${f.file}: its figures were under ${JSON.stringify(f.stored)}, now under ${JSON.stringify(f.name)} (its path from the baseline's folder)`,
          );
      }
      const counts = comparison
        ? `${comparison.moved.length} moved, ${comparison.added.length} new, ${comparison.removed.length} gone, ${comparison.unchanged} unchanged${comparison.recordedDifferently.length ? `, ${comparison.recordedDifferently.length} recorded differently` : ''}${comparison.underAnotherName.length ? `, ${countOf(comparison.underAnotherName.length, 'file')} renamed` : ''}`
        : `all new: there was no baseline at ${options.baseline}`;
      const verdicts = checkCounts(result);
      if (verdicts.failed || verdicts.inconclusive)
        lines.push(
          `note: ${verdicts.headline.replace(/, \d+ figures? (moved|recorded differently).*$/, '')}: a baseline records figures, not verdicts (see dicelab check)`,
        );
      const say = async () => process.stdout.write(`${(await proseLayout())(lines).join('\n')}\n`);
      if (options.write) {
        // A signal once the baseline is in place is let be: the lines on what it records are said.
        await stopUntilPlaced(async (placed) => {
          await writeFileAtomically(options.baseline, formatBaseline(next), '--baseline', placed);
          lines.push(
            `baseline: wrote ${options.baseline}: ${countOf(figures, 'figure')} of ${countOf(result.files.length, 'file')}; ${counts}`,
          );
          await say();
        });
      } else {
        lines.push(
          `baseline: ${countOf(figures, 'figure')} of ${countOf(result.files.length, 'file')}; ${counts}; nothing written (--write records them)`,
        );
        await say();
      }
    });
  return program;
}
