import { countOf, formatCount } from '../format/format-count.ts';
import { InputError, invalid, missing } from '../input/input-error.ts';
import type { KernelRef } from '../montecarlo/load-kernel.ts';
import type { PartialOutput } from '../montecarlo/partial-result.ts';
import type { Shard, SimulationResult } from '../montecarlo/run.ts';
import { EXIT } from '../process/exit-status.ts';
import { statIfAny } from '../process/stat-if-any.ts';
import { isKernelId, type KernelId } from '../systems/systems.ts';
import { abortOnSigint, stopUntilPlaced } from './abort-on-sigint.ts';
import { shardFromScheduler } from './scheduler-shard.ts';
import type { SimulationOptions } from './simulation-flags.ts';
import { printResults, type SpecReader, specsFromOptions } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';
import { checkWritable } from './write-files.ts';

/**
 * What a `simulate` command does with its `addSimulationOptions` flags: runs the kernel with
 * a progress bar on stderr (a terminal only, not --quiet), Ctrl-C stopping it cleanly, and
 * with --partial (required by --shard) writes the partial result file atomically, then ends
 * the command with `run.after` (see {@link SimulationRun}). An
 * interrupted run resolves all the same (`interrupted: true`, partial tallies) and sets the
 * exit status to 130 (its partial result file is written only where none is: it never replaces
 * one); summarise it with `summarizeRun`.
 *
 * With `--queue URL --shards N` the run goes to `dicelab queue worker`s as N shard jobs
 * (`simulateOnQueue`, loaded only then, so other commands never load BullMQ) and resolves to
 * the same result one process gives; the bar counts shards. `--shard auto` takes the shard from
 * an array job's environment (`shardFromScheduler`).
 * @throws InputError for --shard without --partial, a --partial that cannot be written or
 *   holds another shard's partial result (or no partial result: `checkReplaceable`),
 *   --shards without --queue or --shard auto (or missing with them), or --redis-give-up
 *   without --queue, before any work; RunError when the queue cannot do the run.
 * @example const result = await runSimulation('systems/d6-pool/simulate', spec, options) // not run: starts a worker pool and prints progress
 */
export async function runSimulation(
  kernel: KernelRef,
  spec: unknown,
  options: SimulationOptions,
  run: SimulationRun = {},
): Promise<SimulationResult> {
  const { stderr = process.stderr, env = process.env, after = () => {} } = run;
  const shard = chosenShard(options, env);
  if (shard && !options.partial)
    throw missing('--partial', "a file to write the shard's partial result to, with --shard");
  // Written only once the run is done: a file that cannot be written, or that holds another
  // shard's partial result, is refused now, and the latter again before the write.
  const ours = {
    kernel: String(kernel),
    spec,
    seed: options.seed,
    trials: options.trials,
    chunkSize: options.chunkSize,
    shard: shard ?? { index: 0, count: 1 },
    ...(run.output === undefined ? {} : { output: run.output }),
  };
  if (options.partial) {
    await checkWritable({ flag: '--partial', given: options.partial, names: 'file' });
    const { checkReplaceable } = await import('./partial-result-file.ts');
    await checkReplaceable(options.partial, ours);
  }
  // The worker pool and the progress bar load here, for the commands that simulate.
  const [{ simulate }, { progressBar }] = await Promise.all([
    import('../montecarlo/run.ts'),
    import('./progress-bar.ts'),
  ]);
  const bar = progressBar({
    quiet: options.quiet,
    stream: stderr,
    ...(options.queue ? { unit: 'shards' } : {}),
  });
  const sigint = abortOnSigint(stderr, {
    before: () => bar.stop(),
    // A queued run's wait ends at once, its shards left on the queue: its error says so.
    ...(options.queue ? { note: null } : {}),
  });
  let result: SimulationResult;
  try {
    if (options.queue) {
      if (!isKernelId(kernel))
        throw new Error(`a run of ${kernel} cannot go to a queue: only dicelab's own kernels can`);
      const { loadQueueModule } = await import('../queue/queue-packages.ts');
      const { simulateOnQueue } = await loadQueueModule(
        () => import('../queue/simulate-on-queue.ts'),
      );
      result = await simulateOnQueue(
        {
          kernel,
          spec,
          trials: options.trials,
          seed: options.seed,
          chunkSize: options.chunkSize,
          shards: options.shards!,
        },
        {
          url: options.queue,
          ...(options.redisGiveUp === undefined ? {} : { giveUpSeconds: options.redisGiveUp }),
          onProgress: (done, total) => bar.update(done, total),
          // Said above the bar, which would otherwise draw over them.
          note: options.quiet ? undefined : (line) => bar.note(`dicelab: ${line}`),
          // A run no worker takes waits for ever: said even with --quiet.
          warn: (line) => bar.note(`dicelab: ${line}`),
          signal: sigint.signal,
        },
      );
    } else
      result = await simulate({
        kernel,
        spec,
        trials: options.trials,
        seed: options.seed,
        threads: options.threads,
        chunkSize: options.chunkSize,
        shard,
        onProgress: (done, total) => bar.update(done, total),
        signal: sigint.signal,
      });
  } finally {
    bar.stop();
    sigint.dispose();
  }
  if (result.interrupted) {
    process.exitCode = EXIT.interrupted;
    stderr.write(
      `dicelab: interrupted: the result covers ${countOf(result.completedTrials, 'trial')} (${result.chunksDone} chunks)\n`,
    );
  }
  // An interrupted result is one merge refuses: it never takes the place of a file already there
  // (a finished shard's, rerun and stopped, would be lost).
  const { partial } = options;
  if (partial && result.interrupted && statIfAny(partial)) {
    stderr.write(
      `dicelab: kept ${partial} as it was: an interrupted run's partial result (which merge refuses) does not replace a file\n`,
    );
    await after(result);
  } else if (partial) {
    // A signal until the file is in place stops the command with one line; once it is, a signal
    // is let be: the command says it and ends as it would have.
    await stopUntilPlaced(async (placed) => {
      const { checkReplaceable, writePartialResultFile } = await import('./partial-result-file.ts');
      await checkReplaceable(partial, ours);
      await writePartialResultFile(partial, result, placed, run.output);
      if (!options.quiet) {
        const part = result.shard
          ? `shard ${result.shard.index}/${result.shard.count}`
          : 'whole run';
        stderr.write(
          `dicelab: wrote ${partial} (${part}, ${countOf(result.completedTrials, 'trial')})\n`,
        );
      }
      await after(result);
    }, stderr);
  } else await after(result);
  return result;
}

