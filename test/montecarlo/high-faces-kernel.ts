import { InputError } from '../../src/input-error.ts';
import type { Kernel } from '../../src/montecarlo/kernel.ts';
import { meanInterval } from '../../src/montecarlo/mean-interval.ts';
import { wilsonInterval } from '../../src/montecarlo/wilson-interval.ts';

/**
 * A test kernel: roll `dice` d`sides` and count the dice showing `atLeast` or more ("hits").
 * Tally slot j counts the trials with exactly j hits, so the hit count's whole distribution
 * (Binomial(dice, (sides − atLeast + 1)/sides)) and its mean can be checked against the exact
 * values. Dice are rolled with unbiased multiply-and-reject, the stream's state in locals.
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
  run({ dice, sides, atLeast }, stream, trials, tally) {
    let s0 = stream[0]!;
    let s1 = stream[1]!;
    let s2 = stream[2]!;
    let s3 = stream[3]!;
    const threshold = (4294967296 - sides) % sides;
    const counts = new Float64Array(dice + 1);
    for (let trial = 0; trial < trials; trial++) {
      let hits = 0;
      for (let d = 0; d < dice; d++) {
        let face: number;
        for (;;) {
          const r = Math.imul(s1, 5);
          const x = Math.imul((r << 7) | (r >>> 25), 9) >>> 0;
          const t = s1 << 9;
          s2 ^= s0;
          s3 ^= s1;
          s1 ^= s2;
          s0 ^= s3;
          s2 ^= t;
          s3 = (s3 << 11) | (s3 >>> 21);
          const m = x * sides;
          const low = m % 4294967296;
          if (low >= sides || low >= threshold) {
            face = Math.floor(m / 4294967296) + 1;
            break;
          }
        }
        if (face >= atLeast) hits++;
      }
      counts[hits]!++;
    }
    stream[0] = s0;
    stream[1] = s1;
    stream[2] = s2;
    stream[3] = s3;
    for (let j = 0; j <= dice; j++) tally[j]! += counts[j]!;
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
