import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILT_PAGE } from '../../src/cli/report.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { chartFileNames } from '../../src/report/chart-file-names.ts';
import { OFFLINE_PAGE } from '../../src/report/offline-page.ts';
import { DEFAULT_REPORT } from '../../src/report/zidara/default-report.ts';
import { jobName } from '../../src/systems/run-analysis.ts';
import { runNode, TSX_LOADER } from './run-dicelab.ts';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/** The files the built-in report writes (the offline page only when it is built: not asked here). */
const REPORT_FILES = [
  'index.html',
  ...DEFAULT_REPORT.flatMap((job) => Object.values(chartFileNames(jobName(job)))),
];

/**
 * A folder holding a previous report (each of its files reading `old <name>`) and a file of
 * the user's that no report writes.
 */
async function previousReport(): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'dicelab-stop-report-'));
  for (const name of [...REPORT_FILES, OFFLINE_PAGE.fileName, 'baseline.json'])
    await writeFile(join(out, name), `old ${name}`);
  return out;
}

/** The report's files in `out` that are no longer the previous report's, and the temporaries. */
function whatChanged(out: string) {
  const names = readdirSync(out);
  return {
    renewed: REPORT_FILES.filter((name) => readFileSync(join(out, name), 'utf8') !== `old ${name}`),
    temps: names.filter((name) => name.endsWith('.tmp')),
  };
}

/** `dicelab report ...scenarios --out out` in a child on src (its stdout and stderr piped). */
function report(
  out: string,
  scenarios: string[] = [],
): { child: ChildProcess; stdout: () => string; stderr: () => string } {
  const args = ['--import', 'tsx', MAIN, 'report', ...scenarios, '--out', out];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  return { child, stdout: () => stdout, stderr: () => stderr };
}

const ended = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );

