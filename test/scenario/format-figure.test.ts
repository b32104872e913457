import { describe, expect, it } from 'vitest';
import { changesSinceBaseline } from '../../src/scenario/baseline.ts';
import { checkScenarios } from '../../src/scenario/check-scenarios.ts';
import { formatBound, formatFigure } from '../../src/scenario/format-figure.ts';
import { exactEstimate } from '../../src/scenario/judge.ts';
import { formatProblem, parseScenario } from '../../src/scenario/load-scenario.ts';

async function judged(expectations: string) {
  const parsed = parseScenario(
    `scenario: digits\nsystem: d12-action\nexpectations:\n${expectations}`,
    'digits.yaml',
  );
  if (!parsed.ok) throw new Error(parsed.problems.map(formatProblem).join('\n'));
  const run = await checkScenarios([parsed.scenario], { threads: 1 });
  return run.files[0]!.expectations;
}

describe('a verdict never contradicts itself in its own digits', () => {
  it('shows a bound as typed and the figure with as many digits, so a failure reads as one', async () => {
    // A safe roll at proficiency 5: balance tokens 7/12 = 0.58333…, failure exactly 1/2.
    const [tokens, failure, spent] = await judged(`
  - { expect: a, figure: expectedBalanceTokens, of: { roll: safe, rating: 2, capacity: 3 }, between: [0.5834, 0.5835] }
  - { expect: b, figure: failure, of: { roll: safe, rating: 2, capacity: 3 }, atLeast: 50.001% }
  - { expect: c, figure: expectedTokensSpent, of: { roll: safe, rating: 2, capacity: 3, tokens: 1 }, atMost: 0.0001 }
`);
    expect(tokens).toMatchObject({ verdict: 'fail', shown: '0.5833, want 0.5834 to 0.5835' });
    expect(tokens!.detail).toMatch(/ is 0\.5833, below 0\.5834$/);
    expect(failure).toMatchObject({ verdict: 'fail', shown: '50.000%, want ≥ 50.001%' });
    expect(failure!.detail).toMatch(/ is 50\.000%, below 50\.001%$/);
    expect(spent).toMatchObject({ verdict: 'fail', shown: '0.25, want ≤ 0.0001' });
  });

  it('keeps the usual digits when the bound needs no more', async () => {
    // A risky roll of rating 1: a critical success 397/1728 = 22.974…%, reading as its bound.
    const [tokens, risky] = await judged(`
  - { expect: a, figure: expectedBalanceTokens, of: { roll: safe, rating: 2, capacity: 3 }, atLeast: 0.5 }
  - { expect: b, figure: critical-success, of: { roll: risky, rating: 1, capacity: 0 }, between: [22.97%, 22.98%] }
`);
    expect(tokens).toMatchObject({ verdict: 'pass', shown: '0.583, want ≥ 0.5' });
    expect(risky).toMatchObject({ verdict: 'pass', shown: '22.97%, want 22.97% to 22.98%' });
    expect(formatBound({ atLeast: 0.55, atMost: 0.7 }, 'chance')).toBe('55.00% to 70.00%');
    expect(formatFigure(0.6235, 'chance')).toBe('62.35%');
  });

  it('shows a figure that moved from the baseline with the digits that tell old from new', () => {
    const files = [
      {
        path: 'a.yaml',
        figures: [{ key: 'k', unit: 'chance' as const, estimate: exactEstimate(0.41667) }],
      },
    ];
    const baseline = {
      format: 'dicelab-baseline' as const,
      version: 1 as const,
      seed: 1,
      files: { 'a.yaml': { k: 0.416666 } },
    };
    const [move] = changesSinceBaseline(baseline, files).moved;
    expect(move!.shown).toBe('41.6666% → 41.6670%');
  });
});
