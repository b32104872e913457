import { EXIT } from '../exit-status.ts';
import { invalid } from '../input-error.ts';
import type { KernelId } from '../montecarlo/kernel-registry.ts';
import type { KernelRef } from '../montecarlo/load-kernel.ts';
import type { SimulationResult } from '../montecarlo/run.ts';
import { abortOnSigint } from './abort-on-sigint.ts';
import type { SimulationOptions } from './simulation-flags.ts';
import { printResults, specsFromOptions } from './spec-file.ts';

/**
 * What a `simulate` command does with its `addSimulationOptions` flags: runs the kernel with
 * a progress bar on stderr (a terminal only, not --quiet), Ctrl-C stopping it cleanly, and
 * with --partial (required by --shard) writes the partial result file atomically. An
 * interrupted run resolves all the same (`interrupted: true`, partial tallies) and sets the
 * exit status to 130; summarise it with `summarizeResult`.
 * @throws InputError for --shard without --partial, before any work.
 * @example const result = await runSimulation('systems/d6-pool/simulate', spec, options) // not run: starts a worker pool and prints progress
 */
export async function runSimulation(
  kernel: KernelRef,
  spec: unknown,
  options: SimulationOptions,
  stderr: NodeJS.WriteStream = process.stderr,
): Promise<SimulationResult> {
  if (options.shard && !options.partial)
    throw invalid('--partial', undefined, 'a file to write the partial result of --shard to');
  // The worker pool and the progress bar load here, for the commands that simulate.
  const [{ simulate }, { progressBar }] = await Promise.all([
    import('../montecarlo/run.ts'),
    import('./progress-bar.ts'),
  ]);
  const bar = progressBar({ quiet: options.quiet, stream: stderr });
  const sigint = abortOnSigint(stderr);
  let result: SimulationResult;
  try {
    result = await simulate({
      kernel,
      spec,
      trials: options.trials,
      seed: options.seed,
      threads: options.threads,
      chunkSize: options.chunkSize,
      shard: options.shard,
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
      `dicelab: interrupted: the result covers ${result.completedTrials} trials (${result.chunksDone} chunks)\n`,
    );
  }
  if (options.partial) {
    const { writePartialResultFile } = await import('./partial-result-file.ts');
    await writePartialResultFile(options.partial, result);
    if (!options.quiet) {
      const part = result.shard ? `shard ${result.shard.index}/${result.shard.count}` : 'whole run';
      stderr.write(
        `dicelab: wrote ${options.partial} (${part}, ${result.completedTrials} trials)\n`,
      );
    }
  }
  return result;
}

/**
 * A system's `simulate` command for its one spec (from --spec or the flags, as
 * `specsFromOptions` reads them): runs it as `runSimulation` does and prints the kernel's
 * summary, headed by its seed: JSON with --json, else `text`. A spec file must hold one spec.
 */
export async function simulateOneSpec<Spec, Summary>(
  kernel: KernelId,
  options: SimulationOptions & { spec?: string | undefined; json?: boolean | undefined },
  read: {
    parse: (spec: unknown, where: string) => Spec;
    flags: Readonly<Record<string, string>>;
    fromFlags: () => Record<string, unknown>;
  },
  text: (summary: Summary) => string,
): Promise<void> {
  const { specs, many } = specsFromOptions(options, read.parse, read.flags, read.fromFlags);
  if (many)
    throw invalid(
      '--spec',
      options.spec,
      'a file with one spec (simulate runs one spec at a time)',
    );
  const { summarizeResult } = await import('../montecarlo/summarize-result.ts');
  const summary = (await summarizeResult(
    await runSimulation(kernel, specs[0], options),
  )) as Summary;
  await printResults([summary], false, options.json, (s) => s, text);
}
