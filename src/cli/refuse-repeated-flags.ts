import type { Command, Option } from '@commander-js/extra-typings';
import { InputError, invalid, showValue } from '../input/input-error.ts';

/**
 * Refuses a flag of one value given twice (`--stat 3 --stat 4`), which commander reads as its
 * last, the first dropped unsaid; a switch given twice (`--json --json`), alike, though the
 * second changes nothing (likely a slip for another flag); and the two flags of one setting
 * together (`--baseline x.json --no-baseline`), of which commander likewise keeps the last. A flag that collects may repeat:
 * a variadic one, or one whose parser takes the values so far as its second parameter
 * (`--supporter`, `zidara odds --vs`).
 * Refuses too two flags declared to conflict (`--spec` and a flag the file replaces), as the
 * second is read, naming both: commander's `option '--spec <file>' cannot be used with option
 * '--stat <n>'` is in its words, not dicelab's.
 * Every command has it (see `runCli`), and `--against` reads its flags with it too.
 */
export function refuseRepeatedFlags(command: Command): void {
  // The flag each setting was first given by, and its value.
  const given = new Map<string, { flag: string; value: unknown }>();
  // The options given so far, for their declared conflicts.
  const read: Option[] = [];
  for (const option of command.options) {
    const switched = !(option.required || option.optional);
    const once = switched || (!option.variadic && (option.parseArg?.length ?? 0) < 2);
    const setting = option.attributeName();
    const paired = command.options.some((o) => o !== option && o.attributeName() === setting);
    const flag = option.long ?? option.name();
    command.on(`option:${option.name()}`, (value: unknown) => {
      const clash = read.find(
        (o) => conflictsOf(o).includes(setting) || conflictsOf(option).includes(o.attributeName()),
      );
      if (clash) {
        const other = clash.long ?? clash.name();
        const why = CONFLICT_WHY[other] ?? CONFLICT_WHY[flag];
        throw new InputError(
          `${flag}: cannot be used with ${other} (${why ? `${why}; ` : ''}drop one of them)`,
          flag,
        );
      }
      read.push(option);
      if (!once && !paired) return;
      const first = given.get(setting);
      if (first && first.flag !== flag)
        throw new InputError(
          `${flag}: cannot be used with ${first.flag} (expected one of them)`,
          flag,
        );
      if (first && switched)
        throw new InputError(`${flag}: given twice (expected ${flag} once)`, flag);
      if (first && once)
        throw invalid(
          flag,
          value,
          `${flag} once, but it was given ${showValue(first.value)} before`,
        );
      given.set(setting, { flag, value });
    });
  }
}

/** Why a flag cannot stand beside the flags it conflicts with, where more than "drop one" helps. */
const CONFLICT_WHY: Record<string, string> = {
  '--spec': 'the spec file holds the whole question',
  '--no-simulate': 'only the simulation reads it, and --no-simulate skips it',
};

/** The settings an option was declared to conflict with (`Option.conflicts`; untyped in commander). */
function conflictsOf(option: Option): readonly string[] {
  return (option as unknown as { conflictsWith: readonly string[] }).conflictsWith;
}
