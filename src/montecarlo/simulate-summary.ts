import { fieldWithin, InputError } from '../input/input-error.ts';
import { SIMULATION_DEFAULTS } from './chunk-plan.ts';
import type { KernelId } from './load-kernel.ts';
import { type SimulationResult, simulate } from './run.ts';
import { summarizeResult } from './summarize-result.ts';

/** How the library's `simulate` functions run: every field has a default. */
export interface SimulateOptions {
  /** Trials in the run. @defaultValue {@link SIMULATION_DEFAULTS}.trials */
  readonly trials?: number;
  /** The seed: the same seed gives the same result on any number of threads. @defaultValue {@link SIMULATION_DEFAULTS}.seed */
  readonly seed?: number;
  /** Worker threads (default: this thread for a small run, every core for a long one). */
  readonly threads?: number;
  /** Trials per chunk (part of the result's identity, like the seed; default 65,536). */
  readonly chunkSize?: number;
  /**
   * Called as batches finish, with the trials done and in all. (`checkScenarios`' `onProgress` is
   * told a line for people instead; its counts, these among them, go to its `onProgressCounts`.)
   */
  readonly onProgress?: (doneTrials: number, totalTrials: number) => void;
  /**
   * Stops the run; the summary then covers the trials played and is led by `interrupted: true`,
   * as the CLI's JSON of a stopped run (aborted before any was played, the run rejects with the
   * signal's reason, as `fetch` does).
   */
  readonly signal?: AbortSignal;
}

/**
 * A library `simulate`'s answer: its kernel's summary headed by the seed, and led by
 * `interrupted: true` when its `signal` stopped it early.
 */
export type Simulated<Summary> = Summary & { seed: number; interrupted?: true };

/** The options the run checks itself, under their own names. */
const RUN_OPTION_FIELDS: ReadonlySet<string> = new Set(['trials', 'seed', 'threads', 'chunkSize']);

/**
 * Runs one of dicelab's kernels on a spec (`simulate`, on the worker pool) and returns its
 * summary headed by the seed (`summarizeResult`): what the CLI's `simulate … --json` prints for
 * the same spec, trials and seed.
 * @example await simulateSummary('systems/d6-pool/simulate', { stat: 3 }, { trials: 1000 }) // not run: starts the simulator (the library's simulate tests run it)
 */
export async function simulateSummary<Summary>(
  kernel: KernelId,
  spec: unknown,
  options: SimulateOptions = {},
): Promise<Simulated<Summary>> {
  let result: SimulationResult;
  try {
    result = await simulate({
      kernel,
      spec,
      // Left out is the default; null is a value, refused by the run's checks as threads' is.
      trials: options.trials === undefined ? SIMULATION_DEFAULTS.trials : options.trials,
      seed: options.seed === undefined ? SIMULATION_DEFAULTS.seed : options.seed,
      ...(options.threads === undefined ? {} : { threads: options.threads }),
      ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    // The run names its request's fields bare (`trials: 0 …`); the caller gave them as options.
    throw error instanceof InputError && RUN_OPTION_FIELDS.has(error.field ?? '')
      ? fieldWithin(error, 'options.')
      : error;
  }
  // No trial played: there is nothing to summarise (an interval of 0 trials has no width).
  if (result.completedTrials === 0) options.signal?.throwIfAborted();
  return (await summarizeResult(result)) as Simulated<Summary>;
}

/** A library `simulate`: one spec on the worker pool, its summary headed by the seed. */
export type SimulateSpec<Spec, Summary> = (
  spec: Spec,
  options?: SimulateOptions,
) => Promise<Simulated<Summary>>;

/**
 * The library `simulate` of a system's check: each spec checked by `parse`, then run on `kernel`
 * (`simulateSummary`).
 */
export function simulateCheck<Spec, Summary>(check: {
  readonly kernel: KernelId;
  readonly parse: (spec: unknown) => unknown;
}): SimulateSpec<Spec, Summary> {
  return (spec, options = {}) => simulateSummary(check.kernel, check.parse(spec), options);
}
