import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const main = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
/** tsx's loader by its own path: `--import tsx` would look for tsx from the child's cwd. */
export const TSX_LOADER = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'loader.mjs'),
).href;

/** A child process's end: its exit status (null when a signal ended it) and what it wrote. */
export interface ChildRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Node run with `argv` in a child process, its output gathered; sent `signal.name` `signal.after`
 * ms in when asked (a user's Ctrl-C, a service manager's SIGTERM).
 */
export function runNode(
  argv: readonly string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    signal?: { readonly name: NodeJS.Signals; readonly after: number };
  } = {},
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: options.cwd, env: options.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const { signal } = options;
    const timer = signal && setTimeout(() => child.kill(signal.name), signal.after);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs the real CLI (the TypeScript source, through tsx) as a user would, in a child process. */
export function runDicelab(
  args: string[],
  options: {
    cwd?: string;
    signal?: { readonly name: NodeJS.Signals; readonly after: number };
  } = {},
): Promise<ChildRun> {
  return runNode(['--import', TSX_LOADER, main, ...args], {
    ...options,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
}
