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
