import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/input/input-error.ts';
import {
  type AdviceRequest,
  adviceSentence,
  advise,
  parseAdviceRequest,
} from '../../../../src/systems/zidara/engine/advise.ts';
import { RollSolver } from '../../../../src/systems/zidara/engine/roll-solver.ts';
import { parseRoll, type RollSpec } from '../../../../src/systems/zidara/roll/spec.ts';
import { type BruteAction, type BruteSpec, bruteForceActions } from '../brute-force.ts';
import { ISSUE_ADVICE } from '../issue-advice.ts';
import { smallRoll } from '../small-roll.ts';

interface OracleCase {
  roll: RollSpec;
  shown: number[];
  defence: number[];
  actions: { action: string; die?: number; expectedUtility: number; exact: string }[];
  bestValue: number;
}
const oracle: OracleCase[] = JSON.parse(
  readFileSync(new URL('../../../oracle/advise-cases.json', import.meta.url), 'utf8'),
);

const label = (a: { action: string; die?: number }) =>
  a.action === 'reroll-one' ? `reroll-one:${a.die}` : a.action;

/** Checks an advice against brute-force action values: the same legal actions, each to 1e-9. */
function expectMatches(
  advice: ReturnType<typeof advise>,
  expected: readonly Pick<BruteAction, 'action' | 'die' | 'expectedUtility'>[],
) {
  const got = new Map(advice.actions.map((a) => [label(a), a.expectedUtility]));
  expect([...got.keys()].sort()).toEqual(expected.map(label).sort());
  for (const a of expected)
    expect(Math.abs(got.get(label(a))! - a.expectedUtility)).toBeLessThan(1e-9);
  const top = Math.max(...expected.map((a) => a.expectedUtility));
  expect(Math.abs(advice.best.expectedUtility - top)).toBeLessThan(1e-9);
  expect(advice.actions[0]).toBe(advice.best);
  // Best first, the rest in order of value.
  for (let i = 1; i < advice.actions.length - 1; i++)
    expect(advice.actions[i]!.expectedUtility).toBeGreaterThanOrEqual(
      advice.actions[i + 1]!.expectedUtility - 1e-12,
    );
}

describe('advise: the oracle cases', () => {
  it('has the 15 cases of the brief', () => expect(oracle).toHaveLength(15));
  it.each(oracle.map((c, i) => [i, c] as const))('case %i: every action to 1e-9', (_, c) => {
    const advice = advise(parseAdviceRequest(c));
    expectMatches(advice, c.actions as BruteAction[]);
    expect(Math.abs(advice.best.expectedUtility - c.bestValue)).toBeLessThan(1e-9);
    // Among exactly equal values the engine keeps resources: stop, then one die, then all.
    const exact = (text: string) => {
      const [n, d = '1'] = text.split('/');
      return [BigInt(n!), BigInt(d)] as const;
    };
    const equal = (a: string, b: string) => {
      const [p, q] = exact(a);
      const [r, s] = exact(b);
      return p * s === r * q;
    };
    const top = c.actions.find((a) => Math.abs(a.expectedUtility - c.bestValue) < 1e-9)!.exact;
    const kinds = c.actions.filter((a) => equal(a.exact, top)).map((a) => a.action);
    const preferred = ['stop', 'reroll-one', 'reroll-all'].find((k) => kinds.includes(k));
    expect(advice.best.action).toBe(preferred);
  });
});

describe("advise: the issue's worked example", () => {
  const request = parseAdviceRequest(ISSUE_ADVICE);
  const advice = advise(request);

  it('ranks reroll the d8 1.5, reroll all 1.125, stop 1, reroll the d4 1.0', () => {
    expect(advice.actions.map((a) => [label(a), a.expectedUtility])).toEqual([
      ['reroll-one:0', 1.5],
      ['reroll-all', 1.125],
      ['stop', 1],
      ['reroll-one:1', 1],
    ]);
    // Default utility: the expected intents won is the utility.
    for (const a of advice.actions) expect(a.expectedWins).toBeCloseTo(a.expectedUtility, 12);
  });

  it('says so in one sentence', () => {
    expect(adviceSentence(request, advice)).toBe(
      'Reroll the d8 (showing 3): 1.50 intents expected, against 1.00 if you stop.',
    );
  });

  it('stopping puts the +2 on the d4 (it then beats 5), which wins one intent for 1 Aura', () => {
    const stop = advice.actions.find((a) => a.action === 'stop');
    expect(stop?.action === 'stop' && stop.spends).toEqual({
      auraSpent: 1,
      boosts: [{ die: 1, count: 1 }],
      tiesPaid: [],
      won: [1],
    });
  });
});

