import type { Kernel } from '../../montecarlo/kernel.ts';
import { rollDie, type Stream } from '../../rng/index.ts';
import { type SimulatedShare, simulatedShares } from '../outcome-shares.ts';
import { D6_POOL_OUTCOMES, HIT_FACE, outcomeOfHits } from './exact.ts';
import { type D6PoolCheck, parseD6PoolSpec } from './spec.ts';

/** A simulated check: outcome shares with 95% intervals. */
export interface D6PoolSimulation {
  readonly system: 'd6-pool';
  readonly spec: D6PoolCheck;
  readonly trials: number;
  readonly outcomes: SimulatedShare[];
}

/**
 * The d6 pool, sampled: roll `stat` d6, count 5s and 6s. Tally: one count per outcome
 * (failure, mixed, success). About 30 M dice/s on one core.
 */
export const kernel: Kernel<unknown, D6PoolCheck> = {
  prepare: (spec) => parseD6PoolSpec(spec),
  tallySize: () => D6_POOL_OUTCOMES.length,
  tallyShape: () => [
    { kind: 'distribution', name: 'outcomes', from: 0, to: D6_POOL_OUTCOMES.length },
  ],
  run(check: D6PoolCheck, stream: Stream, trials: number, tally: Float64Array) {
    for (let t = 0; t < trials; t++) {
      let hits = 0;
      for (let d = 0; d < check.stat; d++) if (rollDie(stream, 6) >= HIT_FACE) hits++;
      const o = outcomeOfHits(hits);
      tally[o] = tally[o]! + 1;
    }
  },
  summarize: (check, tally, trials): D6PoolSimulation => ({
    system: 'd6-pool',
    spec: check,
    trials,
    outcomes: simulatedShares(D6_POOL_OUTCOMES, tally, trials),
  }),
  sampledFigures: (_check, tally) =>
    Object.fromEntries(
      D6_POOL_OUTCOMES.map((name, i) => [name, { kind: 'count', count: tally[i]! }] as const),
    ),
};