describe('dicelab report stopped by a signal while it solves and draws', () => {
  it.each<[NodeJS.Signals, number]>([
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
  ])(
    '%s: one line, exit %i, the previous report untouched',
    async (signal, code) => {
      const out = await previousReport();
      try {
        const run = report(out);
        // The first analysis is done: the others and the drawing are still to come.
        let sent = false;
        run.child.stderr!.on('data', () => {
          if (sent || !run.stderr().includes('[1/9] ')) return;
          sent = true;
          run.child.kill(signal);
        });
        const end = await ended(run.child);
        // Before, nothing listened while the analyses ran on the main thread: no line, the
        // process ended by the signal.
        expect({ end, last: run.stderr().split('\n').at(-2) }).toEqual({
          end: { code, signal: null },
          last: `dicelab: stopped (${signal})`,
        });
        expect(whatChanged(out)).toEqual({ renewed: [], temps: [] });
        expect(await readFile(join(out, 'baseline.json'), 'utf8')).toBe('old baseline.json');
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

/** A scenario whose one analysis takes seconds to solve (a 30-step split into up to 4 dice). */
const LONG_SCENARIO = `scenario: A long solve
characters:
  hero: { name: a hero, titles: 3, resolve: 3, actions: { push: 30 } }
threats:
  wall: { name: a wall, challenge: 4 }
analyses:
  splits: { analysis: splits, character: hero, action: push, actions: 4, vs: wall, top: 1 }
`;

describe('dicelab report stopped by a signal in a long solve', () => {
  it.each<[NodeJS.Signals, number]>([
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
  ])(
    '%s: stops the solve, says one line, exit %i, writes nothing',
    async (signal, code) => {
      const dir = await mkdtemp(join(tmpdir(), 'dicelab-stop-report-'));
      try {
        const scenario = join(dir, 'long.yaml');
        await writeFile(scenario, LONG_SCENARIO);
        const out = join(dir, 'out');
        await mkdir(out);
        const run = report(out, [scenario]);
        // The folder is tried twice (a temporary file made and removed), the second time just
        // before the solve: the signal goes once that file is gone.
        const probes = new Set<string>();
        let sent = false;
        const watcher = watch(out, (_event, name) => {
          if (sent || !name?.endsWith('.tmp')) return;
          probes.add(name);
          if (probes.size < 2 || existsSync(join(out, name))) return;
          sent = true;
          run.child.kill(signal);
        });
        const end = await ended(run.child);
        watcher.close();
        // Before, the solve on the main thread held the signal back: with nothing listening the
        // process ended by it, no line said; with a listener, only once the solve was done and
        // said (`[1/1] splits long-splits: 1 rows (4.5 s)`).
        expect({ end, stderr: run.stderr() }).toEqual({
          end: { code, signal: null },
          stderr: `${signal === 'SIGINT' ? '\n' : ''}dicelab: stopped (${signal})\n`,
        });
        expect(await readdir(out)).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

/**
 * `dicelab report` over a previous report, frozen (SIGSTOP) the moment the first of its files is
 * renamed into place, sent `signal` and let go on: how it ended, and its folder then.
 * `renamedWhenFrozen`: how many of the report's files were new then (some are renamed while the
 * stop is on its way).
 */
async function stopWhileRenaming(signal: NodeJS.Signals) {
  const out = await previousReport();
  const run = report(out);
  // Stopped (T), or already ended (Z: its files all renamed, it went on to its end).
  const frozen = () => /^\d+ \(.*\) [TZ]/.test(readFileSync(`/proc/${run.child.pid}/stat`, 'utf8'));
  let renamedWhenFrozen: number | undefined;
  const watcher = watch(out, (_event, name) => {
    if (renamedWhenFrozen !== undefined || !REPORT_FILES.includes(name ?? '')) return;
    if (run.child.exitCode !== null) return;
    run.child.kill('SIGSTOP');
    while (!frozen()) {} // the stop is delivered in microseconds
    renamedWhenFrozen = whatChanged(out).renewed.length;
    run.child.kill(signal);
    run.child.kill('SIGCONT');
  });
  const end = await ended(run.child);
  watcher.close();
  const after = { ...whatChanged(out), baseline: readFileSync(join(out, 'baseline.json'), 'utf8') };
  await rm(out, { recursive: true, force: true });
  return { renamedWhenFrozen, end, stdout: run.stdout(), stderr: run.stderr(), after };
}

describe('dicelab report sent a signal while it renames its files into place', () => {
  it.each<NodeJS.Signals>(['SIGINT', 'SIGTERM'])(
    '%s: the folder holds the whole new report, none of it mixed with the old, and it says so',
    async (signal) => {
      // A few runs, as the stop lands after a varying number of renames.
      for (let attempt = 0; attempt < 3; attempt++) {
        const run = await stopWhileRenaming(signal);
        expect(run.renamedWhenFrozen, 'stopped once a file was renamed').toBeGreaterThan(0);
        // Before, the handler ran between two renames: the new report's first files beside the
        // rest of the old one (its index.html too), exit 130/143 all the same.
        expect(run.after).toEqual({
          renewed: REPORT_FILES,
          temps: [],
          baseline: 'old baseline.json',
        });
        // The signal's handler runs after the last rename: the run ends as it would have, its
        // lines said, exit 0; or, when the signal came after the run had said them and given the
        // signals back to Node (in the milliseconds of its exit), Node's own end. Before, it said
        // `dicelab: stopped (SIGINT); no temporary file left behind` (exit 130, 143) and not
        // where the report it had written is.
        expect(run.stdout).toMatch(/^report: \S+\/index\.html \(9 analyses, /);
        expect(run.stderr).not.toMatch('stopped');
        expect([
          { code: EXIT.ok, signal: null },
          { code: null, signal },
        ]).toContainEqual(run.end);
      }
    },
    120_000,
  );
});

const RUN_REPORT = fileURLToPath(new URL('../../src/cli/report.ts', import.meta.url));

/**
 * `runReport` of one short analysis in a child, sent `signal` by itself once the report is whole
 * on disk (its `written` point), going on when the signal's listeners have run (the report's
 * first, as it listened first): how it ended, and what it wrote.
 */
function signalOnceWritten(out: string, signal: NodeJS.Signals) {
  const job = { analysis: 'stated-splits', splits: ['d12', 'd6+d6'], options: { challenge: 3 } };
  const script = `import { runReport } from ${JSON.stringify(RUN_REPORT)};
await runReport(${JSON.stringify({ jobs: [{ job }] })}, ${JSON.stringify(out)}, () => {}, () =>
  new Promise((heard) => {
    // Held open until then: a signal's listener does not keep Node's loop alive.
    const open = setInterval(() => {}, 2 ** 30);
    process.once(${JSON.stringify(signal)}, () => heard(clearInterval(open)));
    process.kill(process.pid, ${JSON.stringify(signal)});
  }),
);`;
  return runNode(['--import', TSX_LOADER, '--input-type=module', '-e', script]);
}

describe('dicelab report sent a signal once the report is whole on disk', () => {
  it.each<NodeJS.Signals>(['SIGINT', 'SIGTERM'])(
    '%s: the run ends as it would have, its lines said, exit 0',
    async (signal) => {
      const out = await mkdtemp(join(tmpdir(), 'dicelab-stop-report-'));
      try {
        const run = await signalOnceWritten(out, signal);
        const built = existsSync(BUILT_PAGE);
        // Before, the handler said `dicelab: stopped (SIGINT)` and exited 130 (143), the report
        // it had written whole in place: a success reported as a stop.
        expect(run.code).toBe(EXIT.ok);
        const page = `page: ${join(out, OFFLINE_PAGE.fileName)} (offline; opens on a phone too)\n`;
        expect(run.stdout.replace(/\d+\.\d s\)/, 'N s)')).toBe(
          `report: ${join(out, 'index.html')} (1 analysis, N s)\n${built ? page : ''}`,
        );
        expect(run.stderr).toEqual(
          built ? '' : expect.stringMatching(/^report: the offline page is not built/),
        );
        expect((await readdir(out)).sort()).toEqual(
          [
            'index.html',
            ...Object.values(chartFileNames('stated-splits')),
            ...(built ? [OFFLINE_PAGE.fileName] : []),
          ].sort(),
        );
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
