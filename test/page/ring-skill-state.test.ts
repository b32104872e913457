import { describe, expect, it } from 'vitest';
import { PAGE_DEFAULTS, readFragment, writeFragment } from '../../src/page/page-state.ts';
import { ringSkillAnswer } from '../../src/page/ring-skill/ring-skill-engine.ts';
import {
  ringSkillCommand,
  ringSkillQuestion,
} from '../../src/page/ring-skill/ring-skill-question.ts';
import { ringSkillAdvice } from '../../src/systems/ring-skill/advise.ts';
import { ringSkillOdds } from '../../src/systems/ring-skill/exact.ts';
import { parseRingSkillSpec, RING_SKILL_DEFAULTS } from '../../src/systems/ring-skill/spec.ts';

describe("the page's Ring & Skill question", () => {
  it('opens at the library defaults and writes its check in every link of the view', () => {
    expect(PAGE_DEFAULTS.explodeDepth).toBe(RING_SKILL_DEFAULTS.explodeDepth);
    expect(PAGE_DEFAULTS.rerolls).toBe(RING_SKILL_DEFAULTS.rerolls);
    expect(PAGE_DEFAULTS.keepFor).toBe(RING_SKILL_DEFAULTS.objective);
    expect(writeFragment({ ...PAGE_DEFAULTS, view: 'ring-skill', ring: 3, skill: 2, tn: 3 })).toBe(
      'v=1&view=ring-skill&vs=3&ring=3&skill=2&tn=3',
    );
    // Other views leave the check out while it is the page's opening one.
    expect(writeFragment(PAGE_DEFAULTS)).not.toContain('ring');
  });

  it('reads back what it writes, options and faces (an empty place a die not given)', () => {
    const state = {
      ...PAGE_DEFAULTS,
      view: 'ring-skill' as const,
      ring: 3,
      skill: 2,
      tn: 4,
      explodeDepth: 3,
      rerolls: 1,
      keepFor: 'weighted' as const,
      ringFaces: [6, null, 1],
      skillFaces: [12],
    };
    const link = writeFragment(state);
    expect(link).toContain('ring-faces=6,,1&skill-faces=12');
    expect(readFragment(link)).toEqual({ state, problems: [] });
    expect(ringSkillQuestion(state)).toEqual({
      check: { ring: 3, skill: 2, tn: 4, explodeDepth: 3, rerolls: 1, objective: 'weighted' },
    });
    expect(ringSkillCommand(state)).toBe(
      'dicelab ring-skill odds --ring 3 --skill 2 --tn 4 --explode-depth 3 --rerolls 1 --objective weighted',
    );
  });

  it('names a key it cannot use, with what is allowed', () => {
    expect(readFragment('view=ring-skill&ring=6&skill=1&skill-faces=13').problems).toEqual([
      'ring: "6" is not allowed (expected an integer from 1 to 5)',
      'skill-faces[0]: "13" is not allowed (expected an integer from 1 to 12)',
    ]);
    expect(readFragment('ring=1&ring-faces=5,5').problems).toEqual([
      'ring-faces: "5,5" is not allowed (expected at most 1 faces, one for each Ring die (ring))',
    ]);
    expect(readFragment('keep-for=best').problems[0]).toContain(
      'expected one of succeed-then-least-strife, most-successes, weighted',
    );
  });

  it("answers with the library's odds and advice, one solver for both, face after face", () => {
    const check = { ring: 3, skill: 2, tn: 3, rerolls: 1 };
    const parsed = parseRingSkillSpec(check);
    const alone = ringSkillOdds(parsed);
    for (const [ring, skill] of [
      [
        [6, 4, 1],
        [12, 7],
      ],
      [
        [1, 1, 2],
        [3, 11],
      ],
    ]) {
      const answer = ringSkillAnswer({ check, ring: ring!, skill: skill! });
      expect(answer.odds).toEqual(alone);
      expect(answer.advice).toEqual(ringSkillAdvice({ check: parsed, ring: ring!, skill: skill! }));
      expect(answer.sentence).toMatch(/^Keep .*to succeed/);
    }
    expect(ringSkillAnswer({ check }).advice).toBeUndefined();
    expect(() => ringSkillAnswer({ check: { ...check, tn: 9 } })).toThrow(
      'tn: 9 is not allowed (expected an integer from 1 to 8)',
    );
  });
});
