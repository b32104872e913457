import { expect } from 'vitest';
import type { Kernel } from '../../src/montecarlo/kernel.ts';
import { meanInterval } from '../../src/montecarlo/mean-interval.ts';
import { wilsonInterval } from '../../src/montecarlo/wilson-interval.ts';
import { streamFor } from '../../src/rng/index.ts';

/** Runs a kernel in this process on chunk 0 of `seed`: its tally. */
export function runKernel<S, P>(kernel: Kernel<S, P>, spec: S, trials: number, seed = 1) {
  const prepared = kernel.prepare(spec);
  const tally = new Float64Array(kernel.tallySize(prepared));
  kernel.run(prepared, streamFor(seed, 0), trials, tally);
  return { prepared, tally };
}

/** The exact probability p lies in the 99.9% Wilson interval of count out of trials. */
export function expectShareAgrees(count: number, trials: number, p: number, what = 'share'): void {
  const { lo, hi } = wilsonInterval(count, trials, 0.999);
  expect(p, `${what}: exact ${p}, simulated ${count}/${trials}`).toBeGreaterThanOrEqual(lo);
  expect(p, `${what}: exact ${p}, simulated ${count}/${trials}`).toBeLessThanOrEqual(hi);
}

/** The exact mean lies in the 99.9% interval of the sample mean (Σx, Σx² over n). */
export function expectMeanAgrees(
  sum: number,
  sumOfSquares: number,
  n: number,
  mean: number,
  what = 'mean',
): void {
  const { lo, hi } = meanInterval(sum, sumOfSquares, n, 0.999);
  // A constant sample (e.g. no strife at all) has a zero-width interval: then it must be exact.
  const slack = 1e-12;
  expect(mean, `${what}: exact ${mean}, simulated ${sum / n}`).toBeGreaterThanOrEqual(lo - slack);
  expect(mean, `${what}: exact ${mean}, simulated ${sum / n}`).toBeLessThanOrEqual(hi + slack);
}
