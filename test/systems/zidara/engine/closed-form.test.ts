import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { designerPools } from '../../../../scripts/bench/designer-grid.ts';
import { Dist, maxOf } from '../../../../src/distribution/index.ts';
import {
  closedFormOdds,
  noRerollPossible,
} from '../../../../src/systems/zidara/engine/closed-form.ts';
import type { SolveOptions } from '../../../../src/systems/zidara/engine/roll-play.ts';
import { RollSolver } from '../../../../src/systems/zidara/engine/roll-solver.ts';
import { parseRoll, type RollSpec } from '../../../../src/systems/zidara/roll/spec.ts';
import { figureGap } from '../figure-gap.ts';
import { smallRoll } from '../small-roll.ts';

const CHALLENGES = [1, 2, 3, 4, 5, 6];

/** Every designer pool on one intent against C1..6, under `setup`: the closed form's answer and the engine's. */
function worstOverPools(setup: Partial<RollSpec>, options: SolveOptions = {}): number {
  let worst = 0;
  for (const pool of designerPools()) {
    const rolls = CHALLENGES.map((challenge) =>
      parseRoll({
        ...setup,
        threats: [{ challenge }],
        dice: pool.map((sides) => ({ sides, intent: 0 })),
      }),
    );
    const closed = closedFormOdds(rolls, options);
    if (!closed) return Number.POSITIVE_INFINITY;
    rolls.forEach((roll, i) => {
      worst = Math.max(worst, figureGap(closed[i]!, new RollSolver(roll, options).odds()));
    });
  }
  return worst;
}

describe('closed form: the general engine, every designer pool (584) against C1..6', () => {
  it('decision-free: no Aura to spend (every figure to 1e-12)', () => {
    expect(worstOverPools({ auraMax: 0 })).toBeLessThan(1e-12);
  });

  it('Resolve 0 with one intent: the spends are forced (5 Aura, a +2, ties bought)', () => {
    expect(worstOverPools({ aura: 5 })).toBeLessThan(1e-12);
  });

  it('the never policy with Resolve 2 left unspent', () => {
    expect(worstOverPools({ resolve: 2 }, { policy: 'never' })).toBeLessThan(1e-12);
  });
});

describe('closed form: laws and independent counts', () => {
  it('with no decisions, an intent wins exactly as the max of its dice beats the Challenge die', () => {
    for (const [pool, challenge] of [
      [[12, 4], 3],
      [[6, 6], 3],
      [[8, 8, 8], 5],
      [[12, 10, 8, 6, 4, 2], 6],
    ] as const) {
      const best = maxOf(...pool.map((n) => Dist.die(n)));
      const roll = parseRoll({
        threats: [{ challenge }],
        dice: pool.map((sides) => ({ sides, intent: 0 })),
        auraMax: 0,
      });
      const [odds] = closedFormOdds([roll])!;
      expect(odds!.intents[0]!.pWin).toBeCloseTo(best.compare(Dist.die(2 * challenge)).greater, 14);
    }
  });

  it('matches the engine on random small rolls over every option, each Challenge and start of a batch', () => {
    fc.assert(
      fc.property(
        smallRoll(3, 2),
        fc.constantFrom<SolveOptions>(
          {},
          { policy: 'greedy' },
          { policy: 'never' },
          { joint: true },
          { policy: 'never', joint: true },
        ),
        (spec, options) => {
          const base = parseRoll(spec);
          // The same shape at every Challenge up to its own, and every start the roll allows.
          const rolls = [
            parseRoll({ ...spec, resolve: options.policy === 'never' ? spec.resolve : 0 }),
          ];
          for (const threat of base.threats.keys())
            for (let c = 1; c < base.threats[threat]!.challenge; c++)
              rolls.push({
                ...rolls[0]!,
                threats: base.threats.map((t, i) => (i === threat ? { challenge: c } : t)),
              });
          if (base.auraGainUsableSameRoll)
            for (let aura = 0; aura <= base.auraMax; aura++) rolls.push({ ...rolls[0]!, aura });
          const closed = closedFormOdds(rolls, options)!;
          rolls.forEach((roll, i) => {
            expect(figureGap(closed[i]!, new RollSolver(roll, options).odds())).toBeLessThan(1e-12);
          });
        },
      ),
      { numRuns: 150, seed: 2026 },
    );
  });

  it("a batch mixing Resolve levels under the never policy keeps each roll's endings", () => {
    const base = parseRoll({
      threats: [{ challenge: 3 }],
      dice: [
        { sides: 8, intent: 0 },
        { sides: 4, intent: 1 },
      ],
      aura: 2,
    });
    const rolls = [0, 2, 1].map((resolve) => ({ ...base, resolve }));
    const options: SolveOptions = { policy: 'never', joint: true };
    closedFormOdds(rolls, options)!.forEach((odds, i) => {
      expect(figureGap(odds, new RollSolver(rolls[i]!, options).odds())).toBeLessThan(1e-12);
      expect(odds.joint!.every((ending) => ending.resolveEnd === rolls[i]!.resolve)).toBe(true);
    });
  });

  it('applies only where no reroll can happen, and leaves rolls too wide to the engine', () => {
    const roll = parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] });
    expect(noRerollPossible(roll)).toBe(true);
    expect(noRerollPossible({ ...roll, resolve: 1 })).toBe(false);
    expect(noRerollPossible({ ...roll, resolve: 1 }, { policy: 'never' })).toBe(true);
    expect(noRerollPossible(roll, { terminal: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1] })).toBe(false);
    // Twelve intents that can each be settled five ways, with six Aura states: 5^12 · 6 states.
    const wide = parseRoll({
      threats: [{ challenge: 3 }],
      dice: Array.from({ length: 12 }, (_, intent) => ({ sides: 6, intent })),
    });
    expect(closedFormOdds([wide])).toBeUndefined();
    // …but with nothing to spend, only won or not matters: 2^12 states.
    expect(closedFormOdds([{ ...wide, auraMax: 0, aura: 0 }])![0]!.intents).toHaveLength(12);
  });
});
