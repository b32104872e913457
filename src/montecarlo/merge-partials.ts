import { InputError, invalid } from '../input-error.ts';
import { type ChunkPlan, chunksInShard, trialsInChunks } from './chunk-plan.ts';
import type { PartialResult } from './partial-result.ts';
import type { SimulationResult } from './run.ts';

/** A partial result with where it came from (a file path), for error messages. */
export interface NamedPartial {
  source: string;
  partial: PartialResult;
}

/**
 * Merges the partial results of the shards of one run into exactly the result one unsharded
 * run gives (same tallies, bit for bit: they are integer sums). Pure; O(shards · tally size).
 *
 * They must belong together: the same kernel, spec, seed, trials, chunkSize and shard count;
 * every shard index exactly once; none interrupted; each complete (chunksDone and
 * completedTrials what its shard holds) with a tally as long as the others.
 * @throws InputError naming the file and the field that does not fit.
 */
export function mergePartials(parts: readonly NamedPartial[]): SimulationResult {
  const first = parts[0];
  if (!first) throw new InputError('merge: no partial results given (expected one per shard)');
  const ref = first.partial;
  const refSpec = canonicalJson(ref.spec);
  const byIndex = new Map<number, NamedPartial>();
  for (const part of parts) {
    const { source, partial: p } = part;
    const differs = (field: string, value: unknown, expected: unknown) =>
      invalid(`${source}: ${field}`, value, `${JSON.stringify(expected)} as in ${first.source}`);
    if (p.kernel !== ref.kernel) throw differs('kernel', p.kernel, ref.kernel);
    if (canonicalJson(p.spec) !== refSpec) throw differs('spec', p.spec, ref.spec);
    if (p.seed !== ref.seed) throw differs('seed', p.seed, ref.seed);
    if (p.trials !== ref.trials) throw differs('trials', p.trials, ref.trials);
    if (p.chunkSize !== ref.chunkSize) throw differs('chunkSize', p.chunkSize, ref.chunkSize);
    if (p.shard.count !== ref.shard.count)
      throw differs('shard.count', p.shard.count, ref.shard.count);
    if (p.tally.length !== ref.tally.length)
      throw invalid(
        `${source}: tally`,
        `${p.tally.length} slots`,
        `${ref.tally.length} slots as in ${first.source}`,
      );
    if (p.interrupted)
      throw invalid(`${source}: interrupted`, true, 'false (rerun this shard to the end)');
    const plan: ChunkPlan = {
      seed: p.seed,
      trials: p.trials,
      chunkSize: p.chunkSize,
      shardIndex: p.shard.index,
      shardCount: p.shard.count,
    };
    const chunks = chunksInShard(plan);
    if (p.chunksDone !== chunks)
      throw invalid(`${source}: chunksDone`, p.chunksDone, `${chunks}, all of its shard's chunks`);
    const trials = trialsInChunks(plan, 0, chunks);
    if (p.completedTrials !== trials)
      throw invalid(
        `${source}: completedTrials`,
        p.completedTrials,
        `${trials}, its shard's trials`,
      );
    const taken = byIndex.get(p.shard.index);
    if (taken)
      throw invalid(
        `${source}: shard.index`,
        p.shard.index,
        `each shard once (${taken.source} is shard ${p.shard.index} too)`,
      );
    byIndex.set(p.shard.index, part);
  }
  if (byIndex.size < ref.shard.count) {
    let missing = 0;
    while (byIndex.has(missing)) missing++;
    throw new InputError(
      `merge: shard ${missing}/${ref.shard.count} is missing (got ${parts.length} of ${ref.shard.count} partial results)`,
    );
  }
  const tally = new Array<number>(ref.tally.length).fill(0);
  let chunksDone = 0;
  let completedTrials = 0;
  for (const part of [...byIndex.values()].sort(
    (a, b) => a.partial.shard.index - b.partial.shard.index,
  )) {
    part.partial.tally.forEach((count, i) => {
      tally[i]! += count;
    });
    chunksDone += part.partial.chunksDone;
    completedTrials += part.partial.completedTrials;
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

/** JSON with object keys sorted, so specs compare by content, not key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
