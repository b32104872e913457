import { createRequire } from 'node:module';

/**
 * This dicelab's version, from its package.json (`../package.json` from both `src/` and the
 * compiled `dist/`). Partial result files record it: shards merge only with their own version.
 */
export const DICELAB_VERSION: string = (
  createRequire(import.meta.url)('../package.json') as { version: string }
).version;
