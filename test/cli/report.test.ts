import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_PLAN, reportPlan, writeReport } from '../../src/cli/report.ts';
import { InputError } from '../../src/input/input-error.ts';
import type { ReportPlan } from '../../src/report/report-plan.ts';
import { DEFAULT_REPORT } from '../../src/report/zidara/default-report.ts';
import type { AnalysisJob } from '../../src/systems/run-analysis.ts';
import { launchTestBrowser, type TestBrowser } from '../report/browser.ts';
import { validateVegaLite } from '../report/vega-lite-schema.ts';
import { SMALL_JOBS } from '../report/zidara/small-jobs.ts';
import { NAMED_SCENARIO, NAMED_SCENARIO_SHOWN } from '../scenario/named-scenario.ts';
import { runInProcess } from './run-in-process.ts';

/** A report of `jobs` alone, as the built-in report is: each section headed by its question. */
function planOf(jobs: readonly AnalysisJob[]): ReportPlan {
  return { jobs: jobs.map((job) => ({ job })) };
}

let browser: TestBrowser;
let dir: string;

beforeAll(async () => {
  [browser, dir] = await Promise.all([
    launchTestBrowser(),
    mkdtemp(join(tmpdir(), 'dicelab-report-')),
  ]);
});
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('dicelab report', () => {
  it('writes one offline page with every chart visible, and each chart’s four files', async () => {
    const said: string[] = [];
    // A stand-in for the built offline page: the report copies it byte for byte and links it.
    const builtDir = await mkdtemp(join(tmpdir(), 'dicelab-built-'));
    const built = join(builtDir, 'dicelab.html');
    const builtHtml = '<!DOCTYPE html><title>offline page</title><p>é</p>\n';
    await writeFile(built, builtHtml);
    const { index, page, outputs } = await writeReport(
      planOf(SMALL_JOBS),
      dir,
      (line) => said.push(line),
      built,
    );
    expect(index).toBe(join(dir, 'index.html'));
    expect(page).toBe(join(dir, 'dicelab.html'));
    expect(await readFile(join(dir, 'dicelab.html'), 'utf8')).toBe(builtHtml);
    await rm(builtDir, { recursive: true, force: true });
    const files = (await readdir(dir)).sort();
    const expected = SMALL_JOBS.flatMap((job) =>
      ['csv', 'png', 'svg', 'vl.json'].map((ext) => `${job.name}.${ext}`),
    );
    // Nothing temporary left behind.
    expect(files).toEqual([...expected, 'dicelab.html', 'index.html'].sort());
    for (const job of SMALL_JOBS) {
      const spec = JSON.parse(await readFile(join(dir, `${job.name}.vl.json`), 'utf8'));
      expect(validateVegaLite(spec), job.name).toEqual([]);
    }
    // One progress line per analysis, and one per chart drawn.
    expect(said.filter((l) => /^\[\d\/6\] /.test(l))).toHaveLength(6);
    expect(outputs.map((o) => o.name)).toEqual(SMALL_JOBS.map((j) => j.name));

    const report = await browser.check(pathToFileURL(index).href);
    expect(report.consoleErrors).toEqual([]);
    expect(report.pageErrors).toEqual([]);
    expect(report.outsideRequests).toEqual([]);
    expect(report.failedRequests).toEqual([]);
    expect(report.sections.map((s) => s.id)).toEqual(SMALL_JOBS.map((j) => j.name));
    for (const section of report.sections) {
      expect(section.charts, section.id).toHaveLength(1);
      expect(section.charts[0]!.visible, section.id).toBe(true);
      expect(section.charts[0]!.width).toBeGreaterThan(300);
    }
    const html = await readFile(index, 'utf8');
    expect(html).toMatch(/<a href="dicelab\.html">Ask your own question[^<]*<\/a>/);
    expect(html).toContain('<a href="splits.csv">CSV</a>');
    expect(html).toContain('d12 beats d6+d6: 70.8% vs 57.9% (+13.0 pts).');
  });

  it('runs the analyses scenario files list, and the built-in set without', () => {
    expect(reportPlan([])).toBe(DEFAULT_REPORT_PLAN);
    expect(DEFAULT_REPORT_PLAN.jobs.map(({ job }) => job)).toEqual(DEFAULT_REPORT);
    expect(reportPlan(['scenarios/vesk-locks.yaml']).jobs.map(({ job }) => job.name)).toEqual([
      'vesk-locks-locks-resolve',
      'vesk-locks-vault-fishing',
    ]);
    expect(() => reportPlan(['balance.yaml'])).toThrow(InputError);
    expect(() => reportPlan(['balance.yaml'])).toThrow(/balance\.yaml: cannot read/);
  });

  it("titles a scenario's page and heads each section with its names, every <, & and quote shown as written", async () => {
    const out = await mkdtemp(join(tmpdir(), 'dicelab-report-'));
    try {
      const file = join(out, 'boost.yaml');
      await writeFile(file, NAMED_SCENARIO);
      const { index } = await writeReport(reportPlan([file]), join(out, 'report'));
      const html = await readFile(index, 'utf8');
      // Escaped in the text: no name's < opens a tag.
      expect(html).toContain('<h1>Bigger boosts for the &lt;Knight&gt; &amp; &quot;co&quot;</h1>');
      expect(html).not.toMatch(/<(b|B|Knight)>/);
      const open = await browser.open(pathToFileURL(index).href);
      try {
        const { page } = open;
        const texts = (selector: string) => page.locator(selector).allTextContents();
        expect(await page.title()).toBe(NAMED_SCENARIO_SHOWN.title);
        expect(await texts('h1')).toEqual([NAMED_SCENARIO_SHOWN.title]);
        expect(await texts('p.intro')).toContain(NAMED_SCENARIO_SHOWN.about[0]);
        expect(await texts('section > h2')).toEqual(NAMED_SCENARIO_SHOWN.labels);
        // Under each label, the analysis' own question; the two tunes ask the same one.
        const questions = await texts('section > h3');
        expect(questions).toHaveLength(NAMED_SCENARIO_SHOWN.labels.length);
        expect(questions[0]).toBe(questions[1]);
        const contents = await texts('nav li');
        NAMED_SCENARIO_SHOWN.labels.forEach((label, i) => {
          expect(contents[i]).toBe(`${label} — ${questions[i]}`);
        });
        expect(open.trouble().consoleErrors).toEqual([]);
      } finally {
        await open.close();
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('leaves the offline page out, and unlinked, when it has not been built', async () => {
    const out = await mkdtemp(join(tmpdir(), 'dicelab-report-'));
    try {
      const { page, index } = await writeReport(
        planOf([SMALL_JOBS[1]!]),
        out,
        () => {},
        join(out, 'none.html'),
      );
      expect(page).toBeUndefined();
      expect(await readdir(out)).not.toContain('dicelab.html');
      expect(await readFile(index, 'utf8')).not.toContain('dicelab.html');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('refuses, before any analysis, a folder where one of its files goes (index.html, the offline page or a chart file a folder)', async () => {
    const out = await mkdtemp(join(tmpdir(), 'dicelab-report-'));
    try {
      const built = join(out, 'built.html');
      await writeFile(built, '<!DOCTYPE html><title>offline page</title>\n');
      const job = SMALL_JOBS[1]!;
      for (const [i, inTheWay] of ['index.html', 'dicelab.html', `${job.name}.png`].entries()) {
        const dir = join(out, String(i));
        await mkdir(join(dir, inTheWay), { recursive: true });
        const said: string[] = [];
        await expect(
          writeReport(planOf([job]), dir, (line) => said.push(line), built),
        ).rejects.toThrow(
          `--out: ${JSON.stringify(dir)} is not allowed (expected a folder dicelab can write files in, but ${join(dir, inTheWay)} is a folder)`,
        );
        // Before, every analysis ran first (and, earlier still, the charts' files were written and stayed).
        expect(said).toEqual([]);
        expect(await readdir(dir)).toEqual([inTheWay]);
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('refuses a scenario splits search too large at its field before running any analysis', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'dicelab-report-'));
    try {
      const file = join(folder, 'huge.yaml');
      // `small` comes first: it ran (seconds) before `huge` was sized and refused at its turn.
      await writeFile(
        file,
        `scenario: a splits search too large to score
characters:
  bram: { titles: 1, actions: { fight: 24, swing: 6 } }
analyses:
  small: { analysis: splits, character: bram, action: swing, challenge: 3, intents: [1] }
  huge: { analysis: splits, character: bram, action: fight, actions: 4, challenge: 3, intents: [1, 2] }
`,
      );
      const out = join(folder, 'out');
      const run = await runInProcess(['report', file, '--out', out]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /^dicelab: .*huge\.yaml:6:96: analyses\.huge\.intents: scoring these 3,622 splits exactly is 223,613,820 dice-and-Aura states .*: allow at most 1 intent, or fewer steps or actions \(nothing was solved\)\n$/,
      );
      expect(run.stderr).not.toMatch(/\[1\/2\]/);
      expect(run.stdout).toBe('');
      expect(await readdir(folder)).toEqual(['huge.yaml']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a job list with a name used twice before writing anything', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'dicelab-report-'));
    try {
      const twice = [SMALL_JOBS[1]!, SMALL_JOBS[1]!];
      await expect(writeReport(planOf(twice), empty)).rejects.toThrow(/used once/);
      expect(await readdir(empty)).toEqual([]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('refuses a name its files cannot have before running any analysis', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'dicelab-report-'));
    try {
      // What a scenario file "Ash fights.yaml" names its jobs: refused after every analysis ran.
      const jobs = [SMALL_JOBS[1]!, { ...SMALL_JOBS[2]!, name: 'Ash fights-advantage' }];
      const said: string[] = [];
      await expect(writeReport(planOf(jobs), empty, (line) => said.push(line))).rejects.toThrow(
        'chart name: "Ash fights-advantage" is not allowed (expected letters, digits, ".", "_" and "-", starting with a letter or digit)',
      );
      expect(said).toEqual([]);
      expect(await readdir(empty)).toEqual([]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

/**
 * Runs `dicelab report` in a child and, the moment a temporary file appears in its folder,
 * freezes it (SIGSTOP), checks a temporary file is really there, sends `signal` and lets it go
 * on: the signal arrives while the temporary file exists. Returns how the child ended, or
 * undefined if it wrote everything before a temporary file could be caught.
 */
async function stopWhileWriting(signal: 'SIGINT' | 'SIGTERM') {
  const out = await mkdtemp(join(tmpdir(), 'dicelab-stop-'));
  const main = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
  const scenario = fileURLToPath(new URL('../../scenarios/dorrie-talk.yaml', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', main, 'report', scenario, '--out', out, '--quiet'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const temps = () => readdirSync(out).filter((name) => name.endsWith('.tmp'));
  const stopped = () => /^\d+ \(.*\) T/.test(readFileSync(`/proc/${child.pid}/stat`, 'utf8'));
  let caught: string[] | undefined;
  const watcher = watch(out, (_event, name) => {
    if (caught || !name?.endsWith('.tmp') || child.exitCode !== null) return;
    child.kill('SIGSTOP');
    while (!stopped()) {} // the stop is delivered in microseconds
    const now = temps();
    if (now.length > 0) {
      caught = now;
      child.kill(signal);
    }
    child.kill('SIGCONT');
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  watcher.close();
  const left = temps();
  await rm(out, { recursive: true, force: true });
  return caught ? { code, stderr, caught, left } : undefined;
}

describe('dicelab report stopped while it writes', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('on %s removes its temporary files and exits %i', async (signal, status) => {
    let run: Awaited<ReturnType<typeof stopWhileWriting>>;
    for (let attempt = 0; attempt < 5 && !run; attempt++) run = await stopWhileWriting(signal);
    expect(run, 'a temporary file was caught in 5 runs').toBeDefined();
    expect(run!.caught.length).toBeGreaterThan(0);
    expect(run!.left).toEqual([]);
    expect(run!.code).toBe(status);
    expect(run!.stderr).toBe(`\ndicelab: stopped (${signal}); no temporary file left behind\n`);
  });
});
