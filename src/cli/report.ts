import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '@commander-js/extra-typings';
import { countOf } from '../format/format-count.ts';
import { invalid } from '../input/input-error.ts';
import { chartFileNames } from '../report/chart-file-names.ts';
import { reportPage } from '../report/html.ts';
import { OFFLINE_PAGE } from '../report/offline-page.ts';
import type { ReportPlan } from '../report/report-plan.ts';
import { type AnalysisOutput, analysisOutput } from '../report/zidara/analysis-output.ts';
import { DEFAULT_REPORT } from '../report/zidara/default-report.ts';
import { loadScenarioFiles, SCENARIO_PATH } from '../scenario/scenario-files.ts';
import { scenarioReport } from '../scenario/scenario-report.ts';
import { jobName } from '../systems/run-analysis.ts';
import { stopUntilPlaced } from './abort-on-sigint.ts';
import { runOnAnalysisThread } from './analysis-worker.ts';
import { checkFolder, folderFlag, pathArguments } from './flags.ts';
import { drawChartFiles } from './write-chart-files.ts';
import { checkWritable, type FileToWrite, writeFilesAtomically } from './write-files.ts';

/**
 * `dicelab report [scenarios...] --out DIR`: runs the report's analyses and writes
 * `DIR/index.html` (every chart with its table, readable offline) next to each chart's
 * `.csv`, `.vl.json`, `.svg` and `.png`. One progress line per analysis on stderr.
 */
export function registerReport(program: Command) {
  program
    .command('report')
    .description(
      'run the analyses and write one offline HTML page with every chart, table and file',
    )
    .argument(
      '[scenarios...]',
      'scenario files or folders: run the analyses they list (default: the built-in report)',
    )
    .option('--out <dir>', 'folder to write the report into', folderFlag, 'reports')
    .option('-q, --quiet', 'no progress lines on stderr')
    .addHelpText(
      'after',
      `
The built-in report answers the design card's questions: how to split 8 steps against a
Challenge 3 Warden with two tags, d12 or d6+d6, what advantage adds, whether Aura fishing
pays, what Resolve is worth, and which Challenge suits each step count.

Examples:
  dicelab report                    writes reports/index.html and each chart's files
  dicelab report --out /tmp/report --quiet
  dicelab report scenarios/ --out reports/scenarios   the analyses the scenario files list`,
    )
    .action(async (scenarios, options) => {
      checkFolder('--out', options.out);
      // Written at the end of minutes of work: a folder no file can be made in is refused now,
      // before the scenario files are read (a folder in the place of a file, once their names are).
      await checkWritable({ flag: '--out', given: options.out, names: 'folder' });
      const plan = reportPlan(scenarios);
      const say = options.quiet ? () => {} : (line: string) => process.stderr.write(`${line}\n`);
      await runReport(plan, options.out, say);
    });
}

/**
 * `dicelab report`'s run once its flags are read: {@link writeReport}, then where the pages are
 * on stdout. Nothing to give before the end: until the report is whole on disk Ctrl-C stops at
 * once, as SIGTERM does, with one line (exit 130 or 143) and nothing written; from its last
 * rename on, either is let be and the run ends as it would have (exit 0): the report it says it
 * wrote is there. `written` is awaited then, before those lines (a test sends a signal there).
 */
export async function runReport(
  plan: ReportPlan,
  out: string,
  say: (line: string) => void,
  written: () => Promise<void> | void = () => {},
): Promise<void> {
  await stopUntilPlaced(async (placed) => {
    const { index, page, seconds } = await writeReport(plan, out, say, BUILT_PAGE, placed);
    await written();
    process.stdout.write(
      `report: ${resolve(index)} (${countOf(plan.jobs.length, 'analysis', 'analyses')}, ${seconds.toFixed(1)} s)\n`,
    );
    if (page) process.stdout.write(`page: ${resolve(page)} (offline; opens on a phone too)\n`);
    else
      process.stderr.write(
        `report: the offline page is not built (${BUILT_PAGE} is missing): run npm run build to have ${OFFLINE_PAGE.fileName} beside the report\n`,
      );
  });
}

/**
 * The offline page as `npm run build` leaves it: the package root is two folders above this
 * module, whether it runs from src/cli or dist/cli.
 */
export const BUILT_PAGE = fileURLToPath(
  new URL(`../../${OFFLINE_PAGE.buildDir}/${OFFLINE_PAGE.fileName}`, import.meta.url),
);

/** The built-in report: the design card's questions, each its chart's heading. */
export const DEFAULT_REPORT_PLAN: ReportPlan = { jobs: DEFAULT_REPORT.map((job) => ({ job })) };

/**
 * What a report runs: the built-in set, or the analyses scenario files list under the files'
 * names (see scenarioReport; every file is checked first, problems as `path:line:col`).
 */
