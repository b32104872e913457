import type { Command } from '@commander-js/extra-typings';
import { MAX_THREADS } from '../montecarlo/chunk-plan.ts';
import { EXIT } from '../process/exit-status.ts';
import { checkJunit } from '../scenario/check-junit.ts';
import { checkMarkdown } from '../scenario/check-markdown.ts';
import {
  CHECK_RUN_LIMITS,
  type CheckResult,
  MAX_TRIALS_HELP,
} from '../scenario/check-scenarios.ts';
import { checkTable } from '../scenario/check-table.ts';
import { DETECTION_POWER, EXACT_TOLERANCE, RUN_FALSE_ALARM } from '../scenario/judge.ts';
import {
  BASELINE_FILE,
  checkScenarioFiles,
  SCENARIO_DIR,
  SCENARIO_FILES,
  SCENARIO_PATH,
} from '../scenario/scenario-files.ts';
import { stopUntilPlaced } from './abort-on-sigint.ts';
import { checkFolder, fileFlag, folderFlag, pathArguments } from './flags.ts';
import { countFlag, threadsFlag } from './simulation-flags.ts';
import { proseLayout } from './terminal-prose.ts';
import { checkWritable, writeFilesAtomically } from './write-files.ts';

/** The files `check` writes into `--out`. */
const CHECK_FILES = { junit: 'check.junit.xml', markdown: 'check.md' } as const;

/**
 * `dicelab check [files…]`: runs every scenario's analyses and judges its expectations, prints
 * the table (scenario, expectation, figure, verdict) and the figures that moved from the
 * baseline, and writes `check.junit.xml` and `check.md` atomically into `--out`. Exit status:
 * `EXIT`: 0 all pass, 1 a failure or a regression, 2 bad input (nothing run, nothing
 * written), 3 inconclusive; a bug is 70 and an output not written 74, never 1.
 */
export function registerCheck(program: Command) {
  program
    .command('check')
    .description(
      `judge the scenario files’ expectations and compare every figure with the baseline (exit ${EXIT.ok} pass, ${EXIT.failed} fail, ${EXIT.badInput} bad input, ${EXIT.inconclusive} inconclusive, ${EXIT.internal} a bug, ${EXIT.outputFailed} output not written)`,
    )
    .argument(
      '[files...]',
      `scenario files or folders, a folder giving its ${SCENARIO_FILES} (default: ${SCENARIO_DIR}/)`,
    )
    .option('--out <dir>', 'folder for check.junit.xml and check.md', folderFlag, 'reports')
    .option('--baseline <file>', 'the baseline to compare with', fileFlag, BASELINE_FILE)
    .option('--no-baseline', 'compare with no baseline')
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
Exact figures are compared within ${EXACT_TOLERANCE}. A simulated figure fails only when its whole interval
is on the wrong side of a bound and passes only when it is wholly on the right side; in
between, trials grow ×4 up to the cap, then the expectation is inconclusive (exit 3). A figure
moved from the baseline (exact: beyond ${EXACT_TOLERANCE}; simulated: a two-sample test) is a regression
(exit 1); record intended changes with \`dicelab baseline <the same files> --write\`. When
nothing changed, a run reports anything about its simulated figures with probability at most
${RUN_FALSE_ALARM} (their tests share that budget); each simulated figure's smallest move
detected with ${DETECTION_POWER * 100}% power is printed. Files are named in the baseline by
their path from its folder, so a check gives the same verdict from any working folder.

Examples:
  dicelab check                          every scenario file in ${SCENARIO_DIR}/, reports/check.{junit.xml,md}
  dicelab check scenarios/bram-gate.yaml --no-baseline --quiet
  dicelab check --out /tmp/ci --seed 7`,
    )
    .action(async (files, options, command) => {
      pathArguments('files', files, SCENARIO_PATH);
      checkFolder('--out', options.out);
      await checkWritable(
        { flag: '--out', given: options.out, names: 'folder' },
        Object.values(CHECK_FILES),
      );
      // The default baseline may be missing (none recorded yet); one given must be there.
      const given = command.getOptionValueSource('baseline') !== 'default';
      // The bar loads here, with the command that draws it.
      const progress = (await import('./check-progress.ts')).checkProgress(options.quiet);
      let result: CheckResult;
      try {
        result = await checkScenarioFiles(
          files,
          {
            ...(given ? { baseline: options.baseline } : {}),
            ...(options.seed === undefined ? {} : { seed: options.seed }),
            ...(options.maxTrials === undefined ? {} : { maxTrials: options.maxTrials }),
            ...(options.threads === undefined ? {} : { threads: options.threads }),
            ...progress.options,
          },
          '--baseline',
        );
      } finally {
        progress.stop();
      }
      // A signal once the reports are in place is let be: the table is said, the status the verdict's.
      await stopUntilPlaced(async (placed) => {
        const written = await writeFilesAtomically(
          options.out,
          [
            { name: CHECK_FILES.junit, content: checkJunit(result) },
            { name: CHECK_FILES.markdown, content: checkMarkdown(result) },
          ],
          undefined,
          placed,
        );
        // The table is read in columns; the lines about it wrap on a terminal.
        const prose = await proseLayout();
        process.stdout.write(
          `${checkTable(result, prose)}\n${prose([`wrote ${written.join(', ')}`]).join('\n')}\n`,
        );
      });
      process.exitCode = result.status;
    });
  return program;
}
