/**
 * `dicelab/d6-pool`: a pool of d6, one die per point of the stat, hits on 5 and 6: no hit a
 * failure, one mixed, two or more a success (docs/rules-other-systems.md). Exact fractions, and
 * the same chances simulated. Each function is what its `dicelab d6-pool` command prints with
 * `--json`.
 * @packageDocumentation
 */
// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';
import { answerEachSpec } from '../input/spec-array.ts';
import { type SimulateOptions, simulateSummary } from '../montecarlo/simulate-summary.ts';
import { type D6PoolReport, d6PoolReport } from '../systems/d6-pool/seed-claim.ts';
import type { D6PoolSimulation } from '../systems/d6-pool/simulate.ts';
import { type D6PoolCheck, parseD6PoolSpec } from '../systems/d6-pool/spec.ts';

export { SIMULATION_DEFAULTS } from '../montecarlo/chunk-plan.ts';
export type { SimulateOptions } from '../montecarlo/simulate-summary.ts';
export * from '../systems/d6-pool/index.ts';

/**
 * Exact failure, mixed and success chances of a check, as reduced fractions (and at the seed's
 * stat 3, how far the seed's claim is off). An array of checks gives an array. What
 * `dicelab d6-pool odds --spec FILE --json` prints.
 * @throws InputError naming the field.
 * @example odds({ stat: 3 }).outcomes.map((o) => o.fraction) // ["8/27", "4/9", "7/27"]
 */
export function odds(spec: D6PoolCheck): D6PoolReport;
export function odds(specs: readonly D6PoolCheck[]): D6PoolReport[];
export function odds(input: D6PoolCheck | readonly D6PoolCheck[]): D6PoolReport | D6PoolReport[] {
  return answerEachSpec(input, parseD6PoolSpec, (checks) => checks.map(d6PoolReport));
}

/**
 * The check simulated on the worker pool: outcome shares with 95% intervals, headed by the
 * seed. What `dicelab d6-pool simulate --spec FILE --json` prints with the same trials and seed.
 * @example (await simulate({ stat: 3 }, { trials: 1000, threads: 1 })).outcomes.length // 3
 */
export async function simulate(
  spec: D6PoolCheck,
  options: SimulateOptions = {},
): Promise<D6PoolSimulation & { seed: number }> {
  return simulateSummary('systems/d6-pool/simulate', parseD6PoolSpec(spec), options);
}
