import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This dicelab's version, from its package.json: the nearest one above this module, so it is
 * found from `src/`, the compiled `dist/` and the benchmarks' `build/src/` alike. Partial result
 * files and queue jobs record it: shards merge, and workers run jobs, only of their own version.
 */
export const DICELAB_VERSION: string = packageVersion();

function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('dicelab: no package.json above src/version.ts');
    dir = parent;
  }
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
}
