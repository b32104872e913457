import { once } from 'node:events';
import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { decodeUtf8, isJsonPath, readFileBytes } from '../input/input-bytes.ts';
import { InputError, missing, showValue } from '../input/input-error.ts';
import type { InputSource } from '../input/located-text.ts';
import { parseSpecArray, specCountProblem } from '../input/spec-array.ts';
import { readFileFlag } from './flags.ts';
import { type ProseLayout, proseLayout } from './terminal-prose.ts';

/**
 * `--spec <file>` for a command whose options so far describe one spec (but for `keep`):
 * given beside a spec file, any of them is refused (exit 2, one line naming both flags), since
 * the file says everything and the flag would be dropped without a word.
 * @example command.addOption(specOption(command, 'JSON or YAML file with one spec')) // not run: builds a commander option
 */
export function specOption(
  command: { readonly options: readonly { attributeName(): string; long?: string | undefined }[] },
  description: string,
  keep: readonly string[] = [],
) {
  const specFlags = command.options.map((o) => o.attributeName()).filter((n) => !keep.includes(n));
  const kept = command.options.filter((o) => keep.includes(o.attributeName())).map((o) => o.long);
  const but = kept.length ? ` but ${kept.join(' and ')}, which apply to every spec` : '';
  return new Option('--spec <file>', `${description}; not with the flags above${but}`)
    .argParser(readFileFlag)
    .conflicts(specFlags);
}

/**
 * Closes a system's spec flags with `--spec FILE` (refused beside them) and `--json`, as every
 * odds, simulate and advise command of the other systems takes them: the file may hold an array
 * of specs but for `simulate`, which runs one.
 */
export function addSpecAndJsonOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  Global extends OptionValues,
>(flags: Command<Args, Opts, Global>) {
  const one = flags.name() === 'simulate';
  return flags
    .addOption(
      specOption(
        flags,
        `JSON or YAML file with one spec${one ? '' : ', or an array of them,'} instead of the flags`,
      ),
    )
    .option('--json', one ? 'print the summary as JSON' : 'print JSON (an array for a spec array)');
}

/**
 * Reads a user's JSON or YAML file (`flag` names where it came from in messages): refused
 * before reading when it is too big (see `INPUT_LIMITS`; a pipe as soon as it passes the limit), when it is a folder or missing, or
 * when its bytes are not UTF-8 (with the line and byte); then parsed, positions kept for
 * later messages. The parsers load here, only when a file is read: a roll given as flags does not
 * pay for them at start-up.
 * @throws InputError naming the flag or the file, and what is wrong.
 */
export async function readInputFile(path: string, flag: string): Promise<InputSource> {
  const bytes = readFileBytes(path, isJsonPath(path), flag);
  const { parseInputSource } = await import('../input/input-source.ts');
  return parseInputSource(decodeUtf8(bytes, path), path);
}

/**
 * The specs a command works on: from `--spec FILE` (JSON or YAML: one spec, or an array of
 * them), else one spec built from the command's flags. Each is validated by `parse` before
 * any work (`read.parse`); a bad file field reads `file:line:col: field: …`, a bad flag names
 * the flag (`read.flags` maps spec fields to flag names) and, given `read.words`, quotes it as typed.
 * @returns the specs, and whether the file held an array (so output mirrors it).
 */
export async function specsFromOptions<T>(
  options: { spec?: string | undefined },
  { parse, flags, fromFlags, words = {} }: SpecReader<T>,
): Promise<{ specs: T[]; many: boolean }> {
  if (options.spec === undefined) {
    const spec = Object.fromEntries(Object.entries(fromFlags()).filter(([, v]) => v !== undefined));
    try {
      return { specs: [parse(spec, '')], many: false };
    } catch (error) {
      throw flagError(error, flags, words);
    }
  }
  const path = options.spec;
  const source = await readInputFile(path, '--spec');
  const problem = Array.isArray(source.value)
    ? specCountProblem(source.value.length, 'split it into several files')
    : undefined;
  if (problem)
    throw new InputError(
      `${path}:1:1: the file holds ${problem.held} (expected ${problem.expected})`,
    );
  try {
    return parseSpecArray(source.value, parse);
  } catch (error) {
    throw source.located(outputGivenBack(error, source.value, parse));
  }
}

