import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * This dicelab's version, from its package.json: `../package.json` from both `src/` and the
 * compiled `dist/`, `../../package.json` from the benchmarks' build (`build/src/`). Partial
 * result files record it: shards merge only with their own version.
 */
export const DICELAB_VERSION: string = (() => {
  for (const path of ['../package.json', '../../package.json']) {
    try {
      const found = require(path) as { name?: string; version: string };
      if (found.name === 'dicelab') return found.version;
    } catch {
      // Not at this level: look one higher.
    }
  }
  throw new Error('dicelab: cannot find its package.json');
})();
