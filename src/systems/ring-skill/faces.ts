/**
 * The Ring (d6) and Skill (d12) dice of L5R 5th edition, as the rules page gives them. A face is
 * described by its **kind**: its symbols, plus the die type for an explosive success (which
 * adds a die of its own type). Nine kinds cover both dice; decisions depend only on how many
 * dice of each kind a pool holds, never on which face or die they came from.
 */

export const BLANK = 0;
const OPPORTUNITY = 1;
const OPPORTUNITY_STRIFE = 2;
const SUCCESS = 3;
const SUCCESS_STRIFE = 4;
const SUCCESS_OPPORTUNITY = 5;
/** Explosive success + strife on a Ring die: adds a Ring die. */
const EXPLOSIVE_STRIFE_RING = 6;
/** Explosive success on a Skill die: adds a Skill die. */
const EXPLOSIVE_SKILL = 7;
/** Explosive success + strife on a Skill die: adds a Skill die. */
const EXPLOSIVE_STRIFE_SKILL = 8;
export const KIND_COUNT = 9;

/** Names of the face kinds (index kind), for people and JSON. */
export const KIND_NAMES: readonly string[] = [
  'blank',
  'opportunity',
  'opportunity + strife',
  'success',
  'success + strife',
  'success + opportunity',
  'Ring explosive success + strife',
  'Skill explosive success',
  'Skill explosive success + strife',
];

/** Successes (success and explosive-success symbols) on a face of each kind. */
export const KIND_SUCCESSES: readonly number[] = [0, 0, 0, 1, 1, 1, 1, 1, 1];
/** Strife symbols on a face of each kind. */
export const KIND_STRIFE: readonly number[] = [0, 0, 1, 0, 1, 0, 1, 0, 1];
/** Opportunity symbols on a face of each kind. */
export const KIND_OPPORTUNITY: readonly number[] = [0, 1, 1, 0, 0, 1, 0, 0, 0];
/** Ring dice a kept face of each kind adds to the next wave. */
export const KIND_ADDS_RING: readonly number[] = [0, 0, 0, 0, 0, 0, 1, 0, 0];
/** Skill dice a kept face of each kind adds to the next wave. */
export const KIND_ADDS_SKILL: readonly number[] = [0, 0, 0, 0, 0, 0, 0, 1, 1];

/**
 * The Ring die: face 1 blank, 2 opportunity + strife, 3 opportunity, 4 success + strife,
 * 5 success, 6 explosive success + strife (index face − 1).
 */
export const RING_FACES: readonly number[] = [
  BLANK,
  OPPORTUNITY_STRIFE,
  OPPORTUNITY,
  SUCCESS_STRIFE,
  SUCCESS,
  EXPLOSIVE_STRIFE_RING,
];

/**
 * The Skill die: faces 1–2 blank, 3–5 opportunity, 6–7 success, 8–9 success + strife,
 * 10 success + opportunity, 11 explosive success, 12 explosive success + strife.
 */
export const SKILL_FACES: readonly number[] = [
  BLANK,
  BLANK,
  OPPORTUNITY,
  OPPORTUNITY,
  OPPORTUNITY,
  SUCCESS,
  SUCCESS,
  SUCCESS_STRIFE,
  SUCCESS_STRIFE,
  SUCCESS_OPPORTUNITY,
  EXPLOSIVE_SKILL,
  EXPLOSIVE_STRIFE_SKILL,
];

/** Die types: 0 Ring (d6), 1 Skill (d12). */
export const RING = 0;
export const SKILL = 1;
const DIE_FACES: readonly (readonly number[])[] = [RING_FACES, SKILL_FACES];

/** How many faces of each kind a die type has (index kind), e.g. a Skill die has 3 opportunity faces. */
export function kindFaces(type: number): number[] {
  const counts = new Array<number>(KIND_COUNT).fill(0);
  for (const kind of DIE_FACES[type]!) counts[kind]!++;
  return counts;
}
