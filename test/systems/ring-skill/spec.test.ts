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
      weights: RING_SKILL_DEFAULTS.weights,
    });
  });

  it('reads back its own output', () => {
    const check = parseRingSkillSpec({
      ring: 2,
      skill: 0,
      tn: 1,
      objective: 'weighted',
      weights: { strife: -1 },
    });
    expect(parseRingSkillSpec(JSON.parse(JSON.stringify(check)))).toEqual(check);
  });

  it('takes the default weights under any objective, as its output echoes them', () => {
    const check = parseRingSkillSpec({ ring: 2, skill: 1, tn: 2, objective: 'most-successes' });
    expect(parseRingSkillSpec(JSON.parse(JSON.stringify(check)))).toEqual(check);
    expect(
      parseRingSkillSpec({ ring: 2, skill: 1, tn: 2, weights: { strife: -0.2 } }).weights,
    ).toEqual(RING_SKILL_DEFAULTS.weights);
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
    [
      { ring: 2, skill: 1, tn: 2, weights: { strife: -1 } },
      /^weights\.strife: -1 is not allowed \(expected only with the weighted objective \(succeed-then-least-strife reads no weights\)\)$/,
    ],
    [
      { ring: 2, skill: 1, tn: 2, objective: 'most-successes', weights: { bonusSuccess: 1 } },
      /^weights\.bonusSuccess: 1 is not allowed \(expected only with the weighted objective \(most-successes/,
    ],
  ])('refuses %j, naming the field', (spec, message) => {
    expect(() => parseRingSkillSpec(spec)).toThrow(InputError);
    expect(() => parseRingSkillSpec(spec)).toThrow(message);
  });
});
