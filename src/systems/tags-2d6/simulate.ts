import type { Kernel } from '../../montecarlo/kernel.ts';
import { rollDie, type Stream } from '../../rng/index.ts';
import { type SimulatedShare, simulatedShares } from '../outcome-shares.ts';
import { bandOfTotal, rollModifier, TAGS_BANDS } from './exact.ts';
import { parseTags2d6Spec, type Tags2d6Roll } from './spec.ts';

/** A simulated roll: band shares with 95% intervals. */
export interface Tags2d6Simulation {
  readonly system: 'tags-2d6';
  readonly spec: Tags2d6Roll;
  readonly trials: number;
  readonly outcomes: SimulatedShare[];
}

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
  tallySize: () => TAGS_BANDS.length,
  tallyShape: () => [{ kind: 'distribution', name: 'bands', from: 0, to: TAGS_BANDS.length }],
  run({ modifier }: Prepared, stream: Stream, trials: number, tally: Float64Array) {
    for (let t = 0; t < trials; t++) {
      const band = bandOfTotal(rollDie(stream, 6) + rollDie(stream, 6) + modifier);
      tally[band] = tally[band]! + 1;
    }
  },
  summarize: ({ roll }, tally, trials): Tags2d6Simulation => ({
    system: 'tags-2d6',
    spec: roll,
    trials,
    outcomes: simulatedShares(TAGS_BANDS, tally, trials),
  }),
  sampledFigures: (_prepared, tally) =>
    Object.fromEntries(
      TAGS_BANDS.map((name, i) => [name, { kind: 'count', count: tally[i]! }] as const),
    ),
};
