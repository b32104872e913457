import type { Command } from '@commander-js/extra-typings';
import { type InputError, showValue } from '../input/input-error.ts';

/**
 * What each flag that takes a value was given on the command line, as typed, by its long name
 * (a flag given more than once, one that collects, holds each in turn); and which flags take a
 * value, to read the flags inside one's value (`--against "--aura 9"`).
 */
export interface TypedValues {
  readonly values: Map<string, string[]>;
  readonly takingValue: Set<string>;
}

/** An empty record, for {@link recordTypedValues} to fill as commander reads the command line. */
export function typedValues(): TypedValues {
  return { values: new Map(), takingValue: new Set() };
}

/**
 * Keeps each value `command`'s flags are given as commander reads them, before any parser: what
 * {@link sayAsTyped} quotes. A value refused while it is read never gets here (its parser's
 * refusal quotes it already, see `sayRefusedValue`). Only the command line is kept: `--against`
 * reads its flags on a parser of its own.
 */
export function recordTypedValues(command: Command, typed: TypedValues): void {
  for (const option of command.options) {
    if (!option.required && !option.optional) continue;
    const flag = option.long ?? option.name();
    typed.takingValue.add(flag);
    command.on(`option:${option.name()}`, (raw: unknown) => {
      if (typeof raw === 'string') typed.values.set(flag, [...(typed.values.get(flag) ?? []), raw]);
    });
  }
}

/**
 * An InputError's message with a refusal of a flag's value made after the command line was read
 * (`--aura: 9 is not allowed (…)`, the value as parsed: a number, a list, a die's sides) saying
 * the value as typed, as the refusals made while it is read do (`--aura: "9" is not allowed
 * (…)`); inside a flag that holds flags too (`--against: --aura: "9" …`). A refusal of the
 * flag's whole value (the error's `field` is the flag) quotes all of it; of one part
 * (`--ring-faces[1]`, one face), that part of the list as typed, when it reads as the message
 * shows it (a range, "1-3", does not: the message is left). A value shown as text is left as
 * its check shows it (as typed already, or a URL with its password hidden). Other messages, a
 * file's (`path:line:col: …`) among them, as they are.
 * @example sayAsTyped(invalid('--minor-max', 12, 'a smaller die'), { values: new Map([['--minor-max', ['d12']]]), takingValue: new Set() }) // '--minor-max: "d12" is not allowed (expected a smaller die)'
 */
export function sayAsTyped(error: InputError, typed: TypedValues): string {
  const [first = '', ...rest] = error.message.split('\n');
  return [lineAsTyped(first, error.field, typed.values, typed), ...rest].join('\n');
}

function lineAsTyped(
  line: string,
  field: string | undefined,
  values: ReadonlyMap<string, readonly string[]>,
  typed: TypedValues,
): string {
  const flag = /^(--[\w-]+): /.exec(line)?.[1];
  const given = flag === undefined ? undefined : values.get(flag);
  if (flag === undefined || given === undefined) return line;
  const said = line.slice(flag.length + 2);
  // A flag that holds flags: the refusal is of one of them, typed in its value or, if not
  // there, on the command line.
  if (/^--[\w-]+: /.test(said))
    return `${flag}: ${lineAsTyped(said, field, new Map([...values, ...flagsIn(given.join(' '), typed)]), typed)}`;
  const end = said.indexOf(' is not allowed');
  if (end <= 0 || said.startsWith('"')) return line;
  if (field === flag) return `${flag}: ${showValue(given.join(' '))}${said.slice(end)}`;
  // One part of its value (`--rolled 9,13`: "13"): the part as typed, where it reads as shown.
  const at = field?.startsWith(`${flag}[`) ? /^\[(\d+)\]$/.exec(field.slice(flag.length)) : null;
  const parts = given.length > 1 ? given : (given[0] ?? '').split(',');
  const part = at ? parts[Number(at[1])]?.trim() : undefined;
  return part === said.slice(0, end) ? `${flag}: ${showValue(part)}${said.slice(end)}` : line;
}

/** The values the flags in a flag's value are given ("--aura 9 --explode" gives --aura "9"). */
function flagsIn(raw: string, typed: TypedValues): Map<string, string[]> {
  const inner = new Map<string, string[]>();
  const tokens = raw.trim().split(/\s+/);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const equals = token.indexOf('=');
    const flag = equals > 0 ? token.slice(0, equals) : token;
    const value = equals > 0 ? token.slice(equals + 1) : tokens[i + 1];
    if (!typed.takingValue.has(flag) || value === undefined) continue;
    inner.set(flag, [...(inner.get(flag) ?? []), value]);
    if (equals < 0) i++;
  }
  return inner;
}
