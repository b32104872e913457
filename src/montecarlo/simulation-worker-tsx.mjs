// The worker entry when dicelab runs from its TypeScript sources (tsx, vitest). Node 20 cannot
// strip types, and `--import tsx` registers nothing in worker threads (tsx hooks the main
// thread only), so the worker registers tsx's ESM hooks itself and loads the real worker on
// its first task. No top-level await, so piscina's first attempt (`require`) succeeds.
// Compiled builds (dist/) load dist/montecarlo/simulation-worker.js and never use this file.
import { register } from 'tsx/esm/api';

register();

/** @type {((task: unknown) => Promise<unknown>) | undefined} */
let runBatch;

/** @param {unknown} task */
export default async function runBatchFromSources(task) {
  runBatch ??= (await import('./simulation-worker.ts')).default;
  return runBatch(task);
}
