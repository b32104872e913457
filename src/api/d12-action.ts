/**
 * `dicelab/d12-action`: d12 action rolls (safe, risky, stacked, capacity and group rolls) with
 * balance tokens, each decision (which die, when to stop, what to spend) played optimally for
 * the outcome utilities (docs/rules-other-systems.md). Each function is what its
 * `dicelab d12-action` command prints with `--json`.
 * @packageDocumentation
 */
// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';
import { checkingOptions } from '../input/library-options.ts';
import { answerEach, type EachSpec } from '../input/spec-array.ts';
import { type SimulateSpec, simulateCheck } from '../montecarlo/simulate-summary.ts';
import * as advice from '../systems/d12-action/advise.ts';
import { type D12Advice, parseD12AdviceRequest } from '../systems/d12-action/advise.ts';
import type { D12ActionResult } from '../systems/d12-action/exact.ts';
import * as exact from '../systems/d12-action/exact.ts';
import { checkPlan, type D12Plan, planD12Roll } from '../systems/d12-action/plan.ts';
import type { D12ActionSimulation } from '../systems/d12-action/simulate.ts';
import {
  type D12ActionRoll,
  type D12ActionSpec,
  parseD12ActionSpec,
} from '../systems/d12-action/spec.ts';
import { d12ActionSystem } from '../systems/d12-action/system.ts';

// Thrown for bad input by every function here: exported where it is caught.
export { InputError } from '../input/input-error.ts';
// The types of `odds`, `simulate` (and `advise`): a consumer names them to wrap or pass them on.
export type { EachSpec } from '../input/spec-array.ts';
export { SIMULATION_DEFAULTS } from '../montecarlo/chunk-plan.ts';
// Named in the results below (the items of `outcomes`, an interval): a consumer names them.
export type { Interval } from '../montecarlo/interval.ts';
export type { Simulated, SimulateOptions, SimulateSpec } from '../montecarlo/simulate-summary.ts';
export * from '../systems/d12-action/index.ts';
export type { DieChoice, ScaledUtilities, SupportRoll } from '../systems/d12-action/plan.ts';
export type { OutcomeShare, SimulatedShare } from '../systems/outcome-shares.ts';

/**
 * The exact outcome chances of a roll, played optimally, and its expected utility. An array of
 * rolls gives an array. What `dicelab d12-action odds --spec FILE --json` prints.
 * @throws InputError naming the field.
 * @example odds({ roll: 'risky', rating: 1 }).outcomes.map((o) => o.fraction) // ["397/1728", "0", "0", "1331/1728"] (critical success, success, failure, critical failure)
 */
export const odds: EachSpec<D12ActionSpec, D12ActionResult> = answerEach(d12ActionSystem.check);

/**
 * The roll simulated on the worker pool, each decision the exact plan's: outcome shares with
 * 95% intervals, headed by the seed. What `dicelab d12-action simulate --spec FILE --json`
 * prints with the same trials and seed.
 * @example (await simulate({ roll: 'safe', rating: 2, capacity: 3 }, { trials: 1000, threads: 1 })).trials // 1000
 */
export const simulate: SimulateSpec<D12ActionSpec, D12ActionSimulation> = checkingOptions(
  simulateCheck(d12ActionSystem.check),
);

/**
 * A stacked roll in progress, as `d12-action advise --spec` reads it: the roll (as for
 * {@link odds}, `tokens` the balance tokens held now) and each die rolled so far, 1–12 in order,
 * the last the one in front of the player.
 */
export interface D12AdviceState {
  readonly check: D12ActionSpec;
  readonly rolled: readonly number[];
}

/**
 * Mid-roll advice for a stacked roll: keep the die in front of the player (spending how many
 * balance tokens on it) or roll the next, every action valued exactly from the stopping rule
 * {@link odds} plays, best first. An array of rolls gives an array. What
 * `dicelab d12-action advise --spec FILE --json` prints.
 * @throws InputError naming the field (`check.roll`, `rolled`).
 * @example advise({ check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [12] }).best // { action: "roll", diceLeft: 1 }
 */
export const advise: EachSpec<D12AdviceState, D12Advice> = answerEach({
  parse: parseD12AdviceRequest,
  answer: advice.d12Advice,
});

// The engine's functions take a checked roll: here each checks its argument first, as `odds`
// does (the same messages; a checked roll checks again as itself), once per call and never
// inside the engine.

/**
 * Solves a roll exactly: the outcome distribution under optimal token use (and the stacked
 * stopping rule or the supporters' choice), the optimal expected utility, and the tokens; the
 * roll as {@link odds} takes it, or as {@link parseD12ActionSpec} returns it.
 * @throws InputError naming the field, as {@link parseD12ActionSpec} does.
 * @example d12ActionOdds({ roll: 'safe', rating: 1, capacity: 5, tokens: 2 }).expectedUtilityFraction // "7/10"
 */
export function d12ActionOdds(roll: D12ActionRoll | D12ActionSpec): D12ActionResult {
  return exact.d12ActionOdds(parseD12ActionSpec(roll));
}

/**
 * The plan {@link d12Advice} takes, built once to share it across calls: every decision of the
 * roll (token spends, the stacked stopping rule, the supporters' rolls), the roll as {@link odds}
 * takes it or as {@link parseD12ActionSpec} returns it, `tokens` those held now. It serves every
 * request of that roll, every option the same; `d12Advice` refuses it for another. What
 * `simulate` builds once for its trials. O(12 · tokens + 12 · dice), plus 2^supporters
 * combinations for a group roll.
 * @throws InputError naming the field, as {@link parseD12ActionSpec} does.
 * @example d12Advice({ check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [3] }, d12Plan({ roll: 'stacked', rating: 0, capacity: 5 })).best.action // 'keep'
 */
export function d12Plan(roll: D12ActionRoll | D12ActionSpec): D12Plan {
  return planD12Roll(parseD12ActionSpec(roll));
}

/**
 * Every action on the die in front of the player, valued exactly from the roll's plan, best
 * first, as {@link advise} returns it for one state; `plan`, when given, the plan of the
 * request's check (built once for many requests of one roll). O(12 · dice).
 * @throws InputError naming the field, as {@link parseD12AdviceRequest} does, or `plan` built for another roll.
 * @example d12Advice({ check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [12] }).best.action // 'roll'
 */
export function d12Advice(
  request: D12AdviceState | advice.D12AdviceRequest,
  plan?: D12Plan,
): D12Advice {
  const parsed = parseD12AdviceRequest(request);
  return advice.d12Advice(parsed, plan === undefined ? undefined : checkPlan(plan, parsed.check));
}
