import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (where package.json is). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** How a command ended, and what it printed. */
export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment of a user's shell: npm's own variables left out (the suite runs under
 * `npm test`, whose settings would leak into a nested npm), but for the cache.
 */
export const USER_ENV: Readonly<Record<string, string | undefined>> = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^npm_/i.test(name) || name.toLowerCase() === 'npm_config_cache',
  ),
);

/** Runs a command in `cwd` with the user's environment (plus `env`); never rejects. */
export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: { ...USER_ENV, FORCE_COLOR: '0', ...env }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * dicelab packed as it is published, into `folder`: `npm pack --ignore-scripts` of the built
 * tree (`npm test` builds dist/ first; packing runs no build of its own, so a test never
 * rebuilds what another reads).
 * @returns the tarball's path and the files it holds.
 */
export async function packDicelab(folder: string): Promise<{ tarball: string; files: string[] }> {
  const pack = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', folder],
    ROOT,
  );
  if (pack.code !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(folder, info!.filename), files: info!.files.map((f) => f.path) };
}
