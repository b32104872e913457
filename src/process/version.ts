import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** What dicelab reads of its own package.json. */
export interface DicelabPackage {
  readonly name: 'dicelab';
  readonly version: string;
  /** The optional packages some commands load (the queue's), with the ranges dicelab supports. */
  readonly peerDependencies: Readonly<Record<string, string>>;
}

/**
 * dicelab's package.json: `../../package.json` from both `src/process/` and the compiled
 * `dist/process/` (also where npm installs it), `../../../package.json` from the benchmarks'
 * build (`build/src/process/`).
 */
export const DICELAB_PACKAGE: DicelabPackage = (() => {
  for (const path of ['../../package.json', '../../../package.json']) {
    try {
      const found = require(path) as { name?: string } & DicelabPackage;
      if (found.name === 'dicelab') return found;
    } catch {
      // Not at this level: look one higher.
    }
  }
  throw new Error('dicelab: cannot find its package.json');
})();

/**
 * This dicelab's version (what `dicelab --version` prints). Partial result files and queue
 * jobs record it: shards merge only with their own version.
 */
export const DICELAB_VERSION: string = DICELAB_PACKAGE.version;
