import type { SampledFigure } from './kernel.ts';
import { loadKernel } from './load-kernel.ts';
import type { SimulationResult } from './run.ts';

/**
 * The figures a result's tally estimates, by name, as counts and sums over the trials played
 * (`kernel.sampledFigures`): a caller builds its own interval at its own confidence. Imports
 * the kernel. Empty for a kernel that names none.
 * @example await sampledFigures(await simulate(request)) // not run: needs a finished simulation; gives e.g. { mixed: { kind: 'count', count: 4437 } }
 */
export async function sampledFigures(
  result: SimulationResult,
): Promise<Readonly<Record<string, SampledFigure>>> {
  const kernel = await loadKernel(result.kernel);
  if (!kernel.sampledFigures) return {};
  return kernel.sampledFigures(kernel.prepare(result.spec), result.tally, result.completedTrials);
}
