export {
  type KeptDice,
  type LaterWave,
  parseRingSkillAdviceRequest,
  type RingSkillAction,
  type RingSkillAdvice,
  type RingSkillAdviceRequest,
  ringSkillAdvice,
  type WaveAdvice,
} from './advise.ts';
export { RING_SKILL_OUTCOMES, type RingSkillResult, ringSkillOdds } from './exact.ts';
export { RING_FACES, SKILL_FACES } from './faces.ts';
export type { RingSkillSimulation } from './simulate.ts';
// The type of ringSkillOdds' and ringSkillAdvice's optional solver (each builds one when not
// given; the entry's ringSkillSolver builds one to share).
export type { RingSkillSolver } from './solver.ts';
export {
  OBJECTIVES,
  type Objective,
  type ObjectiveWeights,
  parseRingSkillSpec,
  RING_SKILL_DEFAULTS,
  RING_SKILL_LIMITS,
  type RingSkillCheck,
  type RingSkillSpec,
} from './spec.ts';
export {
  RING_SKILL_TABLE_DEFAULTS,
  type RingSkillTableOptions,
  type RingSkillTableRow,
  ringSkillTable,
} from './table.ts';
