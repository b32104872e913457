import { describe, expect, it } from 'vitest';
import { LocalKernel } from '../../src/montecarlo/load-kernel.ts';
import { simulate } from '../../src/montecarlo/run.ts';
import { summarizeResult } from '../../src/montecarlo/summarize-result.ts';
import { wilsonInterval } from '../../src/montecarlo/wilson-interval.ts';
import type { HighFacesSummary } from './high-faces-kernel.ts';

const kernel = new LocalKernel(new URL('./high-faces-kernel.ts', import.meta.url));

/** Exact P(exactly j hits) for `dice` dice each hitting with probability p: Binomial. */
function binomial(dice: number, p: number): number[] {
  const out: number[] = [];
  let choose = 1;
  for (let j = 0; j <= dice; j++) {
    out.push(choose * p ** j * (1 - p) ** (dice - j));
    choose = (choose * (dice - j)) / (j + 1);
  }
  return out;
}

describe('simulation agrees with the exact answer (99.9% intervals)', () => {
  const trials = 400_000;
  const dice = 4;

  it('4d6 counting 5s and 6s: every P(j hits), P(any hit) and the mean', async () => {
    const result = await simulate({
      kernel,
      spec: { dice, sides: 6, atLeast: 5 },
      trials,
      seed: 2024,
      threads: 1,
    });
    expect(result.tally.reduce((a, b) => a + b, 0)).toBe(trials);
    const summary = (await summarizeResult(result)) as HighFacesSummary;
    const exact = binomial(dice, 1 / 3);
    // Brute force check of the oracle itself: 16, 32, 24, 8, 1 over 81.
    expect(exact.map((p) => Math.round(p * 81))).toEqual([16, 32, 24, 8, 1]);
    summary.hits.forEach((interval, j) => {
      expect(interval.lo).toBeLessThanOrEqual(exact[j]!);
      expect(interval.hi).toBeGreaterThanOrEqual(exact[j]!);
    });
    expect(summary.anyHit.lo).toBeLessThanOrEqual(1 - 16 / 81);
    expect(summary.anyHit.hi).toBeGreaterThanOrEqual(1 - 16 / 81);
    expect(summary.meanHits.lo).toBeLessThanOrEqual(4 / 3);
    expect(summary.meanHits.hi).toBeGreaterThanOrEqual(4 / 3);
  });

  it('the same interval rejects answers 2 percentage points off, and a kernel with a bug', async () => {
    const result = await simulate({
      kernel,
      spec: { dice, sides: 6, atLeast: 5 },
      trials,
      seed: 99,
      threads: 1,
    });
    const oneHit = wilsonInterval(result.tally[1]!, trials, 0.999);
    const exact = 32 / 81;
    expect(oneHit.lo).toBeLessThanOrEqual(exact);
    expect(oneHit.hi).toBeGreaterThanOrEqual(exact);
    expect(oneHit.hi).toBeLessThan(exact + 0.02);
    expect(oneHit.lo).toBeGreaterThan(exact - 0.02);
    // Off by one in the rule (hits on 4+ instead of 5+): the claim "P(no hit) = 16/81" fails.
    const buggy = await simulate({
      kernel,
      spec: { dice, sides: 6, atLeast: 4 },
      trials,
      seed: 99,
      threads: 1,
    });
    const noHit = wilsonInterval(buggy.tally[0]!, trials, 0.999);
    expect(noHit.hi).toBeLessThan(16 / 81);
  });
});