/** Where {@link runSimulation} writes and reads, and what ends the command after the run. */
export interface SimulationRun {
  /** The progress bar and the lines about the run (default: process.stderr). */
  readonly stderr?: NodeJS.WriteStream;
  /** Where --shard auto finds its array job (default: process.env). */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * The rest of the command, given the result (its summary printed). With --partial it runs
   * after the file is written, in the write's stopUntilPlaced: a signal from the file's rename
   * on is let be, and the table is said. Not called when the run throws.
   */
  readonly after?: (result: SimulationResult) => Promise<void> | void;
  /**
   * What the command prints besides the summary, as switches its --partial file keeps, so that
   * merge prints what the command prints (`printMergedRun`): a fight's `exact`.
   */
  readonly output?: PartialOutput;
}

/**
 * A run's summary (`summarizeResult`: led by `interrupted: true` when Ctrl-C stopped the run,
 * as its partial result file says), or undefined
 * for a shard that holds no chunk of the run (fewer chunks than shards): there is nothing to
 * estimate from, so one line on stderr says so, and its partial result (written all the same,
 * with no trials) merges as nothing; likewise for a run stopped before any chunk finished.
 * The summarizer loads here, with the commands that simulate.
 */
export async function summarizeRun(
  result: SimulationResult,
  stderr: NodeJS.WritableStream = process.stderr,
): Promise<unknown> {
  const { shard } = result;
  if (shard && result.chunksDone === 0 && !result.interrupted) {
    const chunks = Math.ceil(result.trials / result.chunkSize);
    stderr.write(
      `dicelab: shard ${shard.index}/${shard.count} holds no chunk of this run (${countOf(result.trials, 'trial')} make ${countOf(chunks, 'chunk')} of ${formatCount(result.chunkSize)}): nothing to summarize; its partial result merges as nothing\n`,
    );
    return undefined;
  }
  if (result.interrupted && result.completedTrials === 0) {
    stderr.write('dicelab: stopped before any chunk finished: nothing to summarize\n');
    return undefined;
  }
  const { summarizeResult } = await import('../montecarlo/summarize-result.ts');
  return summarizeResult(result);
}

/**
 * The shard this process runs: --shard i/n as given, --shard auto from the array job's
 * environment; checks that --shards comes exactly with --queue or --shard auto, and
 * --redis-give-up only with --queue.
 */
function chosenShard(options: SimulationOptions, env: NodeJS.ProcessEnv): Shard | undefined {
  const { shard, shards, queue, redisGiveUp } = options;
  if (redisGiveUp !== undefined && !queue)
    throw new InputError(
      `--redis-give-up: ${redisGiveUp} is not allowed here (expected only with --queue URL: it is how long a queued run waits for Redis)`,
      '--redis-give-up',
    );
  if (shards === undefined) {
    if (queue) throw missing('--shards', 'how many shard jobs --queue submits, e.g. --shards 8');
    if (shard === 'auto')
      throw missing('--shards', 'how many array tasks share the run, e.g. --shards 8');
    return shard;
  }
  if (shard === 'auto') return shardFromScheduler(env, shards);
  if (!queue)
    throw new InputError(
      `--shards: ${shards} is not allowed here (expected only with --queue URL or --shard auto${shard ? '; --shard i/n gives the count itself' : ''})`,
      '--shards',
    );
  return undefined;
}

/**
 * A system's `simulate` command for its one spec (from --spec or the flags, as
 * `specsFromOptions` reads them): runs it as `runSimulation` does and prints the kernel's
 * summary, headed by its seed: JSON with --json, else `text`. A spec file must hold one spec.
 */
export async function simulateOneSpec<Spec, Summary>(
  kernel: KernelId,
  options: SimulationOptions & { spec?: string | undefined; json?: boolean | undefined },
  read: SpecReader<Spec>,
  text: (summary: Summary, prose: ProseLayout) => string,
): Promise<void> {
  const { specs, many } = await specsFromOptions(options, read);
  if (many)
    throw invalid(
      '--spec',
      options.spec,
      'a file with one spec (simulate runs one spec at a time)',
    );
  await runSimulation(kernel, specs[0], options, {
    after: async (result) => {
      const summary = (await summarizeRun(result)) as Summary | undefined;
      if (summary !== undefined)
        await printResults(
          [summary],
          false,
          options.json,
          (s) => s,
          (s, _, prose) => text(s, prose),
        );
    },
  });
}
