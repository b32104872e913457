import { meanInterval } from '../montecarlo/mean-interval.ts';
import { normalQuantile } from '../montecarlo/normal-quantile.ts';
import { wilsonInterval } from '../montecarlo/wilson-interval.ts';
import type { Bound, Direction } from './plan-scenario.ts';

/** Exact figures are compared within this (solves agree to about 1e-15). */
export const EXACT_TOLERANCE = 1e-9;

/** Simulated figures are judged on intervals at this confidence, and baselines tested at it. */
export const CONFIDENCE = 0.999;

/** How an expectation came out. `undecided` is a look that needs more trials. */
export type Verdict = 'pass' | 'fail' | 'inconclusive';

/**
 * A figure's value: exact (lo = hi = estimate), or a simulated estimate with its 99.9% interval
 * and what a two-sample test needs (successes for a chance, the standard deviation for a mean).
 */
export interface Estimate {
  readonly by: 'exact' | 'simulation';
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  readonly trials?: number;
  readonly successes?: number;
  readonly sd?: number;
}

/** An exact value as an estimate. */
export function exactEstimate(value: number): Estimate {
  return { by: 'exact', estimate: value, lo: value, hi: value };
}

/**
 * A simulated chance: `successes` of `trials`, with its Wilson interval at 99.9%.
 * @example proportionEstimate(8000, 10000).lo // 0.78651…
 */
export function proportionEstimate(successes: number, trials: number): Estimate {
  const w = wilsonInterval(successes, trials, CONFIDENCE);
  return { by: 'simulation', estimate: w.estimate, lo: w.lo, hi: w.hi, trials, successes };
}

/** A simulated mean from its sum and sum of squares over `n` samples, with its 99.9% interval. */
export function meanEstimate(sum: number, sumOfSquares: number, n: number): Estimate {
  const m = meanInterval(sum, sumOfSquares, n, CONFIDENCE);
  const variance = n > 1 ? Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1)) : 0;
  return {
    by: 'simulation',
    estimate: m.estimate,
    lo: m.lo,
    hi: m.hi,
    trials: n,
    sd: Math.sqrt(variance),
  };
}

/**
 * The interval of a difference a − b of two independent estimates, by the MOVER method
 * (Zou & Donner 2008): each side's own interval, combined. With Wilson intervals this is
 * Newcombe's hybrid score interval for two proportions; for an exact side it is a shift. O(1).
 * @example differenceEstimate(exactEstimate(0.6), exactEstimate(0.45)).estimate // 0.15
 */
export function differenceEstimate(a: Estimate, b: Estimate): Estimate {
  const d = a.estimate - b.estimate;
  const lo = d - Math.hypot(a.estimate - a.lo, b.hi - b.estimate);
  const hi = d + Math.hypot(a.hi - a.estimate, b.estimate - b.lo);
  const by = a.by === 'exact' && b.by === 'exact' ? 'exact' : 'simulation';
  return by === 'exact' ? exactEstimate(d) : { by, estimate: d, lo, hi };
}

/**
 * Judges an estimate against bounds: passes only when the whole interval is inside them, fails
 * only when the whole interval is on the wrong side of one, and is `undecided` in between (more
 * trials, or at the cap inconclusive). Exact figures (a point) are never undecided; they are
 * compared within {@link EXACT_TOLERANCE}, in their favour.
 */
export function judgeBound(estimate: Estimate, bound: Bound): Verdict | 'undecided' {
  const tol = estimate.by === 'exact' ? EXACT_TOLERANCE : 0;
  const low = bound.atLeast ?? Number.NEGATIVE_INFINITY;
  const high = bound.atMost ?? Number.POSITIVE_INFINITY;
  if (estimate.hi < low - tol || estimate.lo > high + tol) return 'fail';
  if (estimate.lo >= low - tol && estimate.hi <= high + tol) return 'pass';
  return 'undecided';
}

/** The first step along a line that breaks the direction (beyond the tolerance), if any. */
export function monotoneBreak(
  values: readonly number[],
  direction: Direction,
): { readonly from: number; readonly to: number } | undefined {
  for (let i = 1; i < values.length; i++) {
    const step = values[i]! - values[i - 1]!;
    const wrong = direction === 'nonDecreasing' ? step < -EXACT_TOLERANCE : step > EXACT_TOLERANCE;
    if (wrong) return { from: i - 1, to: i };
  }
  return undefined;
}

/**
 * Whether a figure moved from its baseline value: exact figures by more than the tolerance;
 * simulated ones significantly, by a two-sample test at 99.9% (two-proportion z-test pooled for
 * chances, Welch's z for means). Identical samples (same seed, same rules) never move.
 * @example figureMoved(proportionEstimate(5000, 10000), proportionEstimate(5200, 10000))
 * // { moved: false, z: 2.83… }  (|z| must pass 3.29)
 */
export function figureMoved(
  before: Estimate,
  after: Estimate,
): { readonly moved: boolean; readonly z?: number } {
  if (before.by !== after.by) return { moved: true };
  if (before.by === 'exact')
    return { moved: Math.abs(after.estimate - before.estimate) > EXACT_TOLERANCE };
  const n1 = before.trials ?? 0;
  const n2 = after.trials ?? 0;
  if (n1 < 1 || n2 < 1)
    return { moved: Math.abs(after.estimate - before.estimate) > EXACT_TOLERANCE };
  let se: number;
  if (before.successes !== undefined && after.successes !== undefined) {
    const pooled = (before.successes + after.successes) / (n1 + n2);
    se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  } else {
    se = Math.sqrt((before.sd ?? 0) ** 2 / n1 + (after.sd ?? 0) ** 2 / n2);
  }
  const difference = after.estimate - before.estimate;
  if (se === 0) return { moved: Math.abs(difference) > EXACT_TOLERANCE };
  const z = difference / se;
  return { moved: Math.abs(z) > normalQuantile(0.5 + CONFIDENCE / 2), z };
}
