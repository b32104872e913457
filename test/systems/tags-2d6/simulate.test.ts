import { describe, expect, it } from 'vitest';
import { parseTags2d6Spec, tags2d6Odds } from '../../../src/systems/tags-2d6/index.ts';
import { kernel } from '../../../src/systems/tags-2d6/simulate.ts';
import { expectShareAgrees, runKernel } from '../simulation-bound.ts';

describe('2d6 + tags, simulated', () => {
  it.each([{ tags: 0 }, { tags: 2, item: 'help', weakness: true }, { tags: 1, item: 'hinder' }])(
    'agrees with the exact bands for %j (99.9%% bound)',
    (spec) => {
      const trials = 200_000;
      const { tally } = runKernel(kernel, spec, trials, 5);
      tags2d6Odds(parseTags2d6Spec(spec)).outcomes.forEach((o, i) => {
        expectShareAgrees(tally[i]!, trials, o.p, o.name);
      });
      expect(tally.reduce((a, b) => a + b, 0)).toBe(trials);
    },
  );
});