export function reportPlan(scenarios: readonly string[]): ReportPlan {
  if (scenarios.length === 0) return DEFAULT_REPORT_PLAN;
  pathArguments('scenarios', scenarios, SCENARIO_PATH);
  const plan = scenarioReport(loadScenarioFiles(scenarios));
  if (plan.jobs.length === 0)
    throw invalid('scenarios', scenarios.join(' '), 'scenario files that list analyses');
  return plan;
}

/**
 * Runs every job of `plan` and draws every chart before anything is written, then writes each chart's
 * four files, the page `index.html` and, beside it, a copy of the offline page `builtPage`
 * (linked from index.html; left out, with no link, when that file does not exist) in one atomic
 * batch: bad parameters or a path that cannot be written leave no file touched, nor does a
 * stop by SIGINT or SIGTERM (after the last rename it leaves the whole report), and a job name
 * used twice or that no file can have is refused before any analysis runs. Each analysis runs
 * on the analyses' worker thread. `say` gets one progress line per analysis; `placed` is called
 * the moment the report is whole on disk (see writeFilesAtomically). Returns the pages' paths,
 * the outputs and the seconds taken.
 */
export async function writeReport(
  plan: ReportPlan,
  dir: string,
  say: (line: string) => void = () => {},
  builtPage: string = BUILT_PAGE,
  placed: () => void = () => {},
): Promise<{ index: string; page?: string; outputs: AnalysisOutput[]; seconds: number }> {
  const start = performance.now();
  const offline = await readFile(builtPage).catch(() => undefined);
  const names = new Set<string>();
  const fileNames = ['index.html', ...(offline ? [OFFLINE_PAGE.fileName] : [])];
  const jobs = plan.jobs.map(({ job }) => job);
  for (const job of jobs) {
    const name = jobName(job);
    if (names.has(name) || name === 'index')
      throw invalid('report job name', name, 'a name used once, not "index"');
    // A name its files cannot have (a scenario file's "Ash fights.yaml") is refused before the work.
    fileNames.push(...Object.values(chartFileNames(name)));
    names.add(name);
  }
  // Written at the end of minutes of work: a folder no file can be made in, or a folder where
  // one of the files goes, is refused now (as the write at the end would, `--out` being `dir`).
  await checkWritable({ flag: '--out', given: dir, names: 'folder' }, fileNames);
  const outputs: AnalysisOutput[] = [];
  for (const [i, job] of jobs.entries()) {
    const t = performance.now();
    // On a worker thread: on this one a long solve held Ctrl-C and SIGTERM back.
    const output = analysisOutput(await runOnAnalysisThread(job));
    outputs.push(output);
    say(
      `[${i + 1}/${jobs.length}] ${job.analysis} ${output.name}: ${output.rows.length} rows (${seconds(t)} s)`,
    );
  }
  const sections = [];
  const toWrite: FileToWrite[] = [];
  for (const [i, output] of outputs.entries()) {
    const t = performance.now();
    const chart = await drawChartFiles(output.name, {
      spec: output.spec,
      rows: output.csvRows,
      columns: output.csvColumns,
    });
    toWrite.push(...chart.toWrite);
    const { files, svg } = chart;
    say(`drew ${output.name}.svg and .png (${seconds(t)} s)`);
    const label = plan.jobs[i]!.label;
    sections.push({
      id: output.name,
      ...(label === undefined ? {} : { label }),
      title: output.title,
      description: [output.description, ...output.findings].join(' '),
      svg,
      links: [
        { label: 'CSV', href: files.csv },
        { label: 'Vega-Lite spec', href: files.vlJson },
        { label: 'SVG', href: files.svg },
        { label: 'PNG', href: files.png },
      ],
      table: output.table,
    });
  }
  const page = reportPage({
    title: plan.title ?? "Zi'Dara: how likely is the roll, and how best to make it?",
    ...(plan.about ? { about: plan.about } : {}),
    intro:
      'Every figure is exact: each roll is solved over every defence, every die and every decision, ' +
      "with Aura, Resolve and the archetype's +2 played optimally under the rules page's defaults unless a chart says otherwise. " +
      'Each chart links its data (CSV), its Vega-Lite spec and its images.',
    ...(offline
      ? {
          links: [
            {
              label: `Ask your own question: the interactive page (${OFFLINE_PAGE.fileName}, works offline and on a phone)`,
              href: OFFLINE_PAGE.fileName,
            },
          ],
        }
      : {}),
    sections,
  });
  // One batch: a file that cannot be written (index.html a folder, say) leaves no chart behind.
  await writeFilesAtomically(
    dir,
    [
      ...toWrite,
      { name: 'index.html', content: page },
      ...(offline ? [{ name: OFFLINE_PAGE.fileName, content: offline }] : []),
    ],
    { flag: '--out', given: dir, names: 'folder' },
    placed,
  );
  return {
    index: join(dir, 'index.html'),
    ...(offline ? { page: join(dir, OFFLINE_PAGE.fileName) } : {}),
    outputs,
    seconds: (performance.now() - start) / 1000,
  };
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}
