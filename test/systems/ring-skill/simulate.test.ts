import { describe, expect, it } from 'vitest';
import { meanInterval } from '../../../src/montecarlo/mean-interval.ts';
import {
  parseRingSkillSpec,
  type RingSkillSimulation,
  type RingSkillSpec,
  ringSkillOdds,
} from '../../../src/systems/ring-skill/index.ts';
import { kernel } from '../../../src/systems/ring-skill/simulate.ts';
import { expectMeanAgrees, expectShareAgrees, runKernel } from '../simulation-bound.ts';

describe('Ring and Skill, simulated with the exact engine’s decisions', () => {
  it.each<[RingSkillSpec, number]>([
    [{ ring: 3, skill: 2, tn: 3 }, 100_000],
    [{ ring: 2, skill: 2, tn: 2, rerolls: 1 }, 40_000],
    [{ ring: 2, skill: 3, tn: 4, objective: 'most-successes', explodeDepth: 2 }, 60_000],
    [{ ring: 2, skill: 1, tn: 1, objective: 'weighted', explodeDepth: 0 }, 60_000],
  ])('agrees with the exact figures for %j (99.9%% bounds)', (spec, trials) => {
    const { prepared, tally } = runKernel(kernel, spec, trials, 21);
    const exact = ringSkillOdds(parseRingSkillSpec(spec));
    expectShareAgrees(tally[0]!, trials, exact.pSuccess, 'success');
    expectMeanAgrees(tally[1]!, tally[2]!, trials, exact.expectedStrife, 'strife');
    expectMeanAgrees(tally[3]!, tally[4]!, trials, exact.expectedBonusSuccesses, 'bonus');
    expectMeanAgrees(tally[5]!, tally[6]!, trials, exact.expectedOpportunity, 'opportunity');
    expectMeanAgrees(tally[7]!, tally[8]!, trials, exact.expectedSuccesses, 'successes');
    expectShareAgrees(tally[9]!, trials, exact.pCapped, 'capped');
    const s = kernel.summarize(prepared, tally, trials) as RingSkillSimulation;
    expect(s.outcomes.map((o) => o.name)).toEqual(['success', 'failure']);
    expect([...tally].every(Number.isInteger)).toBe(true);
  });

  it('gives the weighted utility’s mean and interval as those of each trial’s utility, weighed by hand', () => {
    // Each trial on its own seed, its figures read from its own tally: the utility of each by
    // the weights written out here, then the mean interval of those utilities.
    const weights = { success: 1, bonusSuccess: 0.25, opportunity: 0.5, strife: -1 };
    const spec = { ring: 2, skill: 1, tn: 2, objective: 'weighted', weights } as const;
    const trials = 400;
    const prepared = kernel.prepare(spec);
    const sum = new Float64Array(kernel.tallySize(prepared));
    let [u1, u2] = [0, 0];
    for (let seed = 1; seed <= trials; seed++) {
      const { tally } = runKernel(kernel, spec, 1, seed);
      const u =
        weights.success * tally[0]! +
        weights.strife * tally[1]! +
        weights.bonusSuccess * tally[3]! +
        weights.opportunity * tally[5]!;
      u1 += u;
      u2 += u * u;
      for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! + tally[i]!;
    }
    const s = kernel.summarize(prepared, sum, trials) as RingSkillSimulation;
    const byHand = meanInterval(u1, u2, trials);
    expect(s.expectedUtility.estimate).toBeCloseTo(byHand.estimate, 12);
    expect(s.expectedUtility.lo).toBeCloseTo(byHand.lo, 12);
    expect(s.expectedUtility.hi).toBeCloseTo(byHand.hi, 12);
    expect(byHand.hi - byHand.lo).toBeGreaterThan(0.05);
    // A scenario's simulated expectedUtility reads the same Σu and Σu² (it builds its own interval).
    const figure = kernel.sampledFigures!(prepared, sum, trials).expectedUtility;
    expect(figure).toMatchObject({ kind: 'sum' });
    const { sum: su, squares: su2 } = figure as { sum: number; squares: number };
    expect(su).toBeCloseTo(u1, 9);
    expect(su2).toBeCloseTo(u2, 9);
  });

  it('gives every objective’s utility with its interval, and P(capped) in the means’ shape', () => {
    // Before, expectedUtility was left out but for the weighted objective, and pCapped was
    // { name: 'capped', p, lo, hi } beside the means' { estimate, lo, hi, n }.
    const trials = 500;
    const plain = runKernel(kernel, { ring: 2, skill: 1, tn: 2 }, trials, 1);
    const s = kernel.summarize(plain.prepared, plain.tally, trials) as RingSkillSimulation;
    // Under the default the utility is success, 0 or 1: its mean is the success share.
    const success = plain.tally[0]!;
    expect(s.expectedUtility.estimate).toBe(success / trials);
    expect(s.expectedUtility.n).toBe(trials);
    const t = meanInterval(success, success, trials);
    expect(s.expectedUtility.lo).toBeCloseTo(Math.max(0, t.lo), 12);
    expect(s.expectedUtility.hi).toBeCloseTo(Math.min(1, t.hi), 12);
    expect(Object.keys(s.pCapped).sort()).toEqual(['estimate', 'hi', 'lo', 'n']);
    expect(s.pCapped.n).toBe(trials);
    // Under most-successes it is the successes kept: the same figure and interval as theirs.
    const most = runKernel(
      kernel,
      { ring: 2, skill: 1, tn: 2, objective: 'most-successes' },
      trials,
      1,
    );
    const m = kernel.summarize(most.prepared, most.tally, trials) as RingSkillSimulation;
    expect(m.expectedUtility).toEqual(m.expectedSuccesses);
    expect(m.expectedUtility.estimate).toBe(most.tally[7]! / trials);
  });

  it('agrees with the exact weighted utility (99.9% bounds), and holds one trial’s to what it can be', () => {
    const spec = { ring: 3, skill: 2, tn: 3, objective: 'weighted' } as const;
    const trials = 60_000;
    const { prepared, tally } = runKernel(kernel, spec, trials, 8);
    const exact = ringSkillOdds(parseRingSkillSpec(spec)).expectedUtility;
    const u = (kernel.summarize(prepared, tally, trials) as RingSkillSimulation).expectedUtility;
    // The 95% interval's half-width, widened to 99.9% (3.29 / 1.96 standard errors).
    const half = ((u.hi - u.lo) / 2) * (3.2905 / 1.96);
    expect(Math.abs(u.estimate - exact)).toBeLessThanOrEqual(half);
    // Success weighs 1, strife −0.2 a point: one trial's utility is at most 1 more, at any cost.
    const one = runKernel(kernel, { ...spec, weights: { bonusSuccess: 0, opportunity: 0 } }, 1, 1);
    const single = (kernel.summarize(one.prepared, one.tally, 1) as RingSkillSimulation)
      .expectedUtility;
    expect([single.lo, single.hi]).toEqual([Number.NEGATIVE_INFINITY, 1]);
  });

  it('gives a scenario every objective’s utility as odds does: P(success) or E[successes] under the others', () => {
    for (const [objective, sum, squares] of [
      ['succeed-then-least-strife', 0, 0],
      ['most-successes', 7, 8],
    ] as const) {
      const { prepared, tally } = runKernel(
        kernel,
        { ring: 2, skill: 2, tn: 2, objective },
        500,
        3,
      );
      const figures = kernel.sampledFigures!(prepared, tally, 500);
      expect(figures.expectedUtility).toEqual({
        kind: 'sum',
        sum: tally[sum],
        squares: tally[squares],
      });
    }
  });

  it('gives the same tally for the same seed', () => {
    const spec = { ring: 2, skill: 1, tn: 2 };
    expect(runKernel(kernel, spec, 3000, 4).tally).toEqual(runKernel(kernel, spec, 3000, 4).tally);
  });

  it('holds a rare count’s mean interval at 0 or above, the estimate and upper end unchanged', () => {
    // Bonus successes are rare here: over 60 trials the t interval of a few reaches below 0.
    const spec = { ring: 2, skill: 1, tn: 3 };
    const { prepared, tally } = runKernel(kernel, spec, 60, 1);
    const t = meanInterval(tally[3]!, tally[4]!, 60);
    expect(t.estimate).toBeGreaterThan(0);
    expect(t.lo).toBeLessThan(0);
    const s = kernel.summarize(prepared, tally, 60) as RingSkillSimulation;
    expect(s.expectedBonusSuccesses).toEqual({ ...t, lo: 0 });
  });

  it('gives one trial’s means their whole range, 0 or more, as Zi’Dara’s, never n/a', () => {
    const { prepared, tally } = runKernel(kernel, { ring: 2, skill: 1, tn: 2 }, 1, 1);
    const s = kernel.summarize(prepared, tally, 1) as RingSkillSimulation;
    for (const [mean, slot] of [
      [s.expectedStrife, 1],
      [s.expectedBonusSuccesses, 3],
      [s.expectedOpportunity, 5],
      [s.expectedSuccesses, 7],
    ] as const)
      expect(mean).toEqual({ estimate: tally[slot], lo: 0, hi: Number.POSITIVE_INFINITY, n: 1 });
  });
});
