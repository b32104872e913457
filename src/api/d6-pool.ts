/**
 * `dicelab/d6-pool`: a pool of d6, one die per point of the stat, hits on 5 and 6: no hit a
 * failure, one mixed, two or more a success (docs/rules-other-systems.md). Exact fractions, and
 * the same chances simulated. Each function is what its `dicelab d6-pool` command prints with
 * `--json`.
 * @packageDocumentation
 */
// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';
import type { Dist } from '../distribution/dist.ts';
import { checkingOptions } from '../input/library-options.ts';
import { answerEach, type EachSpec } from '../input/spec-array.ts';
import { type SimulateSpec, simulateCheck } from '../montecarlo/simulate-summary.ts';
import type { D6PoolResult } from '../systems/d6-pool/exact.ts';
import * as exact from '../systems/d6-pool/exact.ts';
import type { D6PoolReport } from '../systems/d6-pool/seed-claim.ts';
import * as seedClaim from '../systems/d6-pool/seed-claim.ts';
import type { D6PoolSimulation } from '../systems/d6-pool/simulate.ts';
import { type D6PoolCheck, parseD6PoolSpec } from '../systems/d6-pool/spec.ts';
import { d6PoolSystem } from '../systems/d6-pool/system.ts';

// Thrown for bad input by every function here: exported where it is caught.
export { InputError } from '../input/input-error.ts';
// The types of `odds`, `simulate` (and `advise`): a consumer names them to wrap or pass them on.
export type { EachSpec } from '../input/spec-array.ts';
export { SIMULATION_DEFAULTS } from '../montecarlo/chunk-plan.ts';
export type { Simulated, SimulateOptions, SimulateSpec } from '../montecarlo/simulate-summary.ts';
export * from '../systems/d6-pool/index.ts';
// Named in the results below (the items of `outcomes`, an interval): a consumer names them.
export type { OutcomeSimulation } from '../systems/outcome-count-kernel.ts';
export type { OutcomeShare, SimulatedShare } from '../systems/outcome-shares.ts';

/**
 * Exact failure, mixed and success chances of a check, as reduced fractions (and at the seed's
 * stat 3, how far the seed's claim is off). An array of checks gives an array. What
 * `dicelab d6-pool odds --spec FILE --json` prints.
 * @throws InputError naming the field.
 * @example odds({ stat: 3 }).outcomes.map((o) => o.fraction) // ["8/27", "4/9", "7/27"]
 */
export const odds: EachSpec<D6PoolCheck, D6PoolReport> = answerEach(d6PoolSystem.check);

/**
 * The check simulated on the worker pool: outcome shares with 95% intervals, headed by the
 * seed. What `dicelab d6-pool simulate --spec FILE --json` prints with the same trials and seed.
 * @example (await simulate({ stat: 3 }, { trials: 1000, threads: 1 })).outcomes.length // 3
 */
export const simulate: SimulateSpec<D6PoolCheck, D6PoolSimulation> = checkingOptions(
  simulateCheck(d6PoolSystem.check),
);

// The engine's functions take a checked check: here each checks its argument first, as `odds`
// does (the same messages), once per call and never inside the engine.

/**
 * The exact outcome distribution of a check: outcome index (0 failure, 1 mixed, 2 success)
 * with weights over 6^stat. O(stat).
 * @throws InputError naming the field, as {@link parseD6PoolSpec} does.
 * @example d6PoolDist({ stat: 3 }).weights // [64n, 96n, 56n] over 216: 8/27, 4/9, 7/27
 */
export function d6PoolDist(check: D6PoolCheck): Dist {
  return exact.d6PoolDist(parseD6PoolSpec(check));
}

/**
 * Failure, mixed and success chances as reduced fractions (no decision shapes them).
 * @throws InputError naming the field, as {@link parseD6PoolSpec} does.
 * @example d6PoolOdds({ stat: 3 }).outcomes.map((o) => o.fraction) // ['8/27', '4/9', '7/27']
 */
export function d6PoolOdds(check: D6PoolCheck): D6PoolResult {
  return exact.d6PoolOdds(parseD6PoolSpec(check));
}

/**
 * What `dicelab d6-pool odds --json` prints for a check: its exact result, and at the seed's
 * stat (3) the seed's claim against it (what {@link odds} returns for one check).
 * @throws InputError naming the field, as {@link parseD6PoolSpec} does.
 * @example d6PoolReport({ stat: 3 }).seedClaim.largestGap // 0.0444…
 */
export function d6PoolReport(check: D6PoolCheck): D6PoolReport {
  return seedClaim.d6PoolReport(parseD6PoolSpec(check));
}
