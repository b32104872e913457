import { checkConfidence, type Interval } from './interval.ts';
import { studentTQuantile } from './student-t-quantile.ts';

/**
 * The confidence interval for a mean, from the tallies a kernel keeps: the sum of the
 * samples, the sum of their squares and their count. It is mean ± t·s/√n with s the sample
 * standard deviation and t Student's quantile for n − 1 degrees of freedom, which is the
 * normal quantile for large n (the difference is below 1e-6 once n > 10⁶). O(1) for n > 1001.
 *
 * When the three tallies are integers (as kernel tallies are) the variance is computed
 * exactly, in BigInt, so huge n loses no digits to cancellation.
 * @example // the samples 1, 2, 3, 4, 5, 6, 1, 2, 3, 4: Σx = 31, Σx² = 121
 * meanInterval(31, 121, 10) // { estimate: 3.1, lo: 1.91012…, hi: 4.28987…, n: 10 }
 */
export function meanInterval(
  sum: number,
  sumOfSquares: number,
  n: number,
  confidence = 0.95,
): Interval {
  checkConfidence(confidence);
  if (!(Number.isSafeInteger(n) && n >= 2))
    throw new RangeError(`meanInterval needs an integer n ≥ 2 samples, got ${n}`);
  if (!(Number.isFinite(sum) && Number.isFinite(sumOfSquares) && sumOfSquares >= 0))
    throw new RangeError(`meanInterval needs finite sums, got ${sum} and ${sumOfSquares}`);
  const mean = sum / n;
  const variance = sampleVariance(sum, sumOfSquares, n);
  const half = studentTQuantile(0.5 + confidence / 2, n - 1) * Math.sqrt(variance / n);
  return { estimate: mean, lo: mean - half, hi: mean + half, n };
}

/**
 * `meanInterval` for a quantity that lies in `[min, max]`, held there: a mean of a count cannot
 * be below 0, whatever the normal approximation says of a rare one. One sample says nothing of
 * the spread, so its interval is the whole range. The estimate is `meanInterval`'s.
 * @example meanIntervalWithin(3, 3, 1000, [0, 1]) // { estimate: 0.003, lo: 0, hi: 0.00639…, n: 1000 }
 * @example meanIntervalWithin(1, 1, 1, [0, 2]) // { estimate: 1, lo: 0, hi: 2, n: 1 }
 */
export function meanIntervalWithin(
  sum: number,
  sumOfSquares: number,
  n: number,
  [min, max]: readonly [number, number],
  confidence = 0.95,
): Interval {
  if (n === 1) return { estimate: sum, lo: min, hi: max, n };
  const m = meanInterval(sum, sumOfSquares, n, confidence);
  return { ...m, lo: Math.max(min, m.lo), hi: Math.min(max, m.hi) };
}

/** (Σx² − (Σx)²/n) / (n − 1), exact through BigInt when all three are safe integers. */
function sampleVariance(sum: number, sumOfSquares: number, n: number): number {
  if (Number.isSafeInteger(sum) && Number.isSafeInteger(sumOfSquares)) {
    const bn = BigInt(n);
    const scaled = bn * BigInt(sumOfSquares) - BigInt(sum) * BigInt(sum); // = n(n − 1)·s²
    return Number(scaled) / (n * (n - 1));
  }
  return Math.max(0, (sumOfSquares - sum * (sum / n)) / (n - 1));
}
