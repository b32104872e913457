import { InputError } from '../../src/input/input-error.ts';
import type { Kernel } from '../../src/montecarlo/kernel.ts';
import { meanInterval } from '../../src/montecarlo/mean-interval.ts';
import { wilsonInterval } from '../../src/montecarlo/wilson-interval.ts';
import { rollDie } from '../../src/rng/index.ts';

/**
 * A test kernel: roll `dice` d`sides` and count the dice showing `atLeast` or more ("hits").
 * Tally slot j counts the trials with exactly j hits, so the hit count's whole distribution
 * (Binomial(dice, (sides − atLeast + 1)/sides)) and its mean can be checked against the exact
 * values. Dice are rolled with the project's `rollDie`.
 */
export interface HighFacesSpec {
  dice: number;
  sides: number;
  atLeast: number;
}

export interface HighFacesSummary {
  /** P(at least one hit), with its 99.9% Wilson interval. */
  anyHit: ReturnType<typeof wilsonInterval>;
  /** P(exactly j hits) for j = 0…dice, each with its 99.9% Wilson interval. */
  hits: ReturnType<typeof wilsonInterval>[];
  /** Mean hits, with its 99.9% interval. */
  meanHits: ReturnType<typeof meanInterval>;
}

export const kernel: Kernel<HighFacesSpec, HighFacesSpec> = {
  prepare(spec) {
    const { dice, sides, atLeast } = spec;
    if (!Number.isInteger(dice) || dice < 1 || dice > 64)
      throw new InputError(`dice: ${dice} is not allowed (expected an integer from 1 to 64)`);
    if (!Number.isInteger(sides) || sides < 2 || sides > 1000)
      throw new InputError(`sides: ${sides} is not allowed (expected an integer from 2 to 1000)`);
    if (!Number.isInteger(atLeast) || atLeast < 1 || atLeast > sides)
      throw new InputError(`atLeast: ${atLeast} is not allowed (expected 1 to ${sides})`);
    return { dice, sides, atLeast };
  },
  tallySize: (spec) => spec.dice + 1,
  tallyShape: (spec) => [{ kind: 'distribution', name: 'hits', from: 0, to: spec.dice + 1 }],
  run({ dice, sides, atLeast }, stream, trials, tally) {
    for (let trial = 0; trial < trials; trial++) {
      let hits = 0;
      for (let d = 0; d < dice; d++) if (rollDie(stream, sides) >= atLeast) hits++;
      tally[hits]! += 1;
    }
  },
  summarize({ dice }, tally, trials): HighFacesSummary {
    let sum = 0;
    let sumOfSquares = 0;
    for (let j = 0; j <= dice; j++) {
      sum += j * tally[j]!;
      sumOfSquares += j * j * tally[j]!;
    }
    return {
      anyHit: wilsonInterval(trials - tally[0]!, trials, 0.999),
      hits: Array.from(tally, (count) => wilsonInterval(count, trials, 0.999)),
      meanHits: meanInterval(sum, sumOfSquares, trials, 0.999),
    };
  },
};
