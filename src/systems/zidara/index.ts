// Zi'Dara: the flagship system. Rules as code, one concern per file.

// The decision in a rolled state, mid-roll: every legal action valued by the exact engine
export {
  type Advice,
  type AdviceRequest,
  type AdvisedAction,
  type AuraSpends,
  actionName,
  adviceSentence,
  advise,
  dieName,
  parseAdviceRequest,
  spendsSentence,
  utilityIsWins,
} from './engine/advise.ts';
// Rolls where no reroll can happen, without the engine's search
export { closedFormOdds, noRerollPossible } from './engine/closed-form.ts';
// What a die means once the defence is known, and how a roll is settled with Aura
export {
  classFloor,
  classOf,
  type DieOutcome,
  dieOutcomes,
  dieValues,
  topFaces,
} from './engine/die-outcome.ts';
// The exact engine: optimal (or named-policy) play of one roll
export { type Group, RollModel } from './engine/roll-model.ts';
export {
  type ActionValue,
  MAX_STATES,
  POLICIES,
  type Policy,
  REROLL_ALL,
  REROLL_GROUP_STRIDE,
  type RerollKinds,
  type RollOdds,
  RollSolver,
  rollShape,
  type SolveOptions,
  STOP,
} from './engine/roll-solver.ts';
// Many rolls at once: one solve per shape serves its Challenges and starts
export { solveRolls } from './engine/solve-rolls.ts';
export {
  greedySpend,
  noSpend,
  optimalSpend,
  type SpendPlan,
  type SpendRules,
  winCost,
} from './engine/spend.ts';
// Steps, dice and the pools a character can build
export { challengeDie, DIE_SIDES, legalPools, stepsToDice } from './roll/pool.ts';
// A roll: its spec, validation and defaults
export {
  type DieSpec,
  parseRoll,
  ROLL_DEFAULTS,
  ROLL_LIMITS,
  type Roll,
  type RollDie,
  type RollSpec,
  rollToSpec,
} from './roll/spec.ts';
