import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { designerPools } from '../../../../scripts/bench/designer-grid.ts';
import { allWonUtility } from '../../../../src/systems/zidara/engine/all-won-utility.ts';
import { leversText } from '../../../../src/systems/zidara/engine/backward-solve.ts';
import {
  type SolveOptions,
  startAuraState,
} from '../../../../src/systems/zidara/engine/roll-play.ts';
import { rollShape } from '../../../../src/systems/zidara/engine/roll-shape.ts';
import { RollSolver } from '../../../../src/systems/zidara/engine/roll-solver.ts';
import {
  searchSize,
  solveRolls,
  solveUtilities,
} from '../../../../src/systems/zidara/engine/solve-rolls.ts';
import { parseRoll, type Roll, type RollSpec } from '../../../../src/systems/zidara/roll/spec.ts';
import { auraImbalance, figureGap } from '../figure-gap.ts';
import { smallRoll } from '../small-roll.ts';

/** The designer grid of the speed issue: every pool on one intent, C1..6, Resolve 0..2, 5 Aura. */
function designerGrid(aura: number): Roll[][] {
  return designerPools().map((pool) =>
    [1, 2, 3, 4, 5, 6].flatMap((challenge) =>
      [0, 1, 2].map((resolve) =>
        parseRoll({
          threats: [{ challenge }],
          dice: pool.map((sides) => ({ sides, intent: 0 })),
          aura,
          resolve,
        }),
      ),
    ),
  );
}

describe('shared solves: the general engine, every designer pool (584) × C1..6 × Resolve 0..2', () => {
  it('one solve per pool answers its 18 questions as 18 solves do, and solveRolls agrees', () => {
    let worstShared = 0;
    let worstBatch = 0;
    let imbalance = 0;
    let identical = 0;
    let asked = 0;
    // 3 Aura of 5: top faces both fill the Aura and overflow it.
    for (const rolls of designerGrid(3)) {
      const shared = new RollSolver(rolls[rolls.length - 1]!).oddsFor(rolls);
      const batch = solveRolls(rolls);
      rolls.forEach((roll, i) => {
        const alone = new RollSolver(roll).odds();
        worstShared = Math.max(worstShared, figureGap(shared[i]!, alone));
        worstBatch = Math.max(worstBatch, figureGap(batch[i]!, alone));
        imbalance = Math.max(
          imbalance,
          auraImbalance(roll.aura, batch[i]!),
          auraImbalance(roll.aura, alone),
        );
        if (shared[i]!.expectedUtility === alone.expectedUtility) identical++;
        asked++;
      });
    }
    expect(worstShared).toBeLessThan(1e-12);
    // The tables are the same ones, weighed the same way: the optimum is bit-identical.
    expect(identical).toBe(asked);
    // solveRolls: the closed form at Resolve 0, shared solves above.
    expect(worstBatch).toBeLessThan(1e-12);
    expect(imbalance).toBeLessThan(1e-12);
  }, 240_000); // some 10,000 solves alone: minutes on a busy 2-core runner, not the default 60 s

  it("solveUtilities gives solveRolls' expected utility bit for bit, under every policy", () => {
    for (const options of [{}, { policy: 'greedy' }, { policy: 'never' }] as SolveOptions[]) {
      const rolls = designerGrid(3).flat();
      const utilities = solveUtilities(rolls, options);
      const odds = solveRolls(rolls, options);
      expect(utilities).toEqual(odds.map((o) => o.expectedUtility));
      // One intent, each worth 1, no worth in Aura or Resolve left: the utility is the win.
      const worst = Math.max(...odds.map((o, i) => Math.abs(o.intents[0]!.pWin - utilities[i]!)));
      expect(worst).toBeLessThan(1e-12);
    }
  });
});

describe('shared solves on random small rolls over every option', () => {
  it('any mix of smaller Challenges, lower Resolve and other starting Aura, as solved alone', () => {
    fc.assert(
      fc.property(
        smallRoll(3, 2),
        fc.constantFrom<SolveOptions>(
          {},
          { policy: 'greedy' },
          { rerolls: 'one' },
          { rerolls: 'all' },
          { joint: true },
        ),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        (spec, options, picks) => {
          const cover = parseRoll(spec);
          const questions = picks.map(([c0, c1, r, a]): Roll => {
            const picked = [c0, c1];
            return {
              ...cover,
              threats: cover.threats.map((t, i) => ({ challenge: 1 + (picked[i]! % t.challenge) })),
              resolve: r % (cover.resolve + 1),
              aura: cover.auraGainUsableSameRoll ? a % (cover.auraMax + 1) : cover.aura,
            };
          });
          const shared = new RollSolver(cover, options).oddsFor(questions);
          expect(new RollSolver(cover, options).utilitiesFor(questions)).toEqual(
            shared.map((o) => o.expectedUtility),
          );
          questions.forEach((roll, i) => {
            const alone = new RollSolver(roll, options).odds();
            expect(figureGap(shared[i]!, alone)).toBeLessThan(1e-12);
            expect(auraImbalance(roll.aura, shared[i]!)).toBeLessThan(1e-12);
          });
        },
      ),
      { numRuns: 150, seed: 424242 },
    );
  });

  it('tables held from the lowest starting Aura up answer as full tables do (and refuse below)', () => {
    fc.assert(
      fc.property(
        smallRoll(3, 2),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 5 }),
        (spec, picks) => {
          const cover = parseRoll(spec);
          const questions = picks.map(
            ([r, a]): Roll => ({
              ...cover,
              resolve: r % (cover.resolve + 1),
              aura: cover.auraGainUsableSameRoll ? a % (cover.auraMax + 1) : cover.aura,
            }),
          );
          const lowestAura = Math.min(...questions.map(startAuraState));
          const held = new RollSolver(cover, { lowestAura }).oddsFor(questions);
          const batch = solveRolls(questions);
          questions.forEach((roll, i) => {
            const alone = new RollSolver(roll).odds();
            expect(figureGap(held[i]!, alone)).toBeLessThan(1e-12);
            expect(figureGap(batch[i]!, alone)).toBeLessThan(1e-12);
          });
          if (lowestAura > 0) {
            const below = { ...cover, aura: lowestAura - 1 };
            expect(() => new RollSolver(cover, { lowestAura }).oddsFor([below])).toThrow(
              RangeError,
            );
          }
        },
      ),
      { numRuns: 120, seed: 9090 },
    );
  });

  it('solveRolls answers a mixed batch in order, whatever the shapes', () => {
    fc.assert(
      fc.property(fc.array(smallRoll(3, 2), { minLength: 1, maxLength: 8 }), (specs) => {
        const rolls = specs.map((spec) => parseRoll(spec));
        const answers = solveRolls(rolls);
        rolls.forEach((roll, i) => {
          expect(figureGap(answers[i]!, new RollSolver(roll).odds())).toBeLessThan(1e-12);
        });
      }),
      { numRuns: 60, seed: 77 },
    );
  });
});

