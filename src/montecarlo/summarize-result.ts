import { loadKernel } from './load-kernel.ts';
import type { SimulationResult } from './run.ts';

/**
 * A result's summary, as its kernel makes it (`kernel.summarize`), over the trials actually
 * played, headed by the seed that reproduces it: the same JSON for one run and for the merge of
 * its shards, led by `interrupted: true` for a run stopped early (Ctrl-C, a library caller's
 * `signal`): its figures cover only the trials played. Imports the kernel.
 * @example await summarizeResult(await simulate(request)) // not run: needs a finished simulation; gives e.g. { seed: 1, outcomes: [...] }
 */
export async function summarizeResult(result: SimulationResult): Promise<unknown> {
  const kernel = await loadKernel(result.kernel);
  const prepared = kernel.prepare(result.spec);
  const summary = kernel.summarize(
    prepared,
    Float64Array.from(result.tally),
    result.completedTrials,
  );
  if (typeof summary !== 'object' || summary === null || Array.isArray(summary)) return summary;
  return result.interrupted
    ? { interrupted: true, seed: result.seed, ...summary }
    : { seed: result.seed, ...summary };
}
