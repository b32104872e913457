import type { PartialOutput } from '../montecarlo/partial-result.ts';
import type { SimulationResult } from '../montecarlo/run.ts';
import type { KernelId } from '../systems/systems.ts';
import { summarizeRun } from './run-simulation.ts';

type PrintRun = (result: SimulationResult, output: PartialOutput, json: boolean) => Promise<void>;

/** The summary JSON alone: what a command of one spec prints of it with --json. */
const printSummary: PrintRun = async (result) => {
  process.stdout.write(`${JSON.stringify(await summarizeRun(result), null, 2)}\n`);
};

/**
 * How `merge` prints a finished run of a kernel whose command prints more than the kernel's
 * summary (a fight's exact chain, from the run's spec and its `output` switches): as that command
 * prints its result (the path `--queue` takes too), its printer loaded only for its kernel. Every
 * other kernel's run prints its summary JSON (`printSummary`), so a new system adds nothing here.
 */
const PRINT_RUN: Readonly<Partial<Record<KernelId, PrintRun>>> = {
  'systems/zidara/fight/simulate-fight': async (...run) =>
    (await import('./zidara-fight.ts')).printFightRun(...run),
};

/**
 * Prints the merge of a run's shards on stdout as its command prints the run unsharded: with
 * `json`, what `--json` prints; else a fight's table, other kernels' summary JSON.
 * @example await printMergedRun(mergePartials(parts), parts[0].partial.output ?? {}, true) // not run: needs partial results
 */
export function printMergedRun(
  result: SimulationResult,
  output: PartialOutput,
  json: boolean,
): Promise<void> {
  return (PRINT_RUN[result.kernel as KernelId] ?? printSummary)(result, output, json);
}