describe('shared solves: what one solve cannot answer', () => {
  const roll = parseRoll({
    threats: [{ challenge: 3 }],
    dice: [{ sides: 8, intent: 0 }],
    resolve: 1,
  });

  it('a roll of another shape, a larger Challenge or more Resolve is refused', () => {
    const solver = new RollSolver(roll);
    expect(() => solver.oddsFor([{ ...roll, auraMax: 4, aura: 4 }])).toThrow(RangeError);
    expect(() => solver.oddsFor([{ ...roll, threats: [{ challenge: 4 }] }])).toThrow(RangeError);
    expect(() => solver.oddsFor([{ ...roll, resolve: 2 }])).toThrow(RangeError);
  });

  it('the shape ignores the Challenges, the starting Resolve and (gains usable at once) the Aura', () => {
    expect(rollShape({ ...roll, threats: [{ challenge: 6 }], resolve: 0, aura: 2 })).toBe(
      rollShape(roll),
    );
    const late = { ...roll, auraGainUsableSameRoll: false };
    expect(rollShape({ ...late, aura: 2 })).not.toBe(rollShape(late));
    expect(rollShape({ ...roll, intents: [{ threat: 0, weight: 2 }] })).not.toBe(rollShape(roll));
  });
});

describe('shared solves for a terminal utility', () => {
  it('"every intent won": one solve per shape answers its Challenges and starts as solving each alone', () => {
    fc.assert(
      fc.property(fc.array(smallRoll(3, 2), { minLength: 1, maxLength: 4 }), (specs) => {
        // Each roll at every Challenge up to its own and every Resolve up to its own.
        const rolls = specs.flatMap((spec) => {
          const roll = parseRoll(spec);
          return [
            roll,
            { ...roll, resolve: 0 },
            { ...roll, threats: roll.threats.map(() => ({ challenge: 1 })) },
          ];
        });
        const answers = solveRolls(rolls, {}, allWonUtility);
        rolls.forEach((roll, i) => {
          const alone = new RollSolver(roll, { terminal: allWonUtility(roll) }).odds();
          expect(figureGap(answers[i]!, alone)).toBeLessThan(1e-12);
          expect(answers[i]!.expectedUtility).toBeCloseTo(answers[i]!.pAllWin, 12);
        });
      }),
      { numRuns: 40, seed: 31 },
    );
  });
});

describe('searchSize', () => {
  it('says, without solving, exactly which rolls solveRolls refuses, and with its message', () => {
    const d12s = (n: number, intents: number, more: Partial<RollSpec> = {}) =>
      parseRoll({
        threats: [{ challenge: 3 }],
        dice: Array.from({ length: n }, (_, i) => ({ sides: 12, intent: i % intents })),
        auraMax: 20,
        boostsPerRoll: 10,
        resolve: 1,
        ...more,
      });
    const cases: [Roll, SolveOptions][] = [
      [d12s(10, 1), {}], // 64,512,240 dice states: past the states
      [d12s(7, 1), {}], // one Aura state held, but 1,560,780 × 23² one-die moves
      [d12s(6, 3, { boostsPerRoll: 1, auraMax: 5 }), {}], // within both: 15 pairs of 5 classes, cubed
      [d12s(11, 11, { boostsPerRoll: 1, auraMax: 5 }), { policy: 'never' }], // the closed form's
      [d12s(11, 11, { boostsPerRoll: 1, auraMax: 5 }), {}], // the same, searched: 5^11 states
    ];
    const refused = cases.map(([roll, options]) => {
      const size = searchSize(roll, options);
      try {
        solveRolls([roll], options);
      } catch (error) {
        expect(size.excess, String(error)).toBeDefined();
        expect((error as Error).message).toBe(
          `this roll has ${size.excess!.what}, which bound the simulator too (it plays the exact engine's decisions); any of these lowers them: ${leversText(size.excess!.levers)}`,
        );
        return size.excess!.bound;
      }
      expect(size.excess).toBeUndefined();
      return size.states;
    });
    expect(refused).toEqual(['states', 'moves', 15 ** 3, 0, 'states']);
  });
});
