import type { Command, OptionValues } from '@commander-js/extra-typings';
import { invalid } from '../input/input-error.ts';
import type { KernelId } from '../systems/systems.ts';
import { simulateOneSpec } from './run-simulation.ts';
import { addSimulationOptions, type SimulationOptions } from './simulation-flags.ts';
import { type FlagWords, printSpecResults } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';

/** How `odds` and `simulate` of one system read a spec from their options. */
export interface SpecReading<Spec, Options> {
  parse: (spec: unknown, where: string) => Spec;
  /** Spec fields and the flags that set them, for messages about flags. */
  flags: Readonly<Record<string, string>>;
  /** The spec the flags give (unset flags left out by the reader). */
  fromFlags: (options: Options) => Record<string, unknown>;
  /** How the flags typed read in messages (see `flagError`). */
  words?: (options: Options) => FlagWords;
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
    words: commands.words?.(options),
  });
  return {
    addOdds<Result>(
      system: Command,
      odds: {
        description: string;
        result: (spec: Spec) => Result;
        /** The result for people, its prose (not its tables) laid out by `prose`. */
        text: (r: Result, prose: ProseLayout) => string;
      },
    ): void {
      specFlags(system.command('odds').description(odds.description)).action(async (options) => {
        await printSpecResults(options, read(options), odds.result, (r, _, prose) =>
          odds.text(r, prose),
        );
      });
    },
    addSimulate<Summary>(
      system: Command,
      simulate: {
        description: string;
        kernel: KernelId;
        /** The summary for people, its prose (not its table) laid out by `prose`. */
        text: (summary: Summary, prose: ProseLayout) => string;
        /**
         * Spec fields only `odds` reads, with their defaults, and why: the simulation refuses any
         * other value, by flag or in a spec file, rather than ignore it (a default passes, so
         * the spec an output echoes reads back).
         */
        oddsOnly?: { defaults: Readonly<Record<string, unknown>>; because: string };
      },
    ): void {
      addSimulationOptions(
        specFlags(system.command('simulate').description(simulate.description)),
      ).action(async (given) => {
        // Commander cannot resolve its option types over a generic Options: these are what it adds.
        const options = given as Options & SimulationOptions;
        const oddsOnly = simulate.oddsOnly;
        const reader = read(options);
        const parse = (spec: unknown, where: string) => {
          const parsed = reader.parse(spec, where);
          if (oddsOnly)
            refuseOtherValues(
              parsed,
              oddsOnly.defaults,
              where,
              `only with ${system.name()} odds: ${oddsOnly.because}`,
            );
          return parsed;
        };
        await simulateOneSpec(simulate.kernel, options, { ...reader, parse }, simulate.text);
      });
    },
  };
}

/**
 * Refuses a parsed spec whose fields differ from `defaults` (nested objects field by field),
 * naming the first such field under `where`.
 * @throws InputError "bandValues.clean: 2 is not allowed (expected <allowed>)".
 */
function refuseOtherValues(
  parsed: unknown,
  defaults: Readonly<Record<string, unknown>>,
  where: string,
  allowed: string,
): void {
  for (const [field, value] of Object.entries(defaults)) {
    const given = (parsed as Record<string, unknown>)[field];
    if (typeof value === 'object' && value !== null)
      refuseOtherValues(given, value as Record<string, unknown>, `${where}${field}.`, allowed);
    else if (given !== value) throw invalid(`${where}${field}`, given, allowed);
  }
}