/**
 * A spec refused that holds a `system` field, said as what the file most likely is: dicelab's
 * own `--json` output (every one names its system), which `--spec` does not read. The refusal
 * of that field is the one said, whatever field the spec's check met first (a simulation's
 * output opens with its seed); other errors, and a spec without one, pass unchanged.
 */
function outputGivenBack(
  error: unknown,
  value: unknown,
  parse: (spec: unknown, where: string) => unknown,
): unknown {
  if (!(error instanceof InputError) || error.field === undefined) return error;
  const index = /^\[(\d+)\]\./.exec(error.field)?.[1];
  const spec = index === undefined ? value : (value as unknown[])[Number(index)];
  if (spec === null || typeof spec !== 'object' || !('system' in spec)) return error;
  const where = index === undefined ? '' : `[${index}].`;
  let refusal = error;
  if (error.field !== `${where}system`)
    try {
      parse({ system: spec.system }, where);
    } catch (alone) {
      if (alone instanceof InputError && alone.field === `${where}system`) refusal = alone;
    }
  if (!refusal.message.startsWith(`${where}system: no such field (`)) return error;
  return new InputError(
    `${refusal.message}; this is dicelab's --json output ("system": ${showValue(spec.system)}), which --spec does not read back`,
    refusal.field,
  );
}

/**
 * How a command reads its specs: `specsFromOptions`' parser, flag names, flag-built spec and
 * the flags' words for its messages.
 */
export interface SpecReader<T> {
  parse: (spec: unknown, where: string) => T;
  flags: Readonly<Record<string, string>>;
  fromFlags: () => Record<string, unknown>;
  words?: FlagWords | undefined;
}

/** Reads the specs (`specsFromOptions`) and prints each one's result (`printResults`). */
export async function printSpecResults<S, R>(
  options: { spec?: string | undefined; json?: boolean | undefined },
  read: SpecReader<S>,
  result: (spec: S) => R,
  text: (result: R, spec: S, prose: ProseLayout) => string,
): Promise<void> {
  const { specs, many } = await specsFromOptions(options, read);
  await printResults(specs, many, options.json, result, text);
}

/**
 * How an advise command reads its request: the check its flags give (`check`, named under
 * `check.` in messages, fields left unset out) and what its dice show (`shown`, each field set
 * by its flag in `shownFlags`).
 */
export function adviceReader<T>(
  parse: (spec: unknown, where: string) => T,
  checkFlags: Readonly<Record<string, string>>,
  shownFlags: Readonly<Record<string, string>>,
  request: () => { check: Record<string, unknown>; shown: Record<string, unknown> },
  words?: FlagWords,
): SpecReader<T> {
  const under = Object.entries(checkFlags).map(([f, flag]) => [`check.${f}`, flag]);
  return {
    parse,
    words,
    flags: { ...Object.fromEntries(under), ...shownFlags },
    fromFlags: () => {
      const { check, shown } = request();
      return { check: givenFields(check) ?? {}, ...shown };
    },
  };
}

/**
 * The fields of a nested part of a spec that flags set (say the weights), or undefined when
 * no flag set any, so the reader's defaults stand.
 * @example givenFields({ success: 2, strife: undefined }) // { success: 2 }
 */
export function givenFields(values: Record<string, unknown>): Record<string, unknown> | undefined {
  const given = Object.entries(values).filter(([, v]) => v !== undefined);
  return given.length > 0 ? Object.fromEntries(given) : undefined;
}

/**
 * How a message about the spec field a flag sets reads, by flag: what a flag the spec needs
 * expects when it is missing, in command-line terms ("one or more, such as --supporter 2:5",
 * where the spec's field says its JSON). Its value as typed, `runCli` quotes (see `sayAsTyped`).
 */
export interface FlagWords {
  readonly missing?: Readonly<Record<string, string>>;
}

