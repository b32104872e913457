import { invalid } from '../input/input-error.ts';

/**
 * An estimate with its two-sided confidence interval, from `n` samples: the true value lies
 * in [lo, hi] with the stated confidence (over repeated runs).
 */
export interface Interval {
  estimate: number;
  lo: number;
  hi: number;
  n: number;
}

/**
 * Checks a confidence level (a user may type it, e.g. `--confidence 0.999`).
 * @throws InputError unless 0 < confidence < 1.
 */
export function checkConfidence(confidence: number): number {
  if (!(confidence > 0 && confidence < 1))
    throw invalid('confidence', confidence, 'a number strictly between 0 and 1, e.g. 0.95');
  return confidence;
}
