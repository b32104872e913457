import { range } from 'd3-array';
import { z } from '#zod';
import { integer } from '../../input/field-schemas.ts';
import { answerOptions } from '../../input/library-options.ts';
import { RingSkillSolver } from './solver.ts';
import { RING_SKILL_DEFAULTS, RING_SKILL_LIMITS, type RingSkillCheck } from './spec.ts';

/** One row of the check table. */
export interface RingSkillTableRow {
  readonly ring: number;
  readonly skill: number;
  readonly tn: number;
  readonly pSuccess: number;
  readonly expectedBonusSuccesses: number;
  readonly expectedStrife: number;
  readonly expectedOpportunity: number;
  readonly pCapped: number;
}

/** Which checks the table covers, and how they are played (defaults: the rules page's). */
export interface RingSkillTableOptions {
  readonly rings?: readonly number[];
  readonly skills?: readonly number[];
  readonly tns?: readonly number[];
  readonly explodeDepth?: number;
}

/**
 * The checks the table covers unless told, as lists of the shape its options take: every
 * published ring (1–5) and skill (0–5), TN 1 to 6.
 */
export const RING_SKILL_TABLE_DEFAULTS: {
  readonly rings: readonly number[];
  readonly skills: readonly number[];
  readonly tns: readonly number[];
} = {
  rings: range(1, RING_SKILL_LIMITS.ring + 1),
  skills: range(0, RING_SKILL_LIMITS.skill + 1),
  tns: range(1, 7),
};

const L = RING_SKILL_LIMITS;
/** A list of `what`, each an integer from `min` to `max`, as the table's flags take them. */
const listOf = (what: string, min: number, max: number) =>
  z
    .array(integer(min, max), { error: `a list of ${what}s from ${min} to ${max}` })
    .min(1, { error: `at least one ${what}` })
    .optional();
/** The table's options, checked as its flags are (the solver would otherwise take any number). */
const ringSkillTableOptionsShape = {
  rings: listOf('ring', 1, L.ring),
  skills: listOf('skill', 0, L.skill),
  tns: listOf('TN', 1, L.tn),
  explodeDepth: integer(0, L.explodeDepth).optional(),
} satisfies Record<keyof RingSkillTableOptions, z.ZodType>;

/**
 * Every check of ring 1..5, skill 0..5, TN 1..6 (by default: {@link RING_SKILL_TABLE_DEFAULTS}),
 * kept optimally under the default objective with explosions to depth 10 and no rerolls. One solver per (ring, TN) serves all
 * skills, so the 180 checks cost about 30 wave solves. Rows in ring, skill, TN order.
 * @throws InputError naming the option (`options.rings[0]`), an unknown one too.
 * @example ringSkillTable({ rings: [1], skills: [1], tns: [1] })[0].pSuccess // 0.7916… (19/24)
 */
export function ringSkillTable(options: RingSkillTableOptions = {}): RingSkillTableRow[] {
  return answerOptions(ringSkillTableOptionsShape, options, tableRows);
}

/** {@link ringSkillTable} on checked options. */
function tableRows(options: RingSkillTableOptions): RingSkillTableRow[] {
  const rings = options.rings ?? RING_SKILL_TABLE_DEFAULTS.rings;
  const skills = options.skills ?? RING_SKILL_TABLE_DEFAULTS.skills;
  const tns = options.tns ?? RING_SKILL_TABLE_DEFAULTS.tns;
  const rows: RingSkillTableRow[] = [];
  for (const ring of rings) {
    for (const tn of tns) {
      const check: RingSkillCheck = {
        ring,
        skill: 0,
        tn,
        explodeDepth: options.explodeDepth ?? RING_SKILL_DEFAULTS.explodeDepth,
        rerolls: 0,
        objective: RING_SKILL_DEFAULTS.objective,
        weights: RING_SKILL_DEFAULTS.weights,
      };
      const solver = new RingSkillSolver(check);
      for (const skill of skills) {
        const f = solver.solve(skill, 0);
        rows.push({
          ring,
          skill,
          tn,
          pSuccess: f.pSuccess.toNumber(),
          expectedBonusSuccesses: f.expectedBonusSuccesses.toNumber(),
          expectedStrife: f.expectedStrife.toNumber(),
          expectedOpportunity: f.expectedOpportunity.toNumber(),
          pCapped: f.pCapped.toNumber(),
        });
      }
    }
  }
  return rows.sort((a, b) => a.ring - b.ring || a.skill - b.skill || a.tn - b.tn);
}
