import type { Command } from '@commander-js/extra-typings';
import { countOf } from '../format/format-count.ts';
import { mergePartials } from '../montecarlo/merge-partials.ts';
import { readPartialResultFile } from './partial-result-file.ts';
import { printMergedRun } from './print-merged-run.ts';

/**
 * `dicelab merge <parts...> [--json]`: merges the partial result files of a run's shards
 * (`--shard i/n --partial file`) and prints what the unsharded run prints with --json, or a
 * fight's table (`printMergedRun`). The files
 * must belong together (same kernel, spec, seed, trials, chunk size; each shard once; none
 * interrupted), else one line names the file and the field, and the exit status is 2.
 */
export function registerMerge(program: Command) {
  program
    .command('merge')
    .description('merge the partial results of --shard runs into the result of one run')
    .argument('<parts...>', 'partial result files, one per shard (any order)')
    .option(
      '--json',
      "print the unsharded run's --json alone, without the line on the shards before it (else a fight's table follows the line; other runs print JSON either way)",
    )
    .addHelpText(
      'after',
      `
Every file is checked before anything is merged (its checksum, the dicelab that wrote it, the
run's plan, its tallies), and together they must be the shards of one run: the same kernel,
spec (and switches, such as a fight's --no-exact), seed, trials and chunk size, each shard once,
none interrupted. Else one line names the file and the field, exit status 2. With --json it
prints the unsharded run's --json, to the bit (a fight's exact chain worked out again from its
spec); without, a fight's table, or another run's summary JSON, after the line on the shards.

Examples:
  dicelab zidara simulate d12 d4 --vs 3 --trials 1e6 --shard 0/2 --partial part0.json
  dicelab zidara simulate d12 d4 --vs 3 --trials 1e6 --shard 1/2 --partial part1.json
  dicelab merge part0.json part1.json --json     the --json of the same run unsharded
  dicelab merge part*.json                       a line on the shards, then the summary`,
    )
    .action(async (paths, options) => {
      const parts = await Promise.all(paths.map((path) => readPartialResultFile(path)));
      const result = mergePartials(parts);
      if (!options.json)
        process.stdout.write(
          `merged ${parts.length} shard${parts.length === 1 ? '' : 's'} of ${result.kernel}: ` +
            `${countOf(result.completedTrials, 'trial')}, seed ${result.seed}, ` +
            `chunk size ${result.chunkSize}\n`,
        );
      await printMergedRun(result, parts[0]!.partial.output ?? {}, options.json === true);
    });
}
