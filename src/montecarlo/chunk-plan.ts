import type { Stream } from '../rng/index.ts';
import { streamFor } from '../rng/index.ts';
import type { AnyKernel } from './load-kernel.ts';

/** Trials per chunk at most: a chunk stays a unit of work, not a whole run. */
export const MAX_CHUNK_SIZE = 2 ** 30;

/**
 * The most worker threads a run takes (the CLI's `--threads`, the library's `threads`): far
 * above any machine's cores, and each thread holds its own heap (64 on 2 cores took 1.5 GB).
 */
export const MAX_THREADS = 256;

/** A simulation's trials and seed when nothing says otherwise (the CLI's flags and the library alike). */
export const SIMULATION_DEFAULTS = {
  /** Trials in a run. */
  trials: 1_000_000,
  /** The seed: a run is reproducible unless another seed is asked for. */
  seed: 1,
} as const;

/** Trials per chunk unless a run says otherwise; part of a result's identity. */
export const DEFAULT_CHUNK_SIZE = 65_536;

/**
 * How a run is cut: `trials` in chunks of `chunkSize` (the last one shorter), chunk c drawing
 * from `streamFor(seed, c)`; a shard runs only the chunks c with c % shardCount === shardIndex
 * (an unsharded run is shard 0 of 1). Its k-th chunk is c = shardIndex + k · shardCount.
 */
export interface ChunkPlan {
  seed: number;
  trials: number;
  chunkSize: number;
  shardIndex: number;
  shardCount: number;
}

/** How many chunks the whole run has (all shards). */
export function chunksInRun(plan: ChunkPlan): number {
  return Math.ceil(plan.trials / plan.chunkSize);
}

/** How many chunks this plan's shard runs. */
export function chunksInShard(plan: ChunkPlan): number {
  const chunks = chunksInRun(plan);
  return chunks > plan.shardIndex
    ? Math.floor((chunks - 1 - plan.shardIndex) / plan.shardCount) + 1
    : 0;
}

/** How many trials the shard's chunks k in [from, to) hold. O(1). */
export function trialsInChunks(plan: ChunkPlan, from: number, to: number): number {
  if (to <= from) return 0;
  const lastChunk = chunksInRun(plan) - 1;
  const lastInRange = plan.shardIndex + (to - 1) * plan.shardCount;
  const short =
    lastInRange === lastChunk ? lastChunk * plan.chunkSize + plan.chunkSize - plan.trials : 0;
  return (to - from) * plan.chunkSize - short;
}

/**
 * Plays the shard's chunks k in [from, to), each on its own stream, adding into `tally`.
 * The one loop both the worker threads and the in-process path run, so they agree exactly.
 * Returns the number of trials played.
 */
export function runChunks(
  kernel: AnyKernel,
  prepared: unknown,
  plan: ChunkPlan,
  from: number,
  to: number,
  tally: Float64Array,
): number {
  let played = 0;
  for (let k = from; k < to; k++) {
    const chunk = plan.shardIndex + k * plan.shardCount;
    const trials = Math.min(plan.chunkSize, plan.trials - chunk * plan.chunkSize);
    const stream: Stream = streamFor(plan.seed, chunk);
    kernel.run(prepared, stream, trials, tally);
    played += trials;
  }
  return played;
}
