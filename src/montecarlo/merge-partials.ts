import { InputError } from '../input/input-error.ts';
import { checkMergeable, type NamedPartial } from './partial-result.ts';
import type { SimulationResult } from './run.ts';

/**
 * Merges the partial results of the shards of one run (each read by `parsePartialResult`)
 * into exactly the result one unsharded run gives (same tallies, bit for bit: they are integer
 * sums). Checks first that they belong together (`checkMergeable`). Pure; O(shards · tally size).
 * @throws InputError naming the file and the field that does not fit.
 * @example mergePartials([part0, part1]).tally // not run: needs partial results; gives the tallies of the whole run
 */
export function mergePartials(parts: readonly NamedPartial[]): SimulationResult {
  checkMergeable(parts);
  const ref = parts[0]!.partial;
  const tally = new Array<number>(ref.tally.length).fill(0);
  let chunksDone = 0;
  let completedTrials = 0;
  for (const { partial } of parts) {
    partial.tally.forEach((count, i) => {
      tally[i]! += count;
    });
    chunksDone += partial.chunksDone;
    completedTrials += partial.completedTrials;
  }
  tally.forEach((sum, i) => {
    if (!Number.isSafeInteger(sum))
      throw new InputError(`merge: tally[${i}] sums to ${sum}, beyond exact integers (2^53)`);
  });
  return {
    kernel: ref.kernel,
    spec: ref.spec,
    seed: ref.seed,
    trials: ref.trials,
    chunkSize: ref.chunkSize,
    chunksDone,
    completedTrials,
    tally,
    interrupted: false,
  };
}
