import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, watch } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/process/exit-status.ts';
import { chartFileNames } from '../../src/report/chart-file-names.ts';
import { OFFLINE_PAGE } from '../../src/report/offline-page.ts';
import { DEFAULT_REPORT } from '../../src/report/zidara/default-report.ts';
import { jobName } from '../../src/systems/run-analysis.ts';

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

/** `dicelab report --out out` in a child on src (its stderr piped, the rest ignored). */
function report(out: string): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'report', '--out', out], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  return { child, stderr: () => stderr };
}

const ended = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );

/**
 * `dicelab report` over a previous report, frozen (SIGSTOP) the moment the first of its files is
 * renamed into place, sent `signal` and let go on: how it ended, and its folder then.
 * `renamedWhenFrozen`: how many of the report's files were new then (some are renamed while the
 * stop is on its way).
 */
async function stopWhileRenaming(signal: NodeJS.Signals) {
  const out = await previousReport();
  const run = report(out);
  const frozen = () => /^\d+ \(.*\) T/.test(readFileSync(`/proc/${run.child.pid}/stat`, 'utf8'));
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
  return { renamedWhenFrozen, end, stderr: run.stderr(), after };
}

describe('dicelab report stopped by a signal while it renames its files into place', () => {
  it.each<[NodeJS.Signals, number]>([
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
  ])(
    '%s: the folder holds the whole new report, none of it mixed with the old',
    async (signal, code) => {
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
        expect(run.end).toEqual({ code, signal: null });
        expect(run.stderr.split('\n').at(-2)).toMatch(`dicelab: stopped (${signal})`);
      }
    },
    120_000,
  );
});
