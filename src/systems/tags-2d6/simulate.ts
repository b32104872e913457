import type { Kernel } from '../../montecarlo/kernel.ts';
import { rollDie, type Stream } from '../../rng/index.ts';
import { type OutcomeSimulation, outcomeCountKernel } from '../outcome-count-kernel.ts';
import { bandOfTotal, rollModifier, TAGS_BANDS } from './exact.ts';
import { parseTags2d6Spec, type Tags2d6Roll } from './spec.ts';

/** A simulated roll: band shares with 95% intervals. */
export type Tags2d6Simulation = OutcomeSimulation<'tags-2d6', Tags2d6Roll>;

interface Prepared {
  readonly roll: Tags2d6Roll;
  readonly modifier: number;
}

/** 2d6 + tags, sampled. Tally: one count per band (clean, cost, miss). */
export const kernel: Kernel<unknown, Prepared> = {
  prepare(spec) {
    const roll = parseTags2d6Spec(spec);
    return { roll, modifier: rollModifier(roll) };
  },
  ...outcomeCountKernel({
    system: 'tags-2d6',
    outcomes: TAGS_BANDS,
    part: 'bands',
    spec: ({ roll }: Prepared) => roll,
  }),
  run({ modifier }: Prepared, stream: Stream, trials: number, tally: Float64Array) {
    for (let t = 0; t < trials; t++) {
      const band = bandOfTotal(rollDie(stream, 6) + rollDie(stream, 6) + modifier);
      tally[band] = tally[band]! + 1;
    }
  },
};