/**
 * Rewrites a spec-field error as one about the flag that set the field ("pool[1]: …" is about
 * `--pool`), saying what a missing one expects as `words` give it, and names by their flags the
 * fields its advice names (the engine's "(boostsPerRoll, boostSize)" is "(--boosts,
 * --boost-size)"); other errors pass unchanged. The error's field is the flag when the refusal is
 * of its whole value, which `runCli` then quotes as typed; else the flag and the part
 * (`--ring-faces[1]`, one face: its value as the spec holds it stays).
 */
export function flagError(
  error: unknown,
  flags: Readonly<Record<string, string>>,
  words: FlagWords = {},
): unknown {
  if (!(error instanceof InputError)) return error;
  const message = error.naming?.((field) => flags[field] ?? field) ?? error.message;
  const field = error.field?.replace(/^\[\d+\]\./, '').replace(/\[\d+\].*$/, '');
  const flag = field === undefined ? undefined : flags[field];
  // Its fields named, the message has no other naming to keep.
  const { allowed } = error;
  if (!flag)
    return message === error.message ? error : new InputError(message, error.field, { allowed });
  const said = message.replace(/^[^:]+: /, '');
  const needed = words.missing?.[flag];
  if (needed !== undefined && said.startsWith('missing (')) return missing(flag, needed);
  const part = error.field!.replace(/^\[\d+\]\./, '').slice(field!.length);
  return new InputError(`${flag}: ${said}`, `${flag}${part}`, { allowed });
}

/**
 * Refuses a spec file holding several specs for a flag that writes one run's file (each run
 * would overwrite the one before).
 * @example oneSpecFor('--partial', specs, '--spec two.json') // not run: throws when specs holds more than one
 */
export function oneSpecFor(flag: string, specs: readonly unknown[], from: string): void {
  if (specs.length > 1)
    throw new InputError(
      `${flag}: writes one run's result, but ${from} holds ${specs.length} specs (expected one; simulate them one at a time)`,
      flag,
    );
}

/**
 * Works out and prints each spec's result as it goes, waiting for a slow reader (a pipe), so a
 * long spec file shows progress and holds a few results at a time: JSON (an array when the specs
 * came as an array, laid out as `JSON.stringify(results, null, 2)` would) or, for people, each
 * result's text with a blank line between; `text` lays out its prose (not its tables) by `prose`.
 */
export async function printResults<S, R>(
  specs: readonly S[],
  many: boolean,
  json: boolean | undefined,
  result: (spec: S) => R,
  text: (result: R, spec: S, prose: ProseLayout) => string,
): Promise<void> {
  if (json && !many) {
    await print(`${JSON.stringify(result(specs[0]!), null, 2)}\n`);
    return;
  }
  // Results go out in pieces: one write, and one JSON.stringify, of many results costs much less
  // than many of one. When results are slow to work out, a piece goes out PRINT_EVERY_MS after
  // the last. Date.now: a clock read per result, where performance.now costs microseconds.
  const prose = json ? (lines: readonly string[]) => [...lines] : await proseLayout();
  let piece: R[] = [];
  let printed = 0;
  let printedAt = Date.now();
  const printPiece = async () => {
    // Inside an array, JSON.stringify indents the items as the whole array would.
    const shown = json
      ? JSON.stringify(piece, null, 2).slice(2, -2)
      : piece.map((r, k) => text(r, specs[printed + k]!, prose)).join('\n\n');
    const before = printed === 0 ? (json ? '[\n' : '') : json ? ',\n' : '\n\n';
    printed += piece.length;
    piece = [];
    printedAt = Date.now();
    await print(before + shown);
  };
  for (const spec of specs) {
    piece.push(result(spec));
    if (piece.length >= PRINT_PIECE_RESULTS || Date.now() - printedAt >= PRINT_EVERY_MS)
      await printPiece();
  }
  if (piece.length > 0) await printPiece();
  await print(json ? (printed === 0 ? '[]\n' : '\n]\n') : '\n');
}

/** Writes to stdout, waiting for a slow reader to drain what is buffered. */
async function print(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

/** Results gathered before they are printed, and the time after which the next result prints. */
const PRINT_PIECE_RESULTS = 128;
const PRINT_EVERY_MS = 100;
