import { describe, expect, it } from 'vitest';
import { countFigures, outcomeCountKernel } from '../../src/systems/outcome-count-kernel.ts';
import { simulatedShares } from '../../src/systems/outcome-shares.ts';

describe('outcomeCountKernel', () => {
  const parts = outcomeCountKernel({
    system: 'coin',
    outcomes: ['heads', 'tails'],
    part: 'faces',
    spec: (prepared: { sides: number }) => ({ ...prepared, named: true }),
  });

  it('tallies one count per outcome, in one distribution part', () => {
    expect(parts.tallySize({ sides: 2 })).toBe(2);
    expect(parts.tallyShape({ sides: 2 })).toEqual([
      { kind: 'distribution', name: 'faces', from: 0, to: 2 },
    ]);
  });

  it('summarises the counts as shares of the trials, and reports them as counts', () => {
    const tally = Float64Array.of(30, 70);
    expect(parts.summarize({ sides: 2 }, tally, 100)).toEqual({
      system: 'coin',
      spec: { sides: 2, named: true },
      trials: 100,
      outcomes: simulatedShares(['heads', 'tails'], [30, 70], 100),
    });
    expect(parts.summarize({ sides: 2 }, tally, 100).outcomes[0]!.p).toBe(0.3);
    expect(parts.sampledFigures?.({ sides: 2 }, tally, 100)).toEqual(
      countFigures(['heads', 'tails'], [30, 70]),
    );
  });
});

describe('countFigures', () => {
  it('names each count by its outcome', () => {
    expect(countFigures(['hit', 'miss'], [3, 7])).toEqual({
      hit: { kind: 'count', count: 3 },
      miss: { kind: 'count', count: 7 },
    });
  });
});
