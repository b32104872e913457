import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dist, maxOf } from '../../../../src/distribution/index.ts';
import { InputError } from '../../../../src/input/input-error.ts';
import {
  moveEntriesOf,
  RollModel,
  valueKeySpaceOf,
} from '../../../../src/systems/zidara/engine/roll-model.ts';
import { RollSolver } from '../../../../src/systems/zidara/engine/roll-solver.ts';
import { parseRoll, type RollSpec } from '../../../../src/systems/zidara/roll/spec.ts';
import { type BruteSpec, bruteForceFigures, bruteForceUtility } from '../brute-force.ts';
import { monotoneTerminal, smallRoll, smallVariantRoll } from '../small-roll.ts';

const oracle: { name: string; spec: RollSpec; expectedUtility: number; pWin: number[] | null }[] =
  JSON.parse(readFileSync(new URL('../../../oracle/zidara-cases.json', import.meta.url), 'utf8'));

const solve = (spec: RollSpec, policy: 'optimal' | 'greedy' | 'never' = 'optimal') =>
  new RollSolver(parseRoll(spec), policy).odds();

describe('exact engine: the oracle cases', () => {
  it.each(oracle.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const odds = solve(c.spec);
    expect(Math.abs(odds.expectedUtility - c.expectedUtility)).toBeLessThan(1e-9);
    for (const [i, p] of (c.pWin ?? []).entries()) {
      expect(Math.abs(odds.intents[i]!.pWin - p)).toBeLessThan(1e-9);
    }
  });
});

