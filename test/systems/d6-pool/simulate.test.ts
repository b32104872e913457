import { describe, expect, it } from 'vitest';
import { type D6PoolSimulation, d6PoolOdds } from '../../../src/systems/d6-pool/index.ts';
import { kernel } from '../../../src/systems/d6-pool/simulate.ts';
import { expectShareAgrees, runKernel } from '../simulation-bound.ts';

describe('d6 pool, simulated', () => {
  it.each([1, 3, 4])('agrees with the exact chances for stat %i (99.9%% bound)', (stat) => {
    const trials = 200_000;
    const { prepared, tally } = runKernel(kernel, { stat }, trials, stat);
    const exact = d6PoolOdds({ stat }).outcomes;
    exact.forEach((o, i) => {
      expectShareAgrees(tally[i]!, trials, o.p, o.name);
    });
    const summary = kernel.summarize(prepared, tally, trials) as D6PoolSimulation;
    expect(summary.outcomes.map((o) => o.name)).toEqual(['failure', 'mixed', 'success']);
    for (const o of summary.outcomes) expect(o.lo <= o.p && o.p <= o.hi).toBe(true);
  });

  it('gives the same tally for the same seed, integers only', () => {
    const a = runKernel(kernel, { stat: 3 }, 10_000, 9).tally;
    const b = runKernel(kernel, { stat: 3 }, 10_000, 9).tally;
    expect(a).toEqual(b);
    expect([...a].every(Number.isInteger)).toBe(true);
    expect(a.reduce((s, x) => s + x, 0)).toBe(10_000);
  });

  it('validates the spec in prepare', () => {
    expect(() => kernel.prepare({ stat: 0 })).toThrow(/^stat: 0 is not allowed/);
  });
});
