import { describe, expect, it } from 'vitest';
import {
  type ChunkPlan,
  chunksInRun,
  chunksInShard,
  trialsInChunks,
} from '../../src/montecarlo/chunk-plan.ts';

/** Brute force: list the shard's chunks and their trials one by one. */
function shardChunkTrials(plan: ChunkPlan): number[] {
  const out: number[] = [];
  for (let c = 0; c * plan.chunkSize < plan.trials; c++)
    if (c % plan.shardCount === plan.shardIndex)
      out.push(Math.min(plan.chunkSize, plan.trials - c * plan.chunkSize));
  return out;
}

describe('chunk plan', () => {
  it('counts chunks and trials per shard as listing them one by one does', () => {
    const mismatches: string[] = [];
    for (const trials of [1, 9, 10, 11, 99, 100, 101, 1000])
      for (const chunkSize of [1, 3, 10, 64])
        for (const shardCount of [1, 2, 3, 7])
          for (let shardIndex = 0; shardIndex < shardCount; shardIndex++) {
            const plan = { seed: 0, trials, chunkSize, shardIndex, shardCount };
            const listed = shardChunkTrials(plan);
            if (chunksInShard(plan) !== listed.length) mismatches.push(JSON.stringify(plan));
            const prefix = [0];
            for (const t of listed) prefix.push(prefix.at(-1)! + t);
            for (let from = 0; from <= listed.length; from++)
              if (trialsInChunks(plan, from, listed.length) !== prefix.at(-1)! - prefix[from]!)
                mismatches.push(`${JSON.stringify(plan)} [${from}, end)`);
            for (let from = 0; from <= listed.length; from += 1 + (from >> 3))
              for (let to = from; to <= listed.length; to += 1 + (to >> 3))
                if (trialsInChunks(plan, from, to) !== prefix[to]! - prefix[from]!)
                  mismatches.push(`${JSON.stringify(plan)} [${from}, ${to})`);
          }
    expect(mismatches).toEqual([]);
  });

  it('covers every trial exactly once across the shards', () => {
    const trials = 1_000_003;
    const chunkSize = 4096;
    const plan = { seed: 0, trials, chunkSize, shardIndex: 0, shardCount: 5 };
    expect(chunksInRun(plan)).toBe(Math.ceil(trials / chunkSize));
    let sum = 0;
    for (let shardIndex = 0; shardIndex < 5; shardIndex++) {
      const shard = { ...plan, shardIndex };
      sum += trialsInChunks(shard, 0, chunksInShard(shard));
    }
    expect(sum).toBe(trials);
  });
});