describe('exact engine against brute force', () => {
  it('optimal expected utility on random small rolls, every option', () => {
    fc.assert(
      fc.property(smallRoll(3, 1), (spec) => {
        expect(solve(spec).expectedUtility).toBeCloseTo(bruteForceUtility(spec), 9);
      }),
      { numRuns: 120, seed: 20261130 },
    );
  });

  it('optimal expected utility with two Resolve', () => {
    fc.assert(
      fc.property(smallRoll(2, 2), (spec) => {
        expect(solve(spec).expectedUtility).toBeCloseTo(bruteForceUtility(spec), 9);
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  it('pools bigger than the oracle: four dice on one intent, and four intents on two threats', () => {
    const cases: BruteSpec[] = [
      {
        threats: [{ challenge: 3 }],
        dice: [
          { sides: 6, intent: 0 },
          { sides: 4, intent: 0 },
          { sides: 4, intent: 0 },
          { sides: 2, intent: 0 },
        ],
        aura: 1,
        resolve: 1,
      },
      {
        threats: [{ challenge: 2 }, { challenge: 3 }],
        dice: [
          { sides: 4, intent: 0 },
          { sides: 6, intent: 1 },
          { sides: 4, intent: 2 },
          { sides: 2, intent: 3 },
        ],
        intents: [
          { threat: 0 },
          { threat: 1 },
          { threat: 1, weight: 2 },
          { threat: 0, weight: 0.5 },
        ],
        aura: 2,
        auraMax: 3,
      },
      {
        threats: [{ challenge: 3 }],
        dice: [
          { sides: 4, intent: 0 },
          { sides: 4, intent: 1 },
          { sides: 2, intent: 1 },
          { sides: 2, area: true },
        ],
        aura: 0,
        auraMax: 2,
        resolve: 1,
        auraValue: 0.3,
      },
    ];
    for (const spec of cases)
      expect(solve(spec as RollSpec).expectedUtility).toBeCloseTo(bruteForceUtility(spec), 9);
  });

  it('every figure of the never and greedy policies, trajectory by trajectory', () => {
    fc.assert(
      fc.property(
        smallRoll(3, 1),
        fc.constantFrom('never' as const, 'greedy' as const),
        (spec, policy) => {
          const odds = solve(spec, policy);
          const brute = bruteForceFigures(spec, policy);
          expect(odds.expectedUtility).toBeCloseTo(brute.expectedUtility, 9);
          for (const [i, intent] of odds.intents.entries()) {
            expect(intent.pWin).toBeCloseTo(brute.pWin[i]!, 9);
          }
          for (const [k, p] of odds.winsDistribution.entries()) {
            expect(p).toBeCloseTo(brute.winsDistribution[k]!, 9);
          }
          expect(odds.expectedAuraGained).toBeCloseTo(brute.expectedAuraGained, 9);
          expect(odds.expectedAuraSpent).toBeCloseTo(brute.expectedAuraSpent, 9);
          expect(odds.expectedAuraShared).toBeCloseTo(brute.expectedAuraShared, 9);
          expect(odds.expectedAuraEnd).toBeCloseTo(brute.expectedAuraEnd, 9);
          expect(odds.expectedResolveEnd).toBeCloseTo(brute.expectedResolveEnd, 9);
          if (spec.explode) expect(odds.pExplodeCapped).toBeCloseTo(brute.pExplodeCapped, 9);
          else expect(odds.pExplodeCapped).toBeUndefined();
          if (odds.area) {
            for (const { size, p } of odds.area.distribution)
              expect(p).toBeCloseTo(brute.area.get(size) ?? 0, 9);
            expect(odds.area.distribution.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
          }
        },
      ),
      { numRuns: 120, seed: 99 },
    );
  });
});

describe('exact engine: laws', () => {
  it('figures are consistent with each other under every policy', () => {
    fc.assert(
      fc.property(
        smallRoll(3, 2),
        fc.constantFrom('optimal' as const, 'greedy' as const, 'never' as const),
        (spec, policy) => {
          const roll = parseRoll(spec);
          const odds = new RollSolver(roll, policy).odds();
          const dist = odds.winsDistribution;
          expect(dist.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
          expect(odds.expectedWins).toBeCloseTo(
            dist.reduce((s, p, k) => s + k * p, 0),
            12,
          );
          expect(odds.pAllWin).toBe(dist[dist.length - 1]);
          for (const i of odds.intents) expect(i.pWin).toBeGreaterThanOrEqual(-1e-15);
          // Aura is conserved: what came in is what is left, spent, or shared.
          expect(roll.aura + odds.expectedAuraGained).toBeCloseTo(
            odds.expectedAuraEnd + odds.expectedAuraSpent + odds.expectedAuraShared,
            9,
          );
          expect(odds.expectedAuraEnd).toBeLessThanOrEqual(roll.auraMax + 1e-12);
          expect(odds.expectedResolveEnd).toBeLessThanOrEqual(roll.resolve + 1e-12);
        },
      ),
      { numRuns: 100, seed: 3 },
    );
  });

  it('optimal play is never worse than the simple policies, and more Resolve or Aura never hurts', () => {
    fc.assert(
      fc.property(smallRoll(3, 1), (spec) => {
        const best = solve(spec).expectedUtility;
        expect(best).toBeGreaterThanOrEqual(solve(spec, 'greedy').expectedUtility - 1e-12);
        expect(best).toBeGreaterThanOrEqual(solve(spec, 'never').expectedUtility - 1e-12);
        expect(
          solve({ ...spec, resolve: (spec.resolve ?? 0) + 1 }).expectedUtility,
        ).toBeGreaterThanOrEqual(best - 1e-12);
        if ((spec.aura ?? 0) < (spec.auraMax ?? 5) && !spec.auraValue) {
          expect(
            solve({ ...spec, aura: (spec.aura ?? 0) + 1 }).expectedUtility,
          ).toBeGreaterThanOrEqual(best - 1e-12);
        }
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it('with no decisions, one intent wins exactly as the max of its dice beats the Challenge die', () => {
    // The distribution algebra is an independent route to the same number.
    for (const [pool, challenge] of [
      [[12, 4], 3],
      [[6, 6], 3],
      [[8, 8, 8], 5],
      [[2], 1],
    ] as const) {
      const best = maxOf(...pool.map((n) => Dist.die(n)));
      const expected = best.compare(Dist.die(2 * challenge)).greater;
      const odds = solve({
        threats: [{ challenge }],
        dice: pool.map((sides) => ({ sides, intent: 0 })),
        aura: 0,
        auraMax: 0,
      });
      expect(odds.intents[0]!.pWin).toBeCloseTo(expected, 12);
      expect(odds.expectedAuraGained).toBeCloseTo(
        pool.reduce((s, n) => s + 1 / n, 0),
        12,
      );
    }
  });

  it('a lone d8 against C4 with 3 Aura: 49/64 by hand', () => {
    // D ~ d8. Win: v > D (28/64); tie (8/64) paid; v = D − 1 boosted (7/64): 43/64 ... plus
    // v = D − 2 boosted to a tie and paid (6/64): 49/64 = 0.765625.
    expect(
      solve({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 3 })
        .expectedUtility,
    ).toBe(0.765625);
  });
});

describe('exact engine: restricted rerolls', () => {
  it('reroll-one and reroll-all bracket the optimum, and match hand figures for a lone die', () => {
    // A lone d8 against C4 (d8), no Aura: rerolling the one die and rerolling all are the same
    // move, and D stays for the reroll: P(win) = Σ_D 1/8 · (1 − (D/8)²) = 1 − 204/512 = 0.6015625.
    const lone = {
      threats: [{ challenge: 4 }],
      dice: [{ sides: 8, intent: 0 }],
      aura: 0,
      auraMax: 0,
      resolve: 1,
    };
    for (const rerolls of ['one', 'all', 'any'] as const) {
      expect(new RollSolver(parseRoll(lone), { rerolls }).odds().intents[0]!.pWin).toBeCloseTo(
        0.6015625,
        12,
      );
    }
    fc.assert(
      fc.property(smallRoll(3, 2), (spec) => {
        const roll = parseRoll(spec);
        const any = new RollSolver(roll).odds().expectedUtility;
        const one = new RollSolver(roll, { rerolls: 'one' }).odds().expectedUtility;
        const all = new RollSolver(roll, { rerolls: 'all' }).odds().expectedUtility;
        expect(any).toBeGreaterThanOrEqual(Math.max(one, all) - 1e-12);
        expect(Math.min(one, all)).toBeGreaterThanOrEqual(
          new RollSolver(roll, 'never').odds().expectedUtility - 1e-12,
        );
      }),
      { numRuns: 40, seed: 5 },
    );
  });
});

describe('exact engine: a terminal utility over how the roll ends', () => {
  it('matches brute force for any worth of (wins, Aura, Resolve) that never falls with more Aura', () => {
    fc.assert(
      fc.property(
        smallRoll(3, 2),
        fc.array(
          fc.integer({ min: 0, max: 8 }).map((k) => k / 8),
          { minLength: 200, maxLength: 200 },
        ),
        (spec, table) => {
          const roll = parseRoll(spec);
          const A = roll.auraMax + 1;
          const R1 = roll.resolve + 1;
          const size = (roll.intents.length + 1) * A * R1;
          // Any worth of wins and Resolve, but never less for more Aura (as any scene's worth is:
          // Aura can always be left unspent); the engine does not buy +2s just to shed Aura.
          const terminal = Array.from({ length: size }, (_, k) => table[k % table.length]!);
          for (let w = 0; w <= roll.intents.length; w++) {
            for (let r = 0; r < R1; r++) {
              for (let a = 1; a < A; a++) {
                const here = (w * A + a) * R1 + r;
                terminal[here] = Math.max(terminal[here]!, terminal[(w * A + a - 1) * R1 + r]!);
              }
            }
          }
          const worth = (wins: number, auraEnd: number, resolveEnd: number) =>
            terminal[(wins * A + auraEnd) * R1 + resolveEnd]!;
          const odds = new RollSolver(roll, { terminal }).odds();
          expect(odds.expectedUtility).toBeCloseTo(bruteForceUtility(spec, worth), 9);
        },
      ),
      { numRuns: 50, seed: 17 },
    );
  });
});

describe('exact engine: several terminals solved side by side (lanes)', () => {
  it('each lane gives, to the bit, what a solve of its terminal alone gives, from every start', () => {
    fc.assert(
      fc.property(
        smallVariantRoll(3, 2),
        fc.array(
          fc.array(
            fc.integer({ min: 0, max: 8 }).map((k) => k / 8),
            { minLength: 60, maxLength: 60 },
          ),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom('any' as const, 'one' as const, 'all' as const),
        (spec, tables, rerolls) => {
          const roll = parseRoll(spec);
          const A = roll.auraMax + 1;
          const R1 = roll.resolve + 1;
          const terminals = tables.map((t) => monotoneTerminal(t, roll.intents.length, A, R1));
          // The same roll from less Resolve (and Aura, where the Aura held is not part of the
          // roll's shape): the starts a fight's round asks at once.
          const starts = [roll, { ...roll, resolve: 0 }];
          if (roll.auraGainUsableSameRoll) starts.push({ ...roll, aura: 0 });
          const lanes = new RollSolver(roll, { terminals, rerolls }).laneUtilitiesFor(starts);
          expect(lanes).toHaveLength(terminals.length);
          terminals.forEach((terminal, j) => {
            expect(lanes[j]).toEqual(
              new RollSolver(roll, { terminal, rerolls }).utilitiesFor(starts),
            );
          });
        },
      ),
      { numRuns: 80, seed: 20261202 },
    );
  });

  it('gives utilities only, and takes a terminal or terminals, not both', () => {
    const roll = parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }] });
    const terminal = Array.from({ length: 2 * 6 * 1 }, (_, k) => (k >= 6 ? 1 : 0));
    const two = new RollSolver(roll, { terminals: [terminal, terminal] });
    expect(() => two.oddsFor([roll])).toThrow(RangeError);
    expect(() => two.utilitiesFor([roll])).toThrow(RangeError);
    expect(() => new RollSolver(roll, { terminal, terminals: [terminal] })).toThrow(RangeError);
    expect(() => new RollSolver(roll, { terminals: [] })).toThrow(RangeError);
  });
});

describe('exact engine: its size bound', () => {
  it('refuses a roll past its dice-and-Aura states before building its tables, and counts them as the model does', () => {
    // Ten d12 on one intent with ten +2s: 23 classes, C(32, 10) = 64,512,240 multisets, more
    // than the groups' tables hold (they once stopped it with a RangeError, as a bug); × 21 Aura.
    const ten = parseRoll({
      threats: [{ challenge: 3 }],
      dice: Array.from({ length: 10 }, () => ({ sides: 12, intent: 0 })),
      auraMax: 20,
      boostsPerRoll: 10,
      resolve: 1,
    });
    expect(valueKeySpaceOf(ten)).toBe(64_512_240);
    expect(() => new RollSolver(ten)).toThrow(InputError);
    expect(() => new RollSolver(ten)).toThrow(
      /^this roll has 1,354,757,040 dice-and-Aura states, more than the exact engine's 8,388,608, which bound the simulator too /,
    );
    // Eleven intents of one d12 each: 23^11 states.
    const eleven = parseRoll({
      threats: [{ challenge: 3 }],
      dice: Array.from({ length: 11 }, (_, intent) => ({ sides: 12, intent })),
      auraMax: 20,
      boostsPerRoll: 10,
    });
    expect(valueKeySpaceOf(eleven)).toBe(23 ** 11);
    expect(() => new RollSolver(eleven)).toThrow(InputError);
    for (const spec of [
      {
        threats: [{ challenge: 4 }],
        dice: [
          { sides: 8, intent: 0 },
          { sides: 8, intent: 0 },
        ],
      },
      {
        threats: [{ challenge: 4 }, { challenge: 2 }],
        dice: [
          { sides: 8, intent: 0 },
          { sides: 6, intent: 0 },
          { sides: 6, intent: 0 },
          { sides: 4, intent: 1 },
          { sides: 6, area: true },
        ],
        boostsPerRoll: 2,
        boostSize: 3,
      },
    ] satisfies RollSpec[]) {
      const roll = parseRoll(spec);
      const model = new RollModel(roll);
      expect(valueKeySpaceOf(roll)).toBe(model.valueKeySpace);
      const entries = model.groups
        .filter((g) => g.intent >= 0)
        .reduce((n, g) => n + g.replace.length, 0);
      expect(moveEntriesOf(roll)).toBe(entries);
    }
  });

  it('refuses a roll whose one-die move tables would be past the bound, whatever its states', () => {
    // d12s on one intent with ten +2s, from full Aura (one Aura state held): few states, but 23
    // classes a die. Six: C(28, 6) = 376,740 multisets × 23², within (about ten seconds to
    // build); seven: 1,560,780 × 23² (a minute and 4 GB once); eight: 5,852,925 × 23² (17 GB).
    const d12s = (n: number) =>
      parseRoll({
        threats: [{ challenge: 3 }],
        dice: Array.from({ length: n }, () => ({ sides: 12, intent: 0 })),
        auraMax: 20,
        boostsPerRoll: 10,
        resolve: 1,
      });
    expect(moveEntriesOf(d12s(6))).toBe(376_740 * 23 * 23);
    expect(moveEntriesOf(d12s(7))).toBe(1_560_780 * 23 * 23);
    for (const n of [7, 8])
      expect(() => new RollSolver(d12s(n), { lowestAura: 20 })).toThrow(
        /^this roll has [\d,]+ one-die moves to tabulate \(its like dice's multisets × their classes squared\), more than the exact engine's 268,435,456, which bound the simulator too \(it plays the exact engine's decisions\); any of these lowers them: put fewer dice of one size on one intent; allow fewer or smaller \+2s a roll \(boostsPerRoll, boostSize\)$/,
      );
    // A lone die has no table.
    expect(moveEntriesOf(d12s(1))).toBe(0);
  });
});
