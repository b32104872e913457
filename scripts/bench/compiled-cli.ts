import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The compiled CLI beside this module in build/ (absent when the bench runs from sources). */
export const COMPILED_CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

/** Wall-clock milliseconds of `node …args` (output discarded). */
export function wallMs(args: readonly string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr}`);
  return performance.now() - start;
}
