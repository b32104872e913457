import { ratio } from '../distribution/index.ts';
import type { Interval } from '../montecarlo/interval.ts';
import { meanIntervalWithin } from '../montecarlo/mean-interval.ts';
import { wilsonInterval } from '../montecarlo/wilson-interval.ts';
import { Rational } from './rational.ts';

/**
 * One named outcome of an exact result: its probability and, where no decision shapes it,
 * the exact reduced fraction ("4/9").
 */
export interface OutcomeShare {
  readonly name: string;
  readonly p: number;
  readonly fraction?: string;
}

/** One named outcome of a simulation: the observed share and its 95% Wilson interval. */
export interface SimulatedShare {
  readonly name: string;
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * Named shares from exact weights over `total`, with reduced fractions when `withFractions`.
 * @example exactShares(['a', 'b'], [8n, 19n], 27n, true)[0] // { name: 'a', p: 0.296…, fraction: '8/27' }
 */
export function exactShares(
  names: readonly string[],
  weights: readonly bigint[],
  total: bigint,
  withFractions: boolean,
): OutcomeShare[] {
  return names.map((name, i) => {
    const weight = weights[i] ?? 0n;
    const p = ratio(weight, total);
    return withFractions
      ? { name, p, fraction: Rational.of(weight, total).toString() }
      : { name, p };
  });
}

/** Named shares from exact rational probabilities, with fractions when `withFractions`. */
export function rationalShares(
  names: readonly string[],
  probabilities: readonly Rational[],
  withFractions: boolean,
): OutcomeShare[] {
  return names.map((name, i) => {
    const q = probabilities[i] ?? Rational.ZERO;
    return withFractions
      ? { name, p: q.toNumber(), fraction: q.toString() }
      : { name, p: q.toNumber() };
  });
}

/** Named shares of a simulation from integer counts out of `trials`, with 95% Wilson intervals. */
export function simulatedShares(
  names: readonly string[],
  counts: ArrayLike<number>,
  trials: number,
): SimulatedShare[] {
  return names.map((name, i) => {
    const { estimate, lo, hi } = wilsonInterval(counts[i] ?? 0, trials);
    return { name, p: estimate, lo, hi };
  });
}

/**
 * The 95% interval of a mean from its tallies (Σx, Σx²) over `trials`, held to `range`, what the
 * quantity can be (`[0, Infinity]` for a count, whose mean a rare event would otherwise take
 * below 0); a single trial says nothing of the spread, so its interval is the whole range, as
 * Zi'Dara's means (`meanIntervalWithin`).
 * @example simulatedMean(1, 1, 1, [0, 2]) // { estimate: 1, lo: 0, hi: 2, n: 1 }
 */
export function simulatedMean(
  sum: number,
  sumOfSquares: number,
  trials: number,
  range: readonly [number, number],
): Interval {
  return meanIntervalWithin(sum, sumOfSquares, trials, range);
}
