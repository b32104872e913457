import { meanInterval } from '../montecarlo/mean-interval.ts';
import { normalQuantile } from '../montecarlo/normal-quantile.ts';
import { wilsonInterval } from '../montecarlo/wilson-interval.ts';
import type { Bound, Direction } from './plan-scenario.ts';

/** Exact figures are compared within this (solves agree to about 1e-15). */
export const EXACT_TOLERANCE = 1e-9;

/**
 * The confidence of a simulated estimate's interval where no check's budget sets one (a lone
 * estimate, a baseline figure shown by itself).
 */
export const CONFIDENCE = 0.999;

/**
 * The chance that one `dicelab check` run reports anything about its simulated figures (a
 * failed expectation, a moved figure, an inconclusive one) when nothing changed: at most this,
 * over all of the run's simulated judgements and baseline comparisons together (see
 * {@link falseAlarmShare}).
 */
export const RUN_FALSE_ALARM = 0.001;

/** The power at which a check states the smallest move of a simulated figure it detects. */
export const DETECTION_POWER = 0.95;

/**
 * Each simulated test's share of the run's false-alarm budget, by Bonferroni (the union
 * bound): `tests` tests at α/`tests` each report anything by chance with probability at most
 * α, however the tests depend on each other. A judgement with several looks (trials ×4 while
 * undecided) splits its share again among its looks.
 * @example falseAlarmShare(50) // 0.00002
 */
export function falseAlarmShare(tests: number, run = RUN_FALSE_ALARM): number {
  return run / Math.max(1, tests);
}

/** How an expectation came out. `undecided` is a look that needs more trials. */
export type Verdict = 'pass' | 'fail' | 'inconclusive';

/**
 * A figure's value: exact (lo = hi = estimate), or a simulated estimate with its interval (at
 * `confidence`) and what a two-sample test needs (successes for a chance, the standard
 * deviation for a mean).
 */
export interface Estimate {
  readonly by: 'exact' | 'simulation';
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  /** The interval's two-sided confidence (simulated figures). */
  readonly confidence?: number;
  readonly trials?: number;
  readonly successes?: number;
  readonly sd?: number;
}

/** An exact value as an estimate. */
export function exactEstimate(value: number): Estimate {
  return { by: 'exact', estimate: value, lo: value, hi: value };
}

/**
 * A simulated chance: `successes` of `trials`, with its Wilson interval at `confidence`.
 * @example proportionEstimate(8000, 10000).lo // 0.78651…  (at 99.9%)
 */
export function proportionEstimate(
  successes: number,
  trials: number,
  confidence = CONFIDENCE,
): Estimate {
  const w = wilsonInterval(successes, trials, confidence);
  return {
    by: 'simulation',
    estimate: w.estimate,
    lo: w.lo,
    hi: w.hi,
    confidence,
    trials,
    successes,
  };
}

/** A simulated mean from its sum and sum of squares over `n` samples, with its interval. */
export function meanEstimate(
  sum: number,
  sumOfSquares: number,
  n: number,
  confidence = CONFIDENCE,
): Estimate {
  const m = meanInterval(sum, sumOfSquares, n, confidence);
  const variance = n > 1 ? Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1)) : 0;
  return {
    by: 'simulation',
    estimate: m.estimate,
    lo: m.lo,
    hi: m.hi,
    confidence,
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
  if (a.by === 'exact' && b.by === 'exact') return exactEstimate(d);
  const confidence = Math.min(a.confidence ?? 1, b.confidence ?? 1);
  return { by: 'simulation', estimate: d, lo, hi, confidence };
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
 * simulated ones significantly, by a two-sided two-sample test at level `alpha` (two-proportion
 * z-test pooled for chances, Welch's z for means). Identical samples (same seed, same rules)
 * never move.
 * @example figureMoved(proportionEstimate(5000, 10000), proportionEstimate(5200, 10000))
 * // { moved: false, z: 2.83… }  (at alpha 0.001, |z| must pass 3.29)
 */
export function figureMoved(
  before: Estimate,
  after: Estimate,
  alpha = 1 - CONFIDENCE,
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
  return { moved: Math.abs(z) > normalQuantile(1 - alpha / 2), z };
}

/**
 * The smallest move of a simulated figure that {@link figureMoved} at level `alpha` detects
 * with probability `power`, between a baseline estimate `before` and a new sample of `trials`
 * trials (normal approximation). For a chance p the move is taken towards ½, where the variance
 * is larger (the harder direction), solving δ = z(α/2)·se₀ + z(power)·se₁ (se₀ pooled, as the
 * test computes it under no change; se₁ of the two chances p and p ± δ) by fixed-point
 * iteration; for a mean, δ = (z(α/2) + z(power))·sd·√(1/n₁ + 1/n₂), the baseline's sd
 * standing for both. O(1).
 * @example smallestDetectableMove(proportionEstimate(10000, 20000), 20000, 1e-5) // 0.0302…
 */
export function smallestDetectableMove(
  before: Estimate,
  trials: number,
  alpha: number,
  power = DETECTION_POWER,
): number {
  const n1 = before.trials ?? 0;
  const n2 = trials;
  if (before.by === 'exact' || n1 < 1 || n2 < 1) return EXACT_TOLERANCE;
  const zAlpha = normalQuantile(1 - alpha / 2);
  const zPower = normalQuantile(power);
  if (before.successes === undefined)
    return (zAlpha + zPower) * (before.sd ?? 0) * Math.sqrt(1 / n1 + 1 / n2);
  const p = before.successes / n1;
  const towardsHalf = p <= 0.5 ? 1 : -1;
  // A start above the fixed point: the iteration then falls to it (δ = 0 is a fixed point for
  // p = 0 or 1, but not the one sought).
  let delta = 0.5;
  for (let step = 0; step < 60; step++) {
    const q = Math.min(1, Math.max(0, p + towardsHalf * delta));
    const pooled = (n1 * p + n2 * q) / (n1 + n2);
    const se0 = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
    const se1 = Math.sqrt((p * (1 - p)) / n1 + (q * (1 - q)) / n2);
    const next = zAlpha * se0 + zPower * se1;
    if (Math.abs(next - delta) < 1e-12) return next;
    delta = next;
  }
  return delta;
}
