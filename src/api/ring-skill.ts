/**
 * `dicelab/ring-skill`: Ring (d6) and Skill (d12) dice against a target number of successes,
 * explosions and keeping played optimally for the objective (docs/rules-other-systems.md).
 * Each function is what its `dicelab ring-skill` command prints with `--json`.
 * @packageDocumentation
 */
// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';
import { checkingOptions } from '../input/library-options.ts';
import { answerEach, type EachSpec } from '../input/spec-array.ts';
import { type SimulateSpec, simulateCheck } from '../montecarlo/simulate-summary.ts';
import * as advice from '../systems/ring-skill/advise.ts';
import { parseRingSkillAdviceRequest, type RingSkillAdvice } from '../systems/ring-skill/advise.ts';
import type { RingSkillResult } from '../systems/ring-skill/exact.ts';
import * as exact from '../systems/ring-skill/exact.ts';
import type { RingSkillSimulation } from '../systems/ring-skill/simulate.ts';
import { RingSkillSolver } from '../systems/ring-skill/solver.ts';
import {
  parseRingSkillSpec,
  type RingSkillCheck,
  type RingSkillSpec,
} from '../systems/ring-skill/spec.ts';
import { ringSkillSystem } from '../systems/ring-skill/system.ts';

// Thrown for bad input by every function here: exported where it is caught.
export { InputError } from '../input/input-error.ts';
// The types of `odds`, `simulate` (and `advise`): a consumer names them to wrap or pass them on.
export type { EachSpec } from '../input/spec-array.ts';
export { SIMULATION_DEFAULTS } from '../montecarlo/chunk-plan.ts';
// Named in the results below (the items of `outcomes`, an interval): a consumer names them.
export type { Interval } from '../montecarlo/interval.ts';
export type { Simulated, SimulateOptions, SimulateSpec } from '../montecarlo/simulate-summary.ts';
export type { OutcomeShare, SimulatedShare } from '../systems/outcome-shares.ts';
// The exact fractions its results hold, with their arithmetic.
export { Rational } from '../systems/rational.ts';
export type { RingSkillFigures } from '../systems/ring-skill/exact.ts';
export * from '../systems/ring-skill/index.ts';
export type { KindOutcome } from '../systems/ring-skill/keep-menus.ts';
export type {
  ExactFigures,
  KeepChoice,
  RerollChoice,
  SolverOptions,
} from '../systems/ring-skill/solver.ts';

/**
 * The exact figures of a check, kept optimally for its objective: P(success), the bonus
 * successes, strife and opportunity expected. An array of checks gives an array. What
 * `dicelab ring-skill odds --spec FILE --json` prints. Milliseconds to seconds (the largest
 * pools with rerolls).
 * @throws InputError naming the field.
 * @example odds({ ring: 1, skill: 1, tn: 1 }).pSuccess // 0.7916… (19/24)
 */
export const odds: EachSpec<RingSkillSpec, RingSkillResult> = answerEach(ringSkillSystem.check);

/**
 * The check simulated on the worker pool, each keep the exact solver's: the figures with 95%
 * intervals, headed by the seed. What `dicelab ring-skill simulate --spec FILE --json` prints
 * with the same trials and seed.
 * @example (await simulate({ ring: 2, skill: 1, tn: 2 }, { trials: 1000, threads: 1 })).trials // 1000
 */
export const simulate: SimulateSpec<RingSkillSpec, RingSkillSimulation> = checkingOptions(
  simulateCheck(ringSkillSystem.check),
);

/**
 * A roll in front of the player, as `ring-skill advise --spec` reads it: the check (as for
 * {@link odds}), and the face each die shows after any rerolls, as the rules' face table numbers
 * them (Ring 1–6, Skill 1–12), one per die of the check.
 */
export interface RingSkillAdviceState {
  readonly check: RingSkillSpec;
  readonly ring: readonly number[];
  readonly skill: readonly number[];
}

/**
 * The keep choice after the roll: every distinct keep of the dice shown, valued exactly by the
 * solver {@link odds} uses, best first (the best is the solver's own keep), and what to keep from
 * the explosion wave that follows. An array of rolls gives an array. What
 * `dicelab ring-skill advise --spec FILE --json` prints.
 * @throws InputError naming the field (`check.tn`, `ring`, `skill`).
 * @example advise({ check: { ring: 2, skill: 1, tn: 2 }, ring: [5, 6], skill: [11] }).best.kept // ["success", "Skill explosive success"]
 */
export const advise: EachSpec<RingSkillAdviceState, RingSkillAdvice> = answerEach({
  parse: parseRingSkillAdviceRequest,
  answer: advice.ringSkillAdvice,
});

// The engine's functions take a checked check: here each checks its argument first, as `odds`
// does (the same messages; a checked check checks again as itself), once per call and never
// inside the solver.

/**
 * Solves one check exactly (what {@link odds} returns for one check), the check as `odds` takes
 * it or as {@link parseRingSkillSpec} returns it; `solver` as the engine's (built when not
 * given), of the check's ring, TN, explosion depth and objective.
 * @throws InputError naming the field, as {@link parseRingSkillSpec} does, or `solver` built for another check.
 * @example ringSkillOdds({ ring: 1, skill: 1, tn: 1 }).exact.pSuccess // "19/24"
 */
export function ringSkillOdds(
  check: RingSkillCheck | RingSkillSpec,
  solver?: RingSkillSolver,
): RingSkillResult {
  const parsed = parseRingSkillSpec(check);
  return exact.ringSkillOdds(
    parsed,
    solver === undefined ? undefined : exact.checkSolver(solver, parsed),
  );
}

/**
 * The solver {@link ringSkillOdds} and {@link ringSkillAdvice} take, built once to share its
 * tables across calls: the check's, as `odds` takes it or as {@link parseRingSkillSpec} returns
 * it. It serves every check (and every roll's advice) of the same ring, TN, explosion depth and
 * objective (and weights, for the weighted objective), whatever its Skill dice and rerolls; those
 * functions refuse it for another. The one the page keeps for its check. About 0.1 s for ring 5,
 * TN 8 in a fresh process (it values the explosion waves), under 1 ms once a solver of its ring,
 * depth and objective with as large a TN was built.
 * @throws InputError naming the field, as {@link parseRingSkillSpec} does.
 * @example ringSkillOdds({ ring: 2, skill: 2, tn: 2 }, ringSkillSolver({ ring: 2, skill: 0, tn: 2 })).exact.pSuccess // "451/576"
 */
export function ringSkillSolver(check: RingSkillCheck | RingSkillSpec): RingSkillSolver {
  return new RingSkillSolver(parseRingSkillSpec(check));
}

/**
 * The keep choice after the roll, as {@link advise} returns it for one roll; `solver` as the
 * engine's (built for the request's check when not given), of its ring, TN, explosion depth and objective.
 * @throws InputError naming the field, as {@link parseRingSkillAdviceRequest} does, or `solver` built for another check.
 * @example ringSkillAdvice({ check: { ring: 2, skill: 0, tn: 1 }, ring: [5, 1], skill: [] }).best.kept // ['success']
 */
export function ringSkillAdvice(
  request: RingSkillAdviceState | advice.RingSkillAdviceRequest,
  solver?: RingSkillSolver,
): RingSkillAdvice {
  const parsed = parseRingSkillAdviceRequest(request);
  return advice.ringSkillAdvice(
    parsed,
    solver === undefined ? undefined : exact.checkSolver(solver, parsed.check),
  );
}
