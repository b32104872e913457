import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/process/exit-status.ts';
import { builtFile } from '../built.ts';
import { builtCliCommand } from './fake-terminal.ts';
import { type ChildRun, runNode } from './run-dicelab.ts';

/** A whole fight whose exact solve takes seconds on two threads, drawing its bar on a terminal. */
const BIG_FIGHT = [
  ...['zidara', 'fight', '--vs', '5', '--tags', '6', '--steps', '18', '--max-rounds', '12'],
  ...['--fight-policy', 'whole-fight', '--no-simulate', '--threads', '2'],
];

const hasScript = (() => {
  try {
    return execFileSync('script', ['--version'], { encoding: 'utf8' }).includes('util-linux');
  } catch {
    return false;
  }
})();

/**
 * The built CLI on a pseudo-terminal (util-linux `script`), Ctrl-C typed on it once `waitFor`
 * has been drawn: what the terminal received, and the exit status.
 */
function ctrlCOnTerminal(
  args: string[],
  waitFor: string,
): Promise<{ code: number | null; screen: string }> {
  const command = builtCliCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, FORCE_COLOR: '0', COLUMNS: '200' },
    });
    let screen = '';
    let typed = false;
    child.stdout.on('data', (chunk) => {
      screen += chunk;
      if (!typed && screen.includes(waitFor)) {
        typed = true;
        child.stdin.write('\x03');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen }));
  });
}

/**
 * The built CLI on a pseudo-terminal, sent `signal` (as `kill` sends it) once `waitFor` has been
 * drawn: what the terminal received, and the exit status. The shell says the CLI's process id
 * before it becomes it.
 */
function signalOnTerminal(
  args: string[],
  waitFor: string,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; screen: string }> {
  const command = `exec ${builtCliCommand(args)}`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', `echo pid $$; ${command}`, '/dev/null'], {
      env: { ...process.env, FORCE_COLOR: '0', COLUMNS: '200' },
    });
    let screen = '';
    let sent = false;
    child.stdout.on('data', (chunk) => {
      screen += chunk;
      const pid = /pid (\d+)/.exec(screen)?.[1];
      if (!sent && pid && screen.includes(waitFor)) {
        sent = true;
        process.kill(Number(pid), signal);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen }));
  });
}

/** The built CLI with pipes for its output, sent `signal` `after` ms in. */
function signalled(args: string[], signal: NodeJS.Signals, after: number) {
  return runNode([builtFile('bin/dicelab.js'), ...args], { signal: { name: signal, after } });
}

describe('an exact whole-fight solve stopped by a signal', () => {
  it.skipIf(!hasScript)(
    'Ctrl-C on a terminal: the bar cleared, then one line, exit 130',
    async () => {
      const run = await ctrlCOnTerminal(BIG_FIGHT, 'solving the fight exactly [');
      // cli-progress's stop: back to where the bar began, the line cleared (the ^C echoed with
      // it); then the line. Before, the bar stayed, and no line: the process died by the signal.
      const esc = '\u001b';
      const end = `${esc}8${esc}[1G${esc}[2K\r\ndicelab: stopped (SIGINT)\r\n`;
      expect({ code: run.code, end: run.screen.slice(-end.length) }).toEqual({
        code: EXIT.interrupted,
        end,
      });
    },
    60_000,
  );

  it.each<[NodeJS.Signals, number]>([
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
  ])(
    '%s: one line on stderr, nothing on stdout, exit %i',
    async (signal, code) => {
      const run = await signalled(BIG_FIGHT, signal, 2000);
      expect(run).toEqual({
        code,
        stdout: '',
        stderr: `${signal === 'SIGINT' ? '\n' : ''}dicelab: stopped (${signal})\n`,
      });
    },
    60_000,
  );
});

describe('an exact whole-fight solve on one thread stopped by a signal', () => {
  it.skipIf(!hasScript).each<[NodeJS.Signals, number]>([
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
  ])(
    '%s on a terminal: the bar cleared, one line, exit %i',
    async (signal, code) => {
      const oneThread = BIG_FIGHT.map((arg, i) => (BIG_FIGHT[i - 1] === '--threads' ? '1' : arg));
      const run = await signalOnTerminal(oneThread, 'solving the fight exactly [', signal);
      // Before, one thread solved it on the main thread: no bar, no line, the process ended by
      // the signal.
      const esc = '\u001b';
      const end = `${esc}8${esc}[1G${esc}[2K${signal === 'SIGINT' ? '\r\n' : ''}dicelab: stopped (${signal})\r\n`;
      expect({ code: run.code, end: run.screen.slice(-end.length) }).toEqual({ code, end });
    },
    60_000,
  );
});

/** A splits run whose solve takes seconds, drawing its bar on a terminal. */
const BIG_SPLITS = [
  ...['zidara', 'splits', '--steps', '16', '--actions', '3', '--vs', '4', '--resolve', '3'],
  ...['--top', '1'],
];

describe('an analysis stopped by a signal while it solves', () => {
  it.skipIf(!hasScript).each<[NodeJS.Signals, number]>([
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
  ])(
    '%s on a terminal: the bar cleared, one line, exit %i, no chart file',
    async (signal, code) => {
      const dir = await mkdtemp(join(tmpdir(), 'dicelab-stop-'));
      try {
        const out = join(dir, 'charts');
        const run = await signalOnTerminal(
          [...BIG_SPLITS, '--out', out],
          'splits: solving [',
          signal,
        );
        // Before, the solve held the handler back and Node's own end left the bar drawn, no
        // line said, the process ended by the signal (no exit status).
        const esc = '\u001b';
        const end = `${esc}8${esc}[1G${esc}[2K${signal === 'SIGINT' ? '\r\n' : ''}dicelab: stopped (${signal})\r\n`;
        expect({ code: run.code, end: run.screen.slice(-end.length) }).toEqual({ code, end });
        expect(await readdir(dir)).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

/** What hold-analysis-thread.mjs says on stderr once a worker thread is held. */
const HELD = 'a worker thread held\n';

/**
 * The built CLI with its output piped, each worker thread it starts held before it takes a job
 * (test/cli/hold-analysis-thread.mjs), sent `signal` once one is: how it ended, what it wrote.
 */
function signalWhileHeld(args: string[], signal: NodeJS.Signals): Promise<ChildRun> {
  const hold = fileURLToPath(new URL('./hold-analysis-thread.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', hold, builtFile('bin/dicelab.js'), ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr === HELD) child.kill(signal);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('dicelab compare stopped by a signal while it solves', () => {
  it.each<[NodeJS.Signals, number]>([
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
  ])(
    '%s: one line, nothing on stdout, exit %i, no chart file',
    async (signal, code) => {
      const dir = await mkdtemp(join(tmpdir(), 'dicelab-stop-'));
      try {
        // Its whole solve takes a tenth of a second: the analyses' thread is held instead.
        const run = await signalWhileHeld(['compare', '--out', join(dir, 'charts')], signal);
        // Before, compare solved on the main thread and started no worker: the signal was never
        // sent, the table printed and the chart's four files written, exit 0.
        expect(run).toEqual({
          code,
          stdout: '',
          stderr: `${HELD}${signal === 'SIGINT' ? '\n' : ''}dicelab: stopped (${signal})\n`,
        });
        expect(await readdir(dir)).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
