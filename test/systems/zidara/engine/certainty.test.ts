import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tuneGrid } from '../../../../src/systems/zidara/analyses/tune.ts';
import { RollSolver } from '../../../../src/systems/zidara/engine/roll-solver.ts';
import { solveRolls, solveUtilities } from '../../../../src/systems/zidara/engine/solve-rolls.ts';
import { parseRoll, type RollSpec } from '../../../../src/systems/zidara/roll/spec.ts';
import { cliInProcess as cli } from '../../../cli/cli-in-process.ts';
import { bruteForceFigures } from '../brute-force.ts';
import { smallRoll } from '../small-roll.ts';

/**
 * Certain and impossible are exact (issue 22): where no outcome of the other kind can occur, a
 * chance is exactly 1 (or 0), and a distribution sums to 1 within 1e-15. The engine sums each
 * chance from the very terms of the mass it is over, so a certain one is that mass over itself.
 */
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('certainty in the exact engine', () => {
  it('a d6 against C1 with Aura to spend is won for certain: exactly 1, printed 100%', async () => {
    const spec: RollSpec = { threats: [{ challenge: 1 }], dice: [{ sides: 6, intent: 0 }] };
    const [batch] = solveRolls([parseRoll(spec)]);
    for (const odds of [new RollSolver(parseRoll(spec)).odds(), batch!]) {
      expect(odds.intents[0]!.pWin).toBe(1);
      expect(odds.pAllWin).toBe(1);
      expect(odds.winsDistribution).toEqual([0, 1]);
      expect(odds.expectedWins).toBe(1);
      expect(odds.expectedUtility).toBe(1);
    }
    expect(solveUtilities([parseRoll(spec)])).toEqual([1]);
    const shown = await cli('zidara', 'odds', 'd6', '--vs', '1');
    expect(shown.stdout).toMatch(/^ +1 +d6 +C1 \(d2\) +1 +100\.0%$/m);
    expect(shown.stdout).toMatch(/^intents won +0: 0\.0% +1: 100\.0%$/m);
    expect(shown.stdout).not.toMatch(/> 99\.9%/);
    const json = JSON.parse((await cli('zidara', 'odds', 'd6', '--vs', '1', '--json')).stdout);
    expect(json.intents[0].pWin).toBe(1);
    expect(json.winsDistribution).toEqual([0, 1]);
  });

  it('the tune grid: a cell no roll can lose is exactly 1, and every other reads below 100%', () => {
    const rows = tuneGrid({});
    const certain = rows.filter((r) => r.winChance === 1);
    expect(certain.length).toBeGreaterThan(0);
    // Nothing is a hair short of certain: such a cell would print "> 99.9%" beside "100%".
    expect(rows.filter((r) => r.winChance < 1 && r.winChance > 1 - 1e-12)).toEqual([]);
  });

  it('agrees with the brute force on what is certain and what impossible, and distributions sum to 1', () => {
    fc.assert(
      fc.property(
        smallRoll(3, 1),
        fc.constantFrom('never' as const, 'greedy' as const),
        (spec, policy) => {
          const odds = new RollSolver(parseRoll(spec), policy).odds();
          const brute = bruteForceFigures(spec, policy);
          // Every trajectory of these small rolls weighs more than 1e-9: within that of 1 (or
          // 0), the brute force found no outcome of the other kind.
          for (const [i, intent] of odds.intents.entries()) {
            const p = brute.pWin[i]!;
            if (p > 1 - 1e-9) expect(intent.pWin, `intent ${i}`).toBe(1);
            else if (p < 1e-9) expect(intent.pWin, `intent ${i}`).toBe(0);
            else expect(intent.pWin).toBeLessThan(1);
          }
          expect(Math.abs(sum(odds.winsDistribution) - 1)).toBeLessThanOrEqual(1e-15);
          for (const [k, p] of brute.winsDistribution.entries())
            if (p > 1 - 1e-9) expect(odds.winsDistribution[k]).toBe(1);
        },
      ),
      { numRuns: 80, seed: 22 },
    );
  });

  it('optimal play too: a distribution sums to 1 within 1e-15, a chance stays in [0, 1]', () => {
    fc.assert(
      fc.property(smallRoll(3, 2), (spec) => {
        const odds = new RollSolver(parseRoll(spec)).odds();
        expect(Math.abs(sum(odds.winsDistribution) - 1)).toBeLessThanOrEqual(1e-15);
        for (const intent of odds.intents) {
          expect(intent.pWin).toBeGreaterThanOrEqual(0);
          expect(intent.pWin).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 200, seed: 23 },
    );
  });
});
