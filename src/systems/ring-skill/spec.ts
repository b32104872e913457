import { z } from 'zod';
import { choice, integer, number } from '../../field-schemas.ts';
import { parseSpec } from '../../issue-messages.ts';

/** What keeping plays for. */
export const OBJECTIVES = ['succeed-then-least-strife', 'most-successes', 'weighted'] as const;
export type Objective = (typeof OBJECTIVES)[number];

/** Weights of the `weighted` objective: utility = success·[succeeded] + bonusSuccess·bonus + opportunity·opp + strife·strife. */
export interface ObjectiveWeights {
  readonly success: number;
  readonly bonusSuccess: number;
  readonly opportunity: number;
  /** Per strife point; negative is a cost. */
  readonly strife: number;
}

/** A Ring and Skill check as written in JSON; absent fields take {@link RING_SKILL_DEFAULTS}. */
export interface RingSkillSpec {
  /** Ring dice (d6); also the most dice kept from the first roll. */
  ring: number;
  /** Skill dice (d12). */
  skill: number;
  /** Target number of successes. */
  tn: number;
  /** Most explosion waves rolled (default 10). */
  explodeDepth?: number;
  /** Dice of the first roll that may be rerolled once, chosen after seeing it (default 0). */
  rerolls?: number;
  /** What keeping plays for (default succeed-then-least-strife). */
  objective?: Objective;
  /** Used by the `weighted` objective only (defaults 1, 0.2, 0.1, −0.2). */
  weights?: Partial<ObjectiveWeights>;
}

/** A validated check with every option filled in. */
export interface RingSkillCheck {
  readonly ring: number;
  readonly skill: number;
  readonly tn: number;
  readonly explodeDepth: number;
  readonly rerolls: number;
  readonly objective: Objective;
  readonly weights: ObjectiveWeights;
}

/** The rules page's defaults (the weights are this model's: the page sets none). */
export const RING_SKILL_DEFAULTS = {
  explodeDepth: 10,
  rerolls: 0,
  objective: 'succeed-then-least-strife',
  weights: { success: 1, bonusSuccess: 0.2, opportunity: 0.1, strife: -0.2 },
} as const;

/**
 * Bounds of one exact solve: ring 5 + skill 5 takes about 0.3 s, 1.3 s with a reroll and 2.3 s
 * with two; the extreme, ring 6 + skill 6 with 3 rerolls, about 30 s and 0.7 GB.
 */
export const RING_SKILL_LIMITS = {
  ring: 6,
  skill: 6,
  tn: 60,
  explodeDepth: 100,
  rerolls: 3,
} as const;

/**
 * Validates a Ring and Skill spec (parsed JSON) and fills in the defaults. Throws an InputError
 * naming the field; `where` prefixes field names (e.g. "[2]." for the third spec of an array).
 * @example parseRingSkillSpec({ ring: 3, skill: 1, tn: 3 }).explodeDepth // 10
 */
export function parseRingSkillSpec(input: unknown, where = ''): RingSkillCheck {
  const spec = parseSpec(specSchema, input, where);
  const d = RING_SKILL_DEFAULTS;
  const w = spec.weights ?? {};
  return {
    ring: spec.ring,
    skill: spec.skill,
    tn: spec.tn,
    explodeDepth: spec.explodeDepth ?? d.explodeDepth,
    rerolls: spec.rerolls ?? d.rerolls,
    objective: spec.objective ?? d.objective,
    weights: {
      success: w.success ?? d.weights.success,
      bonusSuccess: w.bonusSuccess ?? d.weights.bonusSuccess,
      opportunity: w.opportunity ?? d.weights.opportunity,
      strife: w.strife ?? d.weights.strife,
    },
  };
}

const L = RING_SKILL_LIMITS;
const specSchema = z.strictObject(
  {
    ring: integer(1, L.ring),
    skill: integer(0, L.skill),
    tn: integer(1, L.tn),
    explodeDepth: integer(0, L.explodeDepth).optional(),
    rerolls: integer(0, L.rerolls).optional(),
    objective: choice(OBJECTIVES).optional(),
    weights: z
      .strictObject(
        {
          success: number().optional(),
          bonusSuccess: number().optional(),
          opportunity: number().optional(),
          strife: number().optional(),
        },
        { error: 'an object such as { "success": 1, "strife": -0.2 }' },
      )
      .optional(),
  },
  { error: 'an object' },
);
