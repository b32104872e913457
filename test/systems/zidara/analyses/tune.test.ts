import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/input/input-error.ts';
import { tuneGrid, tuneTarget, tuneTargets } from '../../../../src/systems/zidara/analyses/tune.ts';
import { legalPools, stepsToDice } from '../../../../src/systems/zidara/roll/pool.ts';
import type { Split } from '../../../../src/systems/zidara/roll/split.ts';
import {
  type RollSetup,
  type SplitQuestion,
  splitsMainWins,
  splitsOdds,
} from '../../../../src/systems/zidara/roll/split-roll.ts';
import { pBeats } from '../enumerate.ts';

const noAura = { auraMax: 0 } as const;

describe('tuneGrid', () => {
  it('gives the unsplit pool’s P(best die > D) at every steps × Challenge', () => {
    const rows = tuneGrid({ steps: [1, 4, 8], challenges: [1, 3, 6], pool: 'natural', ...noAura });
    expect(rows.map((r) => [r.steps, r.challenge])).toEqual([
      [1, 1],
      [1, 3],
      [1, 6],
      [4, 1],
      [4, 3],
      [4, 6],
      [8, 1],
      [8, 3],
      [8, 6],
    ]);
    for (const row of rows) {
      expect(row.winChance).toBeCloseTo(pBeats(stepsToDice(row.steps), row.challenge), 12);
    }
    expect(rows.find((r) => r.steps === 8)!.pool).toBe('d12+d4');
  });

  it('with the best rule, picks the legal one-intent pool that wins most', () => {
    const rows = tuneGrid({ steps: [2, 5, 8], challenges: [1, 4], actions: 1, ...noAura });
    for (const row of rows) {
      const best = Math.max(...legalPools(row.steps, 1).map((pool) => pBeats(pool, row.challenge)));
      expect(row.winChance).toBeCloseTo(best, 12);
    }
    // Against a d2, d4+d4 beats d8: 27/32 against 13/16.
    expect(tuneGrid({ steps: [4], challenges: [1], ...noAura })[0]!.pool).toBe('d4+d4');
  });

  it('reads each win chance from the solve’s utility exactly where that is the win (splitsMainWins)', () => {
    const questions = (setup: RollSetup, split: Split = [[8, 4]]): SplitQuestion[] =>
      [1, 2, 3, 4, 5, 6].map((challenge) => ({ split, challenge, setup }));
    for (const [setup, split] of [
      [{ resolve: 2, aura: 2 }],
      [{ resolve: 1, policy: 'greedy' }],
      // Aura left has worth: the play is not for the win alone, so the full odds are read.
      [{ resolve: 2, aura: 1, auraValue: 0.4 }],
      [{ resolve: 1 }, [[8], [6]]],
    ] as [RollSetup, Split?][]) {
      const asked = questions(setup, split);
      const wins = splitsMainWins(asked);
      const gaps = splitsOdds(asked).map((odds, i) => Math.abs(wins[i]! - odds.intents[0]!.pWin));
      expect(Math.max(...gaps)).toBeLessThan(1e-12);
    }
  });
});

