import { InputError, invalid } from '../input-error.ts';
import type { SimulationResult } from './run.ts';

/** The format tag of a partial result file. */
export const PARTIAL_RESULT_FORMAT = 'dicelab-partial-result';
/** The version of the format this code writes and reads. */
export const PARTIAL_RESULT_VERSION = 1;

/**
 * A partial result file (JSON): what one `--shard i/n` run writes, and `dicelab merge` reads.
 *
 * ```json
 * {
 *   "format": "dicelab-partial-result",   // always this tag
 *   "version": 1,                          // this layout; readers refuse other versions
 *   "kernel": "systems/d6-pool/simulate",  // kernel id (or a file: URL)
 *   "spec": { … },                         // the kernel's spec, as every thread prepared it
 *   "seed": 7,                             // safe integer ≥ 0
 *   "trials": 1000000,                     // trials in the WHOLE run, all shards together
 *   "chunkSize": 65536,                    // chunk c draws from streamFor(seed, c)
 *   "shard": { "index": 0, "count": 3 },   // this file ran the chunks c with c % 3 === 0
 *   "chunksDone": 6,                       // chunks finished (all of the shard's unless interrupted)
 *   "completedTrials": 344640,             // trials those chunks hold
 *   "interrupted": false,                  // true when stopped early (Ctrl-C): not mergeable
 *   "tally": [131072, …]                   // the kernel's integer counts, summed over the chunks
 * }
 * ```
 * Tallies are integers, so summing the shards' tallies gives exactly one run's tallies.
 */
export interface PartialResult {
  format: typeof PARTIAL_RESULT_FORMAT;
  version: typeof PARTIAL_RESULT_VERSION;
  kernel: string;
  spec: unknown;
  seed: number;
  trials: number;
  chunkSize: number;
  shard: { index: number; count: number };
  chunksDone: number;
  completedTrials: number;
  interrupted: boolean;
  tally: number[];
}

/** The partial result file for a run (an unsharded run is shard 0 of 1). */
export function toPartialResult(result: SimulationResult): PartialResult {
  return {
    format: PARTIAL_RESULT_FORMAT,
    version: PARTIAL_RESULT_VERSION,
    kernel: result.kernel,
    spec: result.spec,
    seed: result.seed,
    trials: result.trials,
    chunkSize: result.chunkSize,
    shard: result.shard ? { ...result.shard } : { index: 0, count: 1 },
    chunksDone: result.chunksDone,
    completedTrials: result.completedTrials,
    interrupted: result.interrupted,
    tally: [...result.tally],
  };
}

/**
 * Checks parsed JSON is a partial result file of this version; `source` (its path) starts
 * every error message.
 * @throws InputError naming the source, the field, the value and what is allowed.
 */
export function parsePartialResult(value: unknown, source: string): PartialResult {
  const bad = (field: string, got: unknown, allowed: string) =>
    invalid(`${source}: ${field}`, got, allowed);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError(`${source}: not a dicelab partial result (expected a JSON object)`);
  const v = value as Record<string, unknown>;
  if (v.format !== PARTIAL_RESULT_FORMAT)
    throw bad('format', v.format, JSON.stringify(PARTIAL_RESULT_FORMAT));
  if (v.version !== PARTIAL_RESULT_VERSION)
    throw bad('version', v.version, `${PARTIAL_RESULT_VERSION} (written by this dicelab)`);
  if (typeof v.kernel !== 'string' || v.kernel === '') throw bad('kernel', v.kernel, 'a kernel id');
  if (!('spec' in v)) throw bad('spec', undefined, 'the JSON spec of the run');
  const whole = (field: string, got: unknown, min: number) => {
    if (typeof got !== 'number' || !Number.isSafeInteger(got) || got < min)
      throw bad(field, got, `an integer ≥ ${min}`);
    return got;
  };
  whole('seed', v.seed, 0);
  whole('trials', v.trials, 1);
  whole('chunkSize', v.chunkSize, 1);
  const shard = v.shard as Record<string, unknown> | null | undefined;
  if (typeof shard !== 'object' || shard === null) throw bad('shard', shard, '{ index, count }');
  const count = whole('shard.count', shard.count, 1);
  const index = whole('shard.index', shard.index, 0);
  if (index >= count) throw bad('shard.index', index, `an integer from 0 to ${count - 1}`);
  whole('chunksDone', v.chunksDone, 0);
  whole('completedTrials', v.completedTrials, 0);
  if (typeof v.interrupted !== 'boolean') throw bad('interrupted', v.interrupted, 'true or false');
  if (!Array.isArray(v.tally)) throw bad('tally', v.tally, 'an array of integer counts');
  v.tally.forEach((count, i) => {
    if (typeof count !== 'number' || !Number.isSafeInteger(count))
      throw bad(`tally[${i}]`, count, 'an integer count');
  });
  return {
    format: PARTIAL_RESULT_FORMAT,
    version: PARTIAL_RESULT_VERSION,
    kernel: v.kernel,
    spec: v.spec,
    seed: v.seed as number,
    trials: v.trials as number,
    chunkSize: v.chunkSize as number,
    shard: { index, count },
    chunksDone: v.chunksDone as number,
    completedTrials: v.completedTrials as number,
    interrupted: v.interrupted,
    tally: [...v.tally] as number[],
  };
}
