import { z } from '#zod';
import { choice, integer, number, WORTH_LIMIT } from '../../input/field-schemas.ts';
import { fillDefaults } from '../../input/fill-defaults.ts';
import { invalid } from '../../input/input-error.ts';
import { parseSpec } from '../../input/issue-messages.ts';

/** What keeping plays for. */
export const OBJECTIVES = ['succeed-then-least-strife', 'most-successes', 'weighted'] as const;
/** One of `OBJECTIVES`: what keeping dice plays for. */
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
 * Bounds of one exact solve, the published dice's ranges (rings 1–5, skills 0–5), so that every
 * check they allow is solved in well under a second. Measured in process on the 2-core
 * development machine (`npm run bench`, the median of 5 fresh processes, the machine shared):
 * ring 5 + skill 5 against TN 5 about 0.15 s in a fresh process, under 1 ms after; the slowest
 * corner, ring 5 + skill 5 against TN 8 with depth 10 and 2 rerolls, about 0.3 s fresh, 35 ms
 * after, and 0.12 GB. The old bounds (ring 6, skill 6, TN 60, depth 100, 3 rerolls) allowed
 * solves of minutes: TN and depth multiply the waves' states, rerolls the first roll's choices.
 */
export const RING_SKILL_LIMITS = {
  ring: 5,
  skill: 5,
  tn: 8,
  explodeDepth: 10,
  rerolls: 2,
} as const;

/**
 * Validates a Ring and Skill spec (parsed JSON) and fills in the defaults. Throws an InputError
 * naming the field; `where` prefixes field names (e.g. "[2]." for the third spec of an array).
 * A weight other than its default under an objective other than `weighted` is an error: no
 * other objective reads the weights. Its output parses back to itself.
 * @example parseRingSkillSpec({ ring: 3, skill: 1, tn: 3 }).explodeDepth // 10
 */
export function parseRingSkillSpec(input: unknown, where = ''): RingSkillCheck {
  const spec = parseSpec(ringSkillSpecSchema, input, where);
  const d = RING_SKILL_DEFAULTS;
  const objective = spec.objective ?? d.objective;
  // The default weights pass, so the spec echoed in an output (weights filled in) reads back.
  if (objective !== 'weighted')
    for (const [name, weight] of Object.entries(spec.weights ?? {}))
      if (weight !== undefined && weight !== d.weights[name as keyof ObjectiveWeights])
        throw invalid(
          `${where}weights.${name}`,
          weight,
          `only with the weighted objective (${objective} reads no weights)`,
        );
  return {
    ring: spec.ring,
    skill: spec.skill,
    tn: spec.tn,
    explodeDepth: spec.explodeDepth ?? d.explodeDepth,
    rerolls: spec.rerolls ?? d.rerolls,
    objective,
    weights: fillDefaults(spec.weights, d.weights),
  };
}

const L = RING_SKILL_LIMITS;
/** The spec as `odds --spec` takes it (strict), for scenario files and their schema. */
export const ringSkillSpecSchema = z.strictObject(
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
          success: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
          bonusSuccess: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
          opportunity: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
          strife: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
        },
        { error: 'an object such as { "success": 1, "strife": -0.2 }' },
      )
      .optional(),
  },
  { error: 'an object' },
);
