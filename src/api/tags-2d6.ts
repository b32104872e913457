/**
 * `dicelab/tags-2d6`: 2d6 plus the tags called, an item's ±1 and a weakness's −1, read in bands
 * (clean success, success at a cost, miss), and whether invoking the weakness pays
 * (docs/rules-other-systems.md). Each function is what its `dicelab tags-2d6` command prints
 * with `--json`.
 * @packageDocumentation
 */
// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';
import { invalid } from '../input/input-error.ts';
import { checkingOptions } from '../input/library-options.ts';
import { answerEach, type EachSpec } from '../input/spec-array.ts';
import { type SimulateSpec, simulateCheck } from '../montecarlo/simulate-summary.ts';
import type { Tags2d6Result } from '../systems/tags-2d6/exact.ts';
import * as exact from '../systems/tags-2d6/exact.ts';
import type { Tags2d6Simulation } from '../systems/tags-2d6/simulate.ts';
import { parseTags2d6Spec, type Tags2d6Roll, type Tags2d6Spec } from '../systems/tags-2d6/spec.ts';
import { tags2d6System } from '../systems/tags-2d6/system.ts';

// Thrown for bad input by every function here: exported where it is caught.
export { InputError } from '../input/input-error.ts';
// The types of `odds`, `simulate` (and `advise`): a consumer names them to wrap or pass them on.
export type { EachSpec } from '../input/spec-array.ts';
export { SIMULATION_DEFAULTS } from '../montecarlo/chunk-plan.ts';
export type { Simulated, SimulateOptions, SimulateSpec } from '../montecarlo/simulate-summary.ts';
// Named in the results below (the items of `outcomes`, an interval): a consumer names them.
export type { OutcomeSimulation } from '../systems/outcome-count-kernel.ts';
export type { OutcomeShare, SimulatedShare } from '../systems/outcome-shares.ts';
export * from '../systems/tags-2d6/index.ts';

/**
 * The exact band chances of a roll (fractions; no decision shapes them) and whether invoking
 * the weakness pays for its improvement value. An array of rolls gives an array. What
 * `dicelab tags-2d6 odds --spec FILE --json` prints.
 * @throws InputError naming the field.
 * @example odds({ tags: 2, item: 'help' }).outcomes[0].fraction // "7/12" (a clean 10+ needs 7+ on 2d6)
 */
export const odds: EachSpec<Tags2d6Spec, Tags2d6Result> = answerEach(tags2d6System.check);

/**
 * The roll simulated on the worker pool: band shares with 95% intervals, headed by the seed.
 * What `dicelab tags-2d6 simulate --spec FILE --json` prints with the same trials and seed.
 * @example (await simulate({ tags: 1 }, { trials: 1000, threads: 1 })).trials // 1000
 */
export const simulate: SimulateSpec<Tags2d6Spec, Tags2d6Simulation> = checkingOptions(
  simulateCheck(tags2d6System.check),
);

// The engine's functions take a checked roll: here each checks its argument first, as `odds`
// does (the same messages), once per call and never inside the engine.

/**
 * The band distribution of a roll (exact fractions, no decision in it) and whether invoking the
 * weakness pays for the given improvement value; the roll as {@link odds} takes it, absent
 * fields the defaults.
 * @throws InputError naming the field, as {@link parseTags2d6Spec} does.
 * @example tags2d6Odds({}).weakness.verdict // 'invoke' (the −1 costs 0.125 < 0.25)
 */
export function tags2d6Odds(roll: Tags2d6Roll | Tags2d6Spec): Tags2d6Result {
  return exact.tags2d6Odds(parseTags2d6Spec(roll));
}

/**
 * What is added to 2d6: tags + item − 1 for an invoked weakness; absent fields the defaults.
 * @throws InputError naming the field, as {@link parseTags2d6Spec} does.
 * @example rollModifier({ tags: 2, item: 'hinder', weakness: true }) // 0
 */
export function rollModifier(roll: Pick<Tags2d6Spec, 'tags' | 'item' | 'weakness'>): number {
  return exact.rollModifier(parseTags2d6Spec(roll));
}

/**
 * The band index of a total of 2d6 and the modifier (0 clean, 1 cost, 2 miss).
 * @throws InputError naming `total` when it is not an integer.
 * @example bandOfTotal(9) // 1
 */
export function bandOfTotal(total: number): number {
  if (!Number.isInteger(total)) throw invalid('total', total, 'an integer: 2d6 plus the modifier');
  return exact.bandOfTotal(total);
}
