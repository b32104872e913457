import { describe, expect, it } from 'vitest';
import {
  type D12ActionSimulation,
  type D12ActionSpec,
  d12ActionOdds,
  parseD12ActionSpec,
} from '../../../src/systems/d12-action/index.ts';
import { kernel } from '../../../src/systems/d12-action/simulate.ts';
import { expectShareAgrees, runKernel } from '../simulation-bound.ts';

const SPENDS = 7;

describe('d12 action rolls, simulated', () => {
  it.each<D12ActionSpec>([
    { roll: 'safe', rating: 1, capacity: 5, tokens: 2 },
    { roll: 'risky', rating: 1, tokens: 3 },
    { roll: 'stacked', rating: 2, capacity: 4, tokens: 1 },
    { roll: 'stacked', rating: 1, capacity: 6, tokens: 2, policy: 'keep-first-success' },
    { roll: 'capacity', capacity: 7, tokens: 3 },
    {
      roll: 'group',
      rating: 0,
      tokens: 2,
      supporters: [
        { rating: 2, capacity: 5 },
        { rating: 0, capacity: 1, reckless: true },
      ],
    },
  ])('agrees with the exact engine for %j (99.9%% bound)', (spec) => {
    const trials = 120_000;
    const { prepared, tally } = runKernel(kernel, spec, trials, 11);
    const exact = d12ActionOdds(parseD12ActionSpec(spec));
    exact.outcomes.forEach((o, i) => {
      let count = 0;
      for (let s = 0; s < SPENDS; s++) count += tally[i * SPENDS + s]!;
      expectShareAgrees(count, trials, o.p, o.name);
    });
    const sim = kernel.summarize(prepared, tally, trials) as D12ActionSimulation;
    const check = (label: string, interval: { estimate: number }, mean: number) => {
      const i = interval as { estimate: number; lo: number; hi: number };
      // Widen the 95% interval the summary carries to 99.9% (×3.29/1.96) for the check.
      const half = ((i.hi - i.lo) / 2) * (3.2905 / 1.96);
      expect(Math.abs(i.estimate - mean), label).toBeLessThanOrEqual(half + 1e-12);
    };
    if (exact.expectedUtility !== undefined)
      check('utility', sim.expectedUtility!, exact.expectedUtility);
    check('tokens spent', sim.expectedTokensSpent, exact.expectedTokensSpent);
    check('balance tokens', sim.expectedBalanceTokens, exact.expectedBalanceTokens);
    check('interruptions', sim.expectedInterruptionTokens, exact.expectedInterruptionTokens);
    if (exact.supporters)
      exact.supporters.forEach((s, k) => {
        expect(sim.supporters![k]!.roll).toBe(s.roll);
        s.outcomes.forEach((o, i) => {
          expectShareAgrees(
            tally[4 * SPENDS + 4 + 4 * k + i]!,
            trials,
            o.p,
            `supporter ${k} ${o.name}`,
          );
        });
      });
  });

  it('gives one trial’s means their whole range, as Zi’Dara’s, never n/a', () => {
    // A risky roll with 2 tokens, default utilities: from a critical failure with both spent
    // (−0.25 − 2 × 0.05) to a critical success with none; token counts from 0, no bound above.
    const { prepared, tally } = runKernel(kernel, { roll: 'risky', rating: 1, tokens: 2 }, 1, 5);
    const sim = kernel.summarize(prepared, tally, 1) as D12ActionSimulation;
    expect(sim.expectedUtility).toMatchObject({ lo: -0.35, hi: 1.25, n: 1 });
    for (const mean of [
      sim.expectedTokensSpent,
      sim.expectedBalanceTokens,
      sim.expectedInterruptionTokens,
    ])
      expect(mean).toMatchObject({ lo: 0, hi: Number.POSITIVE_INFINITY, n: 1 });
  });

  it('gives the same integer tally for the same seed', () => {
    const spec = { roll: 'stacked', rating: 1, capacity: 5, tokens: 2 };
    const a = runKernel(kernel, spec, 5000, 3).tally;
    expect(runKernel(kernel, spec, 5000, 3).tally).toEqual(a);
    expect([...a].every(Number.isInteger)).toBe(true);
  });
});
