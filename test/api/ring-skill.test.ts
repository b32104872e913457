import { describe, expect, it } from 'vitest';
import { InputError, RING_SKILL_TABLE_DEFAULTS, ringSkillTable } from '../../src/api/ring-skill.ts';

/**
 * `ringSkillTable` from `dicelab/ring-skill`, given options a JavaScript caller could get wrong:
 * each is an InputError naming `options.<field>` and what is allowed, as `dicelab ring-skill
 * table` refuses the same values in its flags, never a SyntaxError or TypeError from inside
 * the solver, nor a row for a check past the rules' limits.
 */
const WRONG: [Record<string, unknown>, string][] = [
  [{ rings: ['x'] }, 'options.rings[0]: "x" is not allowed (expected an integer from 1 to 5)'],
  [{ rings: [9] }, 'options.rings[0]: 9 is not allowed (expected an integer from 1 to 5)'],
  [{ rings: 3 }, 'options.rings: 3 is not allowed (expected a list of rings from 1 to 5)'],
  [{ skills: [-1] }, 'options.skills[0]: -1 is not allowed (expected an integer from 0 to 5)'],
  [{ tns: [99] }, 'options.tns[0]: 99 is not allowed (expected an integer from 1 to 8)'],
  [{ tns: [] }, 'options.tns: [] is not allowed (expected at least one TN)'],
  [
    { explodeDepth: -1 },
    'options.explodeDepth: -1 is not allowed (expected an integer from 0 to 10)',
  ],
  [
    { ring: [1] },
    'options.ring: no such field (did you mean rings? the fields here are rings, skills, tns, explodeDepth)',
  ],
];

describe('ringSkillTable', () => {
  it.each(WRONG)('refuses %j as an InputError naming the option', (options, message) => {
    expect(() => ringSkillTable(options)).toThrow(InputError);
    expect(() => ringSkillTable(options)).toThrow(message);
  });

  it('takes what its flags take: a few rings, skills and TNs, and a depth', () => {
    const rows = ringSkillTable({ rings: [5], skills: [0, 5], tns: [8], explodeDepth: 0 });
    expect(rows.map((r) => [r.ring, r.skill, r.tn])).toEqual([
      [5, 0, 8],
      [5, 5, 8],
    ]);
  });

  // The defaults were [from, to] ranges, so passing them back as the options (a caller's
  // "the defaults, but ring 2 only") asked for rings 1 and 5 alone.
  it('has defaults of the shape its options take: passed back, they give the default table', () => {
    expect(RING_SKILL_TABLE_DEFAULTS.rings).toEqual([1, 2, 3, 4, 5]);
    expect(ringSkillTable({ ...RING_SKILL_TABLE_DEFAULTS })).toEqual(ringSkillTable());
  });
});
