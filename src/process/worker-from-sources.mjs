// A worker thread's entry when dicelab runs from its TypeScript sources (tsx, vitest). Node 20
// cannot strip types, and `--import tsx` registers nothing in worker threads (tsx hooks the main
// thread only), so the worker registers tsx's ESM hooks itself and loads the real worker (the
// pool's workerData.entry, see worker-pool.ts) on its first task. No top-level await, so
// piscina's first attempt (`require`) succeeds. The build's workers never use this file.
import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

register();

/** @type {((task: unknown) => unknown) | undefined} */
let run;

/** @param {unknown} task */
export default async function runFromSources(task) {
  run ??= (await import(Piscina.workerData.entry)).default;
  return run(task);
}
