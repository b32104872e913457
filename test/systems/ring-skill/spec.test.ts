import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/input/input-error.ts';
import { parseRingSkillSpec, RING_SKILL_DEFAULTS } from '../../../src/systems/ring-skill/index.ts';

describe('Ring and Skill spec', () => {
  it('fills in the defaults: depth 10, no rerolls, succeed then least strife', () => {
    expect(parseRingSkillSpec({ ring: 3, skill: 2, tn: 2 })).toEqual({
      ring: 3,
      skill: 2,
      tn: 2,
      explodeDepth: 10,
      rerolls: 0,
      objective: 'succeed-then-least-strife',
    });
    expect(parseRingSkillSpec({ ring: 3, skill: 2, tn: 2, objective: 'weighted' }).weights).toEqual(
      RING_SKILL_DEFAULTS.weights,
    );
  });

  it('reads back its own output', () => {
    for (const spec of [
      { ring: 2, skill: 0, tn: 1, objective: 'weighted', weights: { strife: -1 } },
      { ring: 2, skill: 0, tn: 1, objective: 'most-successes' },
      { ring: 2, skill: 0, tn: 1 },
    ]) {
      const check = parseRingSkillSpec(spec);
      expect(parseRingSkillSpec(JSON.parse(JSON.stringify(check))), JSON.stringify(spec)).toEqual(
        check,
      );
    }
  });

  it('refuses weights with an objective other than weighted, which read none', () => {
    const because = (objective: string) =>
      `(expected only with objective weighted (the objective here is ${objective}, which reads no weights))`;
    const cases: [unknown, string][] = [
      [
        { ring: 2, skill: 1, tn: 2, weights: { strife: -1 } },
        `weights.strife: -1 is not allowed ${because('succeed-then-least-strife')}`,
      ],
      [
        {
          ring: 2,
          skill: 1,
          tn: 2,
          objective: 'most-successes',
          weights: { opportunity: 1, strife: 0 },
        },
        `weights.opportunity: 1 is not allowed ${because('most-successes')}`,
      ],
      [
        { ring: 2, skill: 1, tn: 2, objective: 'most-successes', weights: {} },
        `weights: {} is not allowed ${because('most-successes')}`,
      ],
    ];
    for (const [spec, message] of cases) {
      expect(() => parseRingSkillSpec(spec), JSON.stringify(spec)).toThrow(InputError);
      expect(() => parseRingSkillSpec(spec), JSON.stringify(spec)).toThrow(message);
    }
    expect(() => parseRingSkillSpec({ ring: 2, skill: 1, tn: 2, weights: {} }, '[3].')).toThrow(
      /^\[3\]\.weights: \{\} is not allowed/,
    );
  });

  it.each([
    [{ ring: 0, skill: 1, tn: 1 }, /^ring: 0 is not allowed \(expected an integer from 1 to 5\)$/],
    [{ ring: 2, skill: -1, tn: 1 }, /^skill: -1 is not allowed/],
    [{ ring: 2, skill: 1, tn: 0 }, /^tn: 0 is not allowed/],
    [{ ring: 2, skill: 1 }, /^tn: missing \(expected/],
    [{ ring: 2, skill: 1, tn: 2, explodeDepth: -1 }, /^explodeDepth: -1 is not allowed/],
    [
      { ring: 2, skill: 1, tn: 2, rerolls: 9 },
      /^rerolls: 9 is not allowed \(expected an integer from 0 to 2\)$/,
    ],
    [
      { ring: 2, skill: 1, tn: 2, objective: 'glory' },
      /^objective: "glory" is not allowed \(expected one of succeed-then-least-strife, most-successes, weighted\)$/,
    ],
    [{ ring: 2, skill: 1, tn: 2, weights: { honor: 1 } }, /^weights\.honor: no such field \(/],
  ])('refuses %j, naming the field', (spec, message) => {
    expect(() => parseRingSkillSpec(spec)).toThrow(InputError);
    expect(() => parseRingSkillSpec(spec)).toThrow(message);
  });
});
