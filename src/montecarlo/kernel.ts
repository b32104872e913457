import type { Stream } from '../rng/index.ts';
import type { TallyPart } from './tally-shape.ts';

/**
 * A simulation kernel: the rules of one kind of trial, sampled. A kernel module exports one
 * `kernel` object (`export const kernel: Kernel<Spec, Prepared> = { … }`); the worker pool
 * imports it by URL in each worker thread, and the main thread imports it to summarise.
 *
 * Tallies are integer counts (wins, top faces, squares of small integers, …) kept in a
 * Float64Array: sums of integers are exact below 2^53 and do not depend on the order they are
 * added in, so a run gives bit-identical tallies on any number of threads, and partial runs
 * (shards) merge into exactly the tallies of one run.
 */
export interface Kernel<Spec, Prepared = Spec> {
  /**
   * Turns a (JSON) spec into what `run` needs: pure and deterministic; cached per worker.
   * It receives the spec after a JSON round trip, on every thread alike. Bad specs throw an
   * `InputError` (from `src/input/input-error.ts`) naming the field.
   */
  prepare(spec: Spec): Prepared;
  /** How many tally slots this spec fills. */
  tallySize(prepared: Prepared): number;
  /**
   * What each slot holds (every slot in exactly one part), so a tally can be checked without
   * running anything: a run checks its own, and a partial result file whose tallies no run could
   * give is refused.
   */
  tallyShape(prepared: Prepared): readonly TallyPart[];
  /**
   * Plays `trials` trials drawing from `stream`, adding integer counts into `tally` (never
   * per-trial data). Hot loops copy the stream's four words into locals and write them back.
   */
  run(prepared: Prepared, stream: Stream, trials: number, tally: Float64Array): void;
  /**
   * On the main thread: turns the summed tallies of `trials` trials into the JSON result the
   * CLI prints (estimates with their intervals, e.g. `wilsonInterval(tally[0], trials)`).
   */
  summarize(prepared: Prepared, tally: Float64Array, trials: number): unknown;
  /**
   * Optional, on the main thread: the figures the tally estimates, by name, as the raw counts
   * and sums behind them, so that a caller builds its own interval at its own confidence (a
   * balance check's share of its false-alarm budget). A `count` is trials with the event; a
   * `sum` is Σx and Σx² of a per-trial number (its mean is sum / trials).
   */
  sampledFigures?(
    prepared: Prepared,
    tally: ArrayLike<number>,
    trials: number,
  ): Readonly<Record<string, SampledFigure>>;
}

/** A figure as a tally holds it: a count of trials, or a per-trial number's Σx and Σx². */
export type SampledFigure =
  | { readonly kind: 'count'; readonly count: number }
  | { readonly kind: 'sum'; readonly sum: number; readonly squares: number };
