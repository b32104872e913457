import { type ChildProcess, spawn } from 'node:child_process';
import { builtFile } from '../built.ts';

/** The compiled CLI (`npm test` builds it first; the run's copy of it), as a user runs it. */
const BIN = builtFile('bin/dicelab.js');

/** Runs `dicelab args…` (compiled) to its end. */
export function dicelab(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return startDicelab(args, env).done;
}

/** Starts `dicelab args…` (compiled): the child, to signal, its stderr so far, and its end. */
export function startDicelab(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): {
  readonly child: ChildProcess;
  stderr(): string;
  readonly done: Promise<{ code: number | null; stdout: string; stderr: string }>;
} {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    },
  );
  return { child, stderr: () => stderr, done };
}

/** A `dicelab queue worker` process: its log (stderr) so far, waits on it, and its exit. */
export interface WorkerProcess {
  readonly child: ChildProcess;
  log(): string;
  /** Resolves when the log matches `pattern` (checked as lines arrive); rejects after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** The exit status, once it has exited (null when a signal killed it). */
  readonly exited: Promise<number | null>;
}

/**
 * Starts `dicelab queue worker --redis URL --threads 1` with short locks (5 s, stalled checks
 * every second) so that a killed worker's shard comes back within seconds, and waits for it to
 * say it is ready. The lock must outlast the longest pause of a worker's event loop (a fight
 * kernel's preparation takes about a second, longer on a loaded machine), or a live worker's
 * shard is taken for stalled and run again (harmless to the result, but not what a test wants). `env` adds variables (e.g. the test hook DICELAB_TEST_FAIL_SHARD).
 */
export async function startWorker(
  url: string,
  env: NodeJS.ProcessEnv = {},
  args: readonly string[] = [],
): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    [
      BIN,
      'queue',
      'worker',
      '--redis',
      url,
      '--threads',
      '1',
      '--lock-duration',
      '5000',
      '--stalled-interval',
      '1000',
      ...args,
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  const waiting = new Set<() => void>();
  child.stderr?.on('data', (chunk) => {
    log += chunk;
    for (const check of waiting) check();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const worker: WorkerProcess = {
    child,
    log: () => log,
    exited,
    waitFor: (pattern, ms = 30_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`worker log never matched ${pattern} in ${ms} ms:\n${log}`));
        }, ms);
        const check = () => {
          const match = log.match(pattern);
          if (!match) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(match);
        };
        waiting.add(check);
        check();
      }),
  };
  await worker.waitFor(/ready: dicelab/);
  return worker;
}
