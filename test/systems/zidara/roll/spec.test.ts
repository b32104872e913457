import { describe, expect, it } from 'vitest';
import { parseRoll, rollToSpec, rollWith } from '../../../../src/systems/zidara/roll/spec.ts';

const ok = {
  threats: [{ challenge: 3 }],
  dice: [
    { sides: 12, intent: 0 },
    { sides: 4, intent: 1 },
  ],
};

describe('roll specs', () => {
  it('fill in the rules page defaults', () => {
    const roll = parseRoll(ok);
    expect(roll).toMatchObject({
      aura: 5,
      auraMax: 5,
      resolve: 0,
      boostsPerRoll: 1,
      tieBreak: true,
      explode: false,
      explodeDepth: 20,
      auraValue: 0,
      resolveValue: 0,
      auraGainUsableSameRoll: true,
    });
    expect(roll.intents).toEqual([
      { threat: 0, weight: 1 },
      { threat: 0, weight: 1 },
    ]);
    expect(parseRoll({ ...ok, auraMax: 3 }).aura).toBe(3);
  });

  it('read back their own explicit form unchanged', () => {
    const roll = parseRoll({
      ...ok,
      dice: [...ok.dice, { sides: 2, area: true }],
      resolve: 2,
      explode: true,
    });
    expect(parseRoll(rollToSpec(roll))).toEqual(roll);
  });

  it.each([
    [
      { ...ok, dice: [{ sides: 7, intent: 0 }] },
      'dice[0].sides: 7 is not allowed (expected one of 2, 4, 6, 8, 10, 12)',
    ],
    [
      { ...ok, threats: [{ challenge: 0 }] },
      'threats[0].challenge: 0 is not allowed (expected an integer from 1 to 50)',
    ],
    [
      { ...ok, dice: [{ sides: 8, intent: 1 }] },
      'dice: intent 0 has no die (expected every intent 0..1 to have at least one die)',
    ],
    [
      { ...ok, dice: [{ sides: 8, intent: 5 }] },
      'dice: intents 0 to 4 have no die (expected every intent 0..5 to have at least one die)',
    ],
    [
      { ...ok, dice: [0, 2, 4].map((intent) => ({ sides: 8, intent })) },
      'dice: intents 1, 3 have no die (expected every intent 0..4 to have at least one die)',
    ],
    [
      { ...ok, intents: [{ threat: 0 }, { threat: 1 }] },
      'intents[1].threat: 1 is not allowed (expected an integer from 0 to 0)',
    ],
    [{ ...ok, aura: -1 }, 'aura: -1 is not allowed (expected an integer from 0 to auraMax (5))'],
    [
      { ...ok, aura: 6 },
      'aura: 6 is not allowed (expected at most auraMax (5): Aura past the cap is shared, never held)',
    ],
    [
      { ...ok, intents: [{ weight: Number.NaN }, {}] },
      'intents[0].weight: NaN is not allowed (expected a number from 0 to 1000000)',
    ],
    [
      { ...ok, intents: [{ weight: '2' }, {}] },
      'intents[0].weight: "2" is not allowed (expected a number from 0 to 1000000)',
    ],
    [
      { ...ok, dice: [] },
      'dice: [] is not allowed (expected a non-empty array of dice such as { "sides": 8, "intent": 0 })',
    ],
    [
      { ...ok, intents: [{}] },
      'intents: [{}] is not allowed (expected an array with one entry per intent (2, numbered by the dice))',
    ],
    [
      { ...ok, boosts: 1 },
      'boosts: no such field (did you mean boostsPerRoll or boostSize? the fields here are threats, dice,',
    ],
    [
      { ...ok, dice: [{ sides: 4, area: true }] },
      'dice: "only an area die" is not allowed (expected at least one die with an intent)',
    ],
    [
      { ...ok, dice: [...ok.dice, { sides: 4, area: true }, { sides: 2, area: true }] },
      'dice[3].area: true is not allowed (expected at most one area die a roll)',
    ],
    [{ ...ok, tieBreak: 'yes' }, 'tieBreak: "yes" is not allowed (expected true or false)'],
    [
      { ...ok, explodeDepth: 5 },
      'explodeDepth: 5 is not allowed (expected it only with explode true (no die explodes without it, so a depth would change nothing))',
    ],
  ])('rejects %j naming the field, the value and what is allowed', (spec, message) => {
    expect(() => parseRoll(spec)).toThrow(message);
  });

  it('read a depth with exploding dice, and the default depth (a spec echoed whole) without', () => {
    expect(parseRoll({ ...ok, explode: true, explodeDepth: 5 }).explodeDepth).toBe(5);
    expect(parseRoll({ ...ok, explode: false, explodeDepth: 20 }).explodeDepth).toBe(20);
    expect(() => parseRoll({ ...ok, explode: false, explodeDepth: 0 })).toThrow(
      /^explodeDepth: 0 is not allowed \(expected it only with explode true/,
    );
  });

  it('prefixes fields with where the spec sits in a file', () => {
    expect(() => parseRoll({ ...ok, resolve: 11 }, '[3].')).toThrow(
      /^\[3\]\.resolve: 11 is not allowed/,
    );
  });

  it('change a cover roll’s Challenges and Resolve and keep every other field (rollWith)', () => {
    const roll = parseRoll({
      threats: [{ challenge: 2 }, { challenge: 4, name: 'ogre' }],
      dice: [
        { sides: 8, intent: 0 },
        { sides: 6, intent: 1 },
      ],
      intents: [{ threat: 0 }, { threat: 1, weight: 2 }],
      aura: 1,
      explode: true,
    });
    expect(rollWith(roll, { resolve: 2 })).toStrictEqual({ ...roll, resolve: 2 });
    expect(rollWith(roll, { challenges: [5, 6], resolve: 1 })).toStrictEqual({
      ...roll,
      threats: [{ challenge: 5 }, { challenge: 6, name: 'ogre' }],
      resolve: 1,
    });
    expect(Object.keys(rollWith(roll, { resolve: 2 }))).toEqual(Object.keys(roll));
  });
});