describe('advise: the sentence when stopping', () => {
  it('names the spends: a +2 into a tie, then the tie paid', () => {
    // d6 shows 3 against D 5: +2 makes 5, a tie, paid: 2 Aura. No Resolve: stop is the only action.
    const request = parseAdviceRequest({
      roll: { threats: [{ challenge: 3 }], dice: [{ sides: 6, intent: 0 }], aura: 2 },
      shown: [3],
      defence: [5],
    });
    const advice = advise(request);
    expect(advice.actions).toHaveLength(1);
    expect(adviceSentence(request, advice)).toBe(
      'Stop: 1.00 intents expected. Spend 2 Aura: +2 on the d6 (showing 3), pay the tie of intent 1 (d6).',
    );
  });

  it('speaks of utility, not intents, when intents are weighed or Aura is worth something', () => {
    const request = parseAdviceRequest({
      roll: {
        threats: [{ challenge: 2 }],
        dice: [{ sides: 4, intent: 0 }],
        aura: 1,
        resolve: 1,
        auraValue: 0.5,
      },
      shown: [4],
      defence: [2],
    });
    const advice = advise(request);
    // Already won, nothing to spend: stopping keeps 1 Aura, worth 0.5.
    expect(adviceSentence(request, advice)).toBe('Stop: expected utility 1.50.');
    expect(advice.best.expectedWins).toBe(1);
  });
});

/** Random small rolled states over every option: 2 threats, ties, +2 plans, exploding, area, late Aura. */
const rolledState = fc
  .tuple(
    smallRoll(3, 2),
    fc.record({
      faceSeed: fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), {
        minLength: 4,
        maxLength: 4,
      }),
      defenceSeed: fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), {
        minLength: 2,
        maxLength: 2,
      }),
      pending: fc.integer({ min: 0, max: 5 }),
    }),
  )
  .map(([spec, r]) => {
    const dice = spec.dice;
    const explode = spec.explode ?? false;
    const depth = spec.explodeDepth ?? 0;
    // A face each die can show: an exploding die's chain total (t top faces, then 1..N−1, or capped).
    const shown = dice.map((die, j) => {
      const n = die.sides;
      if (!explode) return 1 + Math.floor(r.faceSeed[j]! * n);
      const totals: number[] = [(depth + 1) * n];
      for (let t = 0; t <= depth; t++) for (let f = 1; f < n; f++) totals.push(t * n + f);
      return totals[Math.floor(r.faceSeed[j]! * totals.length)]!;
    });
    const defence = spec.threats.map(
      ({ challenge }, t) => 1 + Math.floor(r.defenceSeed[t]! * 2 * challenge),
    );
    const request = {
      roll: spec,
      shown,
      defence,
      ...(spec.auraGainUsableSameRoll ? {} : { auraPending: r.pending }),
    };
    return { spec, request };
  });

describe('advise against brute force', () => {
  it('every action of random small rolled states, every option', () => {
    fc.assert(
      fc.property(rolledState, ({ spec, request }) => {
        const advice = advise(parseAdviceRequest(request));
        expectMatches(
          advice,
          bruteForceActions(spec, request.shown, request.defence, request.auraPending),
        );
      }),
      { numRuns: 250, seed: 20261201 },
    );
  });

  it('states where dice tie D and +2 plans matter: two +2s a roll, one intent per threat', () => {
    const spec: BruteSpec & RollSpec = {
      threats: [{ challenge: 3 }, { challenge: 4 }],
      dice: [
        { sides: 6, intent: 0 },
        { sides: 4, intent: 0 },
        { sides: 8, intent: 1 },
      ],
      intents: [{ threat: 0 }, { threat: 1 }],
      aura: 3,
      auraMax: 4,
      resolve: 2,
      boostsPerRoll: 2,
    };
    for (const [shown, defence] of [
      [
        [2, 4, 5],
        [4, 7],
      ],
      [
        [5, 1, 3],
        [5, 5],
      ],
      [
        [1, 1, 6],
        [6, 8],
      ],
    ] as const) {
      const request = { roll: spec, shown, defence };
      expectMatches(advise(parseAdviceRequest(request)), bruteForceActions(spec, shown, defence));
    }
  });
});

const openings = (spec: RollSpec) =>
  [...spec.dice.map((d) => d.sides), ...spec.threats.map((t) => 2 * t.challenge)].reduce(
    (a, b) => a * b,
    1,
  );

