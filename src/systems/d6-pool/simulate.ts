import type { Kernel } from '../../montecarlo/kernel.ts';
import { rollDie, type Stream } from '../../rng/index.ts';
import { type OutcomeSimulation, outcomeCountKernel } from '../outcome-count-kernel.ts';
import { D6_POOL_OUTCOMES, HIT_FACE, outcomeOfHits } from './exact.ts';
import { type D6PoolCheck, parseD6PoolSpec } from './spec.ts';

/** A simulated check: outcome shares with 95% intervals. */
export type D6PoolSimulation = OutcomeSimulation<'d6-pool', D6PoolCheck>;

/**
 * The d6 pool, sampled: roll `stat` d6, count 5s and 6s. Tally: one count per outcome
 * (failure, mixed, success). About 30 M dice/s on one core.
 */
export const kernel: Kernel<unknown, D6PoolCheck> = {
  prepare: (spec) => parseD6PoolSpec(spec),
  ...outcomeCountKernel({
    system: 'd6-pool',
    outcomes: D6_POOL_OUTCOMES,
    part: 'outcomes',
    spec: (check: D6PoolCheck) => check,
  }),
  run(check: D6PoolCheck, stream: Stream, trials: number, tally: Float64Array) {
    for (let t = 0; t < trials; t++) {
      let hits = 0;
      for (let d = 0; d < check.stat; d++) if (rollDie(stream, 6) >= HIT_FACE) hits++;
      const o = outcomeOfHits(hits);
      tally[o] = tally[o]! + 1;
    }
  },
};