describe('tuneTarget', () => {
  it('finds the Challenge nearest a target for a d12, with the figures either side', () => {
    // d12 against C4 (d8): 60/96 = 62.5%; against C5 (d10): 65/120 = 54.2%.
    const answer = tuneTarget({ target: 0.6, steps: 6, pool: 'natural', ...noAura });
    expect(answer.solveFor).toBe('challenge');
    expect(answer.above!.challenge).toBe(4);
    expect(answer.above!.winChance).toBeCloseTo(60 / 96, 12);
    expect(answer.below!.challenge).toBe(5);
    expect(answer.below!.winChance).toBeCloseTo(65 / 120, 12);
    expect(answer.nearest).toBe(answer.above);
  });

  it('finds the steps nearest a target against a Challenge', () => {
    // Against C4 (d8): d8 wins 28/64 = 43.75%, d10 wins 44/80 = 55%.
    const answer = tuneTarget({ target: 0.5, challenge: 4, pool: 'natural', ...noAura });
    expect(answer.solveFor).toBe('steps');
    expect(answer.below).toMatchObject({ steps: 4, pool: 'd8' });
    expect(answer.above).toMatchObject({ steps: 5, pool: 'd10' });
    expect(answer.nearest.steps).toBe(5);
  });

  it('says when the target lies beyond the points searched', () => {
    const easy = tuneTarget({ target: 0.01, steps: 6, maxChallenge: 3, ...noAura });
    expect(easy.below).toBeNull();
    expect(easy.nearest.challenge).toBe(3);
    const hard = tuneTarget({ target: 0.99, steps: 1, ...noAura });
    expect(hard.above).toBeNull();
    expect(hard.nearest.challenge).toBe(1);
  });

  it('refuses a target outside 0..1, or both steps and challenge', () => {
    expect(() => tuneTarget({ target: 1.5, steps: 6 })).toThrow(/^options\.target: /);
    expect(() => tuneTarget({ target: 0.5, steps: 6, challenge: 3 })).toThrow(InputError);
    expect(() => tuneTarget({ target: 0.5 })).toThrow(
      /^options\.steps: nothing is not allowed \(expected exactly one of steps /,
    );
  });

  it('refuses a field it does not take', () => {
    expect(() => tuneTarget({ target: 0.5, steps: 6, bogus: 1 } as never)).toThrow(
      /^options\.bogus: no such field \(the fields here are target, steps, challenge, maxChallenge, maxSteps, actions, pool, aura, /,
    );
  });
});

describe('tuneGrid and tuneTargets', () => {
  it('refuse a field they do not take, naming their options argument', () => {
    const grid =
      /^options\.bogus: no such field \(the fields here are steps, challenges, actions, pool, aura, /;
    expect(() => tuneGrid({ bogus: 1 } as never)).toThrow(grid);
    const target = { winChance: 0.6, solveFor: 'challenge' } as const;
    expect(() => tuneTargets({ bogus: 1 } as never, [{ steps: 6, challenge: 3 }], target)).toThrow(
      grid,
    );
    expect(() => tuneGrid({ steps: [0] })).toThrow(/^options\.steps\[0\]: 0 is not allowed/);
    // Actions shape only the best rule's pools: with the natural one they would do nothing.
    const natural =
      'options.actions: 2 is not allowed (expected them only with the best pool rule (the natural pool is the unsplit dice of the steps))';
    expect(() => tuneGrid({ pool: 'natural', actions: 2 })).toThrow(natural);
    expect(() => tuneTarget({ target: 0.5, steps: 6, pool: 'natural', actions: 2 })).toThrow(
      natural,
    );
    expect(tuneGrid({ steps: [6], challenges: [3], actions: 2 })).toHaveLength(1);
    expect(() => tuneGrid(null as never)).toThrow(
      /^options: null \(an empty value\) is not allowed/,
    );
  });

  it('tuneTargets searches as far as the grid it answers beside, past C20 or 36 steps', () => {
    // One d2 against C(N), no Aura, wins only on a 2 against a 1: 1/(4N). 0.8% lies between C31
    // (0.806%) and C32 (0.781%), past C20 (1.25%), where the search used to stop.
    const options = { pool: 'natural', auraMax: 0 } as const;
    const target = { winChance: 0.008, solveFor: 'challenge' } as const;
    const grid = tuneGrid({ ...options, steps: [1], challenges: [18, 30, 50] });
    const [answer] = tuneTargets(options, grid, target);
    expect(answer!.nearest.challenge).toBe(31);
    expect(answer!.nearest.winChance).toBeCloseTo(1 / 124, 12);
    // A grid within C20 is searched to C20, as before.
    const [within] = tuneTargets(options, [{ steps: 1, challenge: 3 }], target);
    expect(within!.nearest.challenge).toBe(20);
  });

  it('tuneTargets names its target argument’s fields (target.winChance), not tuneTarget’s option', () => {
    const grid = [{ steps: 6, challenge: 3 }];
    expect(() => tuneTargets({}, grid, { winChance: 2, solveFor: 'challenge' })).toThrow(
      /^target\.winChance: 2 is not allowed \(expected a win chance strictly between 0 and 1\)$/,
    );
    expect(() => tuneTargets({}, grid, { winChance: 0.5, solveFor: 'tags' } as never)).toThrow(
      /^target\.solveFor: "tags" is not allowed \(expected one of challenge, steps\)$/,
    );
    expect(() => tuneTargets({}, grid, 0.6 as never)).toThrow(
      /^target: 0\.6 is not allowed \(expected an object\)$/,
    );
  });

  it('tuneTargets names a grid that is not tuneGrid’s rows, as an InputError', () => {
    const target = { winChance: 0.6, solveFor: 'challenge' } as const;
    expect(() => tuneTargets({}, undefined as never, target)).toThrow(
      /^grid: nothing is not allowed \(expected tuneGrid's rows \(an array\)\)$/,
    );
    expect(() => tuneTargets({}, [{ steps: 6, challenge: 3 }, {}] as never, target)).toThrow(
      /^grid\[1\]: \{\} is not allowed \(expected a row of tuneGrid, such as \{ "steps": 6, "challenge": 3, … \}\)$/,
    );
  });
});
