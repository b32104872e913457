import type { Command, OptionValues } from '@commander-js/extra-typings';
import { invalid } from '../input/input-error.ts';
import type { KernelId } from '../systems/systems.ts';
import { simulateOneSpec } from './run-simulation.ts';
import { addSimulationOptions, type SimulationOptions } from './simulation-flags.ts';
import { printSpecResults } from './spec-file.ts';

/** How `odds` and `simulate` of one system read a spec from their options. */
export interface SpecReading<Spec, Options> {
  parse: (spec: unknown, where: string) => Spec;
  /** Spec fields and the flags that set them, for messages about flags. */
  flags: Readonly<Record<string, string>>;
  /** The spec the flags give (unset flags left out by the reader). */
  fromFlags: (options: Options) => Record<string, unknown>;
}

/**
 * `<system> odds`, the exact result of each spec given (a spec file may hold an array), and
 * `<system> simulate`, one spec by Monte Carlo on the system's kernel with
 * `addSimulationOptions`' flags after the spec flags; each added where the system wants it.
 * @example const d6 = oddsAndSimulate(specFlags, { parse, flags, fromFlags }); d6.addOdds(system, { description, result, text }) // not run: builds commander commands
 */
export function oddsAndSimulate<
  Spec,
  Options extends OptionValues & { spec?: string | undefined; json?: true | undefined },
>(
  /**
   * Adds the spec flags (with --spec and --json) to `odds` or `simulate`, before its own; a
   * generic one goes in a lambda, `(command: Command) => rollOptions(command)`, or its options
   * do not infer.
   */
  specFlags: (command: Command) => Command<[], Options>,
  commands: SpecReading<Spec, Options>,
) {
  const read = (options: Options) => ({
    parse: commands.parse,
    flags: commands.flags,
    fromFlags: () => commands.fromFlags(options),
  });
  return {
    addOdds<Result>(
      system: Command,
      odds: { description: string; result: (spec: Spec) => Result; text: (r: Result) => string },
    ): void {
      specFlags(system.command('odds').description(odds.description)).action(async (options) => {
        await printSpecResults(options, read(options), odds.result, odds.text);
      });
    },
    addSimulate<Summary>(
      system: Command,
      simulate: {
        description: string;
        kernel: KernelId;
        text: (summary: Summary) => string;
        /** Spec flags only `odds` reads, and why: the simulation refuses them rather than ignore them. */
        oddsOnly?: { flags: readonly string[]; because: string };
      },
    ): void {
      addSimulationOptions(
        specFlags(system.command('simulate').description(simulate.description)),
      ).action(async (given, command) => {
        for (const flag of simulate.oddsOnly?.flags ?? []) {
          const option = command.options.find((o) => o.long === flag)!;
          const value = command.getOptionValue(option.attributeName());
          if (value !== undefined)
            throw invalid(
              flag,
              value,
              `only with ${system.name()} odds: ${simulate.oddsOnly!.because}`,
            );
        }
        // Commander cannot resolve its option types over a generic Options: these are what it adds.
        const options = given as Options & SimulationOptions;
        await simulateOneSpec(simulate.kernel, options, read(options), simulate.text);
      });
    },
  };
}
