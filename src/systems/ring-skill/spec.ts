import { nested, readChoice, readInteger, readNumber, readRecord } from '../spec-fields.ts';

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
 * Bounds of one exact solve, the published dice's ranges (rings 1–5, skills 0–5), so that every
 * check they allow is solved in seconds. CPU time measured on the 2-core development machine
 * while other work ran (load 7): ring 5 + skill 5 against TN 3 about 1.3 s, 2.6 s with a reroll;
 * the slowest corner, ring 5 + skill 5 against TN 8 with depth 10 and 2 rerolls, about 5 s
 * and 0.25 GB. The old bounds (ring 6, skill 6, TN 60, depth 100, 3 rerolls) allowed solves of
 * minutes: TN and depth multiply the waves' states, rerolls the first roll's choices.
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
 * @example parseRingSkillSpec({ ring: 3, skill: 1, tn: 3 }).explodeDepth // 10
 */
export function parseRingSkillSpec(input: unknown, where = ''): RingSkillCheck {
  const spec = readRecord(input, where, [
    'ring',
    'skill',
    'tn',
    'explodeDepth',
    'rerolls',
    'objective',
    'weights',
  ]);
  const f = (name: string) => `${where}${name}`;
  const L = RING_SKILL_LIMITS;
  const d = RING_SKILL_DEFAULTS;
  const ring = readInteger(spec.ring, f('ring'), 1, L.ring);
  const skill = readInteger(spec.skill, f('skill'), 0, L.skill);
  const objective = readChoice(spec.objective, f('objective'), OBJECTIVES, d.objective);
  const w =
    spec.weights === undefined
      ? {}
      : readRecord(spec.weights, nested(where, 'weights'), [
          'success',
          'bonusSuccess',
          'opportunity',
          'strife',
        ]);
  return {
    ring,
    skill,
    tn: readInteger(spec.tn, f('tn'), 1, L.tn),
    explodeDepth: readInteger(
      spec.explodeDepth,
      f('explodeDepth'),
      0,
      L.explodeDepth,
      d.explodeDepth,
    ),
    rerolls: readInteger(spec.rerolls, f('rerolls'), 0, L.rerolls, d.rerolls),
    objective,
    weights: {
      success: readNumber(w.success, f('weights.success'), d.weights.success),
      bonusSuccess: readNumber(w.bonusSuccess, f('weights.bonusSuccess'), d.weights.bonusSuccess),
      opportunity: readNumber(w.opportunity, f('weights.opportunity'), d.weights.opportunity),
      strife: readNumber(w.strife, f('weights.strife'), d.weights.strife),
    },
  };
}
