import { checkConfidence, type Interval } from './interval.ts';
import { normalQuantile } from './normal-quantile.ts';

/**
 * The Wilson score interval for a proportion: `successes` out of `n` trials, two-sided at
 * `confidence`. Unlike the plain ±z·√(p(1−p)/n) it stays inside [0, 1] and keeps close to
 * its stated coverage near 0 and 1 (Newcombe 1998, method 3). O(1).
 * @example wilsonInterval(81, 263) // { estimate: 0.30798…, lo: 0.25528…, hi: 0.36620…, n: 263 }
 * @example wilsonInterval(0, 20)   // { estimate: 0, lo: 0, hi: 0.16113…, n: 20 }
 */
export function wilsonInterval(successes: number, n: number, confidence = 0.95): Interval {
  checkConfidence(confidence);
  if (!(Number.isFinite(n) && n > 0))
    throw new RangeError(`wilsonInterval needs n > 0 trials, got ${n}`);
  if (!(successes >= 0 && successes <= n))
    throw new RangeError(`wilsonInterval needs 0 ≤ successes ≤ n (${n}), got ${successes}`);
  const z = normalQuantile(0.5 + confidence / 2);
  const z2 = z * z;
  const p = successes / n;
  const scale = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / scale;
  const half = (z / scale) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    estimate: p,
    lo: successes === 0 ? 0 : Math.max(0, centre - half),
    hi: successes === n ? 1 : Math.min(1, centre + half),
    n,
  };
}