describe('advise: laws', () => {
  it("the advised play from every opening state adds up to the engine's own figures for the roll", () => {
    // An independent route through the engine: odds() follows the policy from the opening
    // roll; here every opening (defences, faces) is advised on its own and weighed.
    fc.assert(
      // Every opening is solved on its own: keep the openings few.
      fc.property(
        rolledState.filter(({ spec }) => openings(spec) <= 600),
        ({ spec }) => {
          // Plain dice: no explosions, so no depth (refused without them).
          const { explodeDepth: _depth, ...plain } = spec;
          const roll = parseRoll({ ...plain, explode: false, auraGainUsableSameRoll: true });
          const odds = new RollSolver(roll).odds();
          let utility = 0;
          let wins = 0;
          let all = 0;
          const threats = roll.threats.map((t) => 2 * t.challenge);
          const walk = (faces: number[], defences: number[], p: number) => {
            if (defences.length < threats.length) {
              const n = threats[defences.length]!;
              for (let d = 1; d <= n; d++) walk(faces, [...defences, d], p / n);
              return;
            }
            if (faces.length < roll.dice.length) {
              const n = roll.dice[faces.length]!.sides;
              for (let f = 1; f <= n; f++) walk([...faces, f], defences, p / n);
              return;
            }
            const tops = faces.filter((f, j) => f === roll.dice[j]!.sides).length;
            const request: AdviceRequest = {
              roll: { ...roll, aura: Math.min(roll.auraMax, roll.aura + tops) },
              shown: faces,
              defence: defences,
            };
            const best = advise(request).best;
            utility += p * best.expectedUtility;
            wins += p * best.expectedWins;
            all += p * best.pAllWin;
          };
          walk([], [], 1);
          expect(utility).toBeCloseTo(odds.expectedUtility, 9);
          expect(wins).toBeCloseTo(odds.expectedWins, 9);
          expect(all).toBeCloseTo(odds.pAllWin, 9);
        },
      ),
      { numRuns: 25, seed: 4 },
    );
  });
});

describe('advise: bad states', () => {
  const { roll } = ISSUE_ADVICE;
  const bad = (request: unknown, message: RegExp) => {
    expect(() => parseAdviceRequest(request)).toThrow(InputError);
    expect(() => parseAdviceRequest(request)).toThrow(message);
  };

  it('a face above its die, or below 1', () => {
    bad(
      { roll, shown: [9, 4], defence: [5] },
      /^shown\[0\]: 9 is not allowed \(expected a face of the d8: 1 to 8\)$/,
    );
    bad({ roll, shown: [3, 0], defence: [5] }, /^shown\[1\]: 0 is not allowed/);
    bad({ roll, shown: [3, 2.5], defence: [5] }, /^shown\[1\]: 2.5/);
  });
  it('a defence above 2C', () => {
    bad(
      { roll, shown: [3, 4], defence: [9] },
      /^defence\[0\]: 9 is not allowed \(expected a face of the Challenge die d8\)$/,
    );
  });
  it('Aura above the cap', () => {
    bad(
      { roll: { ...roll, aura: 6 }, shown: [3, 4], defence: [5] },
      /^roll\.aura: 6 is not allowed/,
    );
  });
  it('counts that do not match', () => {
    bad(
      { roll, shown: [3], defence: [5] },
      /^shown: \[3\] is not allowed \(expected an array of 2 numbers, one per die/,
    );
    bad(
      { roll, shown: [3, 4], defence: [5, 2] },
      /^defence: \[5,2\] is not allowed \(expected an array of 1 number, one per threat/,
    );
    bad({ roll, shown: [3, 4] }, /^defence: missing \(expected/);
  });
  it('an exploding total no chain can make', () => {
    const exploding = { ...roll, explode: true, explodeDepth: 2 };
    bad(
      { roll: exploding, shown: [16, 4], defence: [5] },
      /^shown\[0\]: 16 .*not a multiple of 8.*or 24/,
    );
    expect(parseAdviceRequest({ roll: exploding, shown: [24, 11], defence: [5] }).shown).toEqual([
      24, 11,
    ]);
  });
  it('late Aura needs the Aura pending; same-roll Aura refuses it', () => {
    bad(
      { roll: { ...roll, auraGainUsableSameRoll: false }, shown: [3, 4], defence: [5] },
      /^auraPending: missing \(expected/,
    );
    bad({ roll, shown: [3, 4], defence: [5], auraPending: 1 }, /^auraPending: 1 is not allowed/);
  });
  it('unknown fields and prefixes', () => {
    bad({ roll, shown: [3, 4], defence: [5], faces: [1] }, /^faces: /);
    expect(() => parseAdviceRequest({ roll, shown: [3, 9], defence: [5] }, '[2].')).toThrow(
      /^\[2\]\.shown\[1\]: 9/,
    );
  });
});
