import { normalQuantile } from './normal-quantile.ts';

/**
 * The quantile of Student's t distribution with `df` degrees of freedom: the t with
 * P(T ≤ t) = p. For df ≤ 1000 accurate to about 1e-12; above, to the precision of
 * `normalQuantile` (5e-7).
 *
 * For df ≤ 1000 it inverts the closed form of P(|T| ≤ t) for integer df (Abramowitz & Stegun
 * 26.7.3–4, a finite sum of df/2 terms) by bisection: O(df · 64). Above that it uses the
 * Cornish–Fisher expansion around the normal quantile (A&S 26.7.5), whose error there is
 * below 1e-12: O(1). So it tends to the normal quantile as df grows.
 * @example studentTQuantile(0.975, 10) // 2.228138…
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`studentTQuantile needs 0 < p < 1, got ${p}`);
  if (!Number.isSafeInteger(df) || df < 1)
    throw new RangeError(`studentTQuantile needs an integer df ≥ 1, got ${df}`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  if (df > 1000) return cornishFisher(normalQuantile(p), df);
  // Solve P(|T| ≤ √df·tan θ) = 2p − 1 for θ in (0, π/2); the left side increases with θ.
  const target = 2 * p - 1;
  let lo = 0;
  let hi = Math.PI / 2;
  for (let i = 0; i < 64; i++) {
    const mid = (lo + hi) / 2;
    if (centralMass(mid, df) < target) lo = mid;
    else hi = mid;
  }
  return Math.sqrt(df) * Math.tan((lo + hi) / 2);
}

/** P(|T| ≤ t) with θ = atan(t/√df), for integer df (A&S 26.7.3 odd, 26.7.4 even). */
function centralMass(theta: number, df: number): number {
  const sin = Math.sin(theta);
  const cos = Math.cos(theta);
  const cos2 = cos * cos;
  if (df % 2 === 0) {
    // sin θ · (1 + ½cos²θ + (1·3)/(2·4)cos⁴θ + … up to cos^(df−2) θ)
    let term = 1;
    let sum = 1;
    for (let j = 1; j <= (df - 2) / 2; j++) {
      term *= (cos2 * (2 * j - 1)) / (2 * j);
      sum += term;
    }
    return sin * sum;
  }
  // (2/π)(θ + sin θ · (cos θ + (2/3)cos³θ + … up to cos^(df−2) θ)), the sum empty for df = 1.
  let sum = 0;
  if (df > 1) {
    let term = cos;
    sum = cos;
    for (let j = 1; j <= (df - 3) / 2; j++) {
      term *= (cos2 * (2 * j)) / (2 * j + 1);
      sum += term;
    }
  }
  return (2 / Math.PI) * (theta + sin * sum);
}

/** A&S 26.7.5: t ≈ z + g₁(z)/ν + g₂(z)/ν² + g₃(z)/ν³ + g₄(z)/ν⁴. */
function cornishFisher(z: number, df: number): number {
  const z2 = z * z;
  const g1 = (z * (z2 + 1)) / 4;
  const g2 = (z * ((5 * z2 + 16) * z2 + 3)) / 96;
  const g3 = (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / 384;
  const g4 = (z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945)) / 92160;
  return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}
