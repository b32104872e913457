import type { Stream } from '../rng/index.ts';

/**
 * A simulation kernel: the rules of one kind of trial, sampled. A kernel module exports one
 * `kernel` object; the worker pool imports it by URL in each worker thread.
 *
 * Tallies are integer counts (wins, top faces, squares of small integers, …) kept in a
 * Float64Array: sums of integers are exact below 2^53 and do not depend on the order they are
 * added in, so a run gives bit-identical tallies on any number of threads, and partial runs
 * (shards) merge into exactly the tallies of one run.
 */
export interface Kernel<Spec, Prepared = Spec> {
  /** Turns a (JSON) spec into what `run` needs: pure and deterministic; cached per worker. */
  prepare(spec: Spec): Prepared;
  /** How many tally slots this spec fills. */
  tallySize(prepared: Prepared): number;
  /** Plays `trials` trials drawing from `stream`, adding integer counts into `tally`. */
  run(prepared: Prepared, stream: Stream, trials: number, tally: Float64Array): void;
}
