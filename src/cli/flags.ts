import { dirname } from 'node:path';
import { type Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { formatCount } from '../format/format-count.ts';
import { numberText } from '../input/field-schemas.ts';
import { invalid, showValue } from '../input/input-error.ts';
import { integerText } from '../input/integer-text.ts';
import { statIfSeen } from '../process/stat-if-any.ts';
import { CHART_NAME_ALLOWED, isChartName } from '../report/chart-file-names.ts';
import { folderProblem } from './write-files.ts';

/**
 * Commander argument parsers that reject bad values with a message naming what is allowed.
 * `runCli` names the flag (`--vs: "0" is not allowed …`), one line and exit status 2.
 */
export function integerFlag(min: number, max = Number.MAX_SAFE_INTEGER) {
  return withRange(min, max, (raw: string): number => {
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
      // Plain digits, as a spec's integer field says its bounds; the largest by its name too.
      const top = max === Number.MAX_SAFE_INTEGER ? countBound(max) : String(max);
      throw new InvalidArgumentError(
        `${JSON.stringify(raw)} is not allowed (expected ${integerText(min, top)})`,
      );
    }
    return value;
  });
}

/** The range each number flag's parser enforces, by the parser: what its help states. */
const RANGES = new WeakMap<object, string>();

/**
 * Records the range a number flag's parser enforces, so that its help states it (see
 * {@link describeRanges}): the one declaration of a flag's limits, which no help can forget.
 */
export function withRange<F extends object>(min: number, max: number, parse: F): F {
  RANGES.set(parse, rangeText(min, max));
  return parse;
}

/** `parse` enforcing the range `of` enforces, e.g. a flag that collects its values. */
export function sameRange<F extends object>(of: object, parse: F): F {
  const range = RANGES.get(of);
  if (range !== undefined) RANGES.set(parse, range);
  return parse;
}

/**
 * A range as every help states it: "1 to 50", counts with thousands separators, the largest
 * whole number a double holds by its name too.
 * @example rangeText(1, 86400) // "1 to 86,400"
 */
export function rangeText(min: number, max: number): string {
  return `${formatCount(min)} to ${countBound(max)}`;
}

/**
 * Writes into the help of every option of `command` and its commands whose parser enforces a
 * range (see {@link withRange}) that range, unless its description states it already: after what
 * the flag is, before its examples and a default it states ("Challenges, 1 to 50, e.g. 1-6 or
 * 2,4"; "…, 1 to 50 (default: 3)"). A number's default is written with thousands separators.
 */
export function describeRanges(command: Command): void {
  for (const option of command.options) {
    const range = option.parseArg && RANGES.get(option.parseArg);
    if (range === undefined || option.description.includes(range)) continue;
    const examples = option.description.indexOf(', e.g. ');
    const at = examples >= 0 ? examples : option.description.search(/ \(default: [\s\S]*\)$/);
    const [text, tail] =
      at < 0
        ? [option.description, '']
        : [option.description.slice(0, at), option.description.slice(at)];
    option.description = `${text}, ${range}${tail}`;
  }
  for (const option of command.options) {
    // A count's default as its range says its bounds (1,000,000), not commander's 1000000.
    const value = option.defaultValue;
    if (typeof value === 'number' && option.defaultValueDescription === undefined)
      option.defaultValueDescription = formatCount(value);
  }
  for (const sub of command.commands) describeRanges(sub as unknown as Command);
}

/**
 * An upper bound of a count as a message states it, with thousands separators as the count
 * flags' help does (1,073,741,824); the largest whole number a double holds exactly
 * (`Number.MAX_SAFE_INTEGER`, the ceiling of every count flag) by its name too.
 * @example countBound(Number.MAX_SAFE_INTEGER) // "9,007,199,254,740,991 (2^53 − 1)"
 * @example countBound(1073741824) // "1,073,741,824"
 */
export function countBound(max: number): string {
  return max === Number.MAX_SAFE_INTEGER ? `${formatCount(max)} (2^53 − 1)` : formatCount(max);
}

/** How a table is printed: for people, or CSV / JSON on stdout. */
export const OUTPUT_FORMATS = ['table', 'csv', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * `--format <format>`, one of {@link OUTPUT_FORMATS}, default `table`: the one definition every
 * command printing a table in a choice of formats adds (the analyses, `compare`, `ring-skill table`).
 */
export function formatOption() {
  return choicesOption(
    '--format <format>',
    'table for people, or csv / json on stdout',
    OUTPUT_FORMATS,
  ).default('table' as OutputFormat);
}

/**
 * An option of fixed choices: listed in --help as commander lists them, a value outside them
 * refused in the one-line words of {@link choiceFlag} (not commander's "Allowed choices are …").
 */
export function choicesOption<Usage extends string, T extends string>(
  flags: Usage,
  description: string,
  choices: readonly T[],
) {
  return new Option(flags, description).choices(choices).argParser(choiceFlag(choices));
}

/**
 * A number as people write one: decimal, with a sign, a point and an exponent allowed
 * (`Number` alone also reads "0x10" as 16, "0b11" as 3 and "0o7" as 7).
 */
const DECIMAL_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function numberFlag(min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY) {
  const parse = (raw: string): number => {
    const value = Number(raw);
    if (!DECIMAL_NUMBER.test(raw.trim()) || !Number.isFinite(value) || value < min || value > max) {
      // Its range as its help states it ("a number from 0 to 1,000,000"), else a spec's words.
      const allowed =
        Number.isFinite(min) && Number.isFinite(max)
          ? `a number from ${rangeText(min, max)}`
          : numberText(
              Number.isFinite(min) ? min : undefined,
              Number.isFinite(max) ? max : undefined,
            );
      throw new InvalidArgumentError(`${JSON.stringify(raw)} is not allowed (expected ${allowed})`);
    }
    return value;
  };
  return Number.isFinite(min) && Number.isFinite(max) ? withRange(min, max, parse) : parse;
}

/**
 * A comma list of whole numbers ("9,4"; "" for none when `emptyAllowed`): a part that is not a
 * whole number is refused here, a number out of range by the request's own check.
 */
export function faceListFlag(expected: string, emptyAllowed = false) {
  return (raw: string): number[] => {
    if (emptyAllowed && raw.trim() === '') return [];
    const parts = raw.split(',').map((part) => part.trim());
    if (parts.some((part) => !/^\d+$/.test(part))) {
      throw new InvalidArgumentError(
        `${JSON.stringify(raw)} is not allowed (expected ${expected})`,
      );
    }
    return parts.map(Number);
  };
}

export function choiceFlag<T extends string>(choices: readonly T[]) {
  return (raw: string): T => {
    if (!(choices as readonly string[]).includes(raw)) {
      throw new InvalidArgumentError(
        `${JSON.stringify(raw)} is not allowed (expected one of ${choices.join(', ')})`,
      );
    }
    return raw as T;
  };
}

/**
 * What is wrong with a path as typed, before the file system is asked: an empty name (which
 * would write nothing, or the working folder), or the next flag taken for it (`--out --quiet`
 * writes into a folder "--quiet").
 */
function nameProblem(raw: string): string | undefined {
  const blank = blankProblem(raw);
  if (blank) return blank;
  if (raw.startsWith('-'))
    return `it begins with "-" as a flag does (a folder or file of that name is ./${raw})`;
  return undefined;
}

/** What is wrong with a path that names nothing: empty, or blanks alone. */
function blankProblem(raw: string): string | undefined {
  if (raw === '') return 'its name is empty';
  // A name of spaces alone is an unset variable with a space around it, not a name anyone meant.
  if (raw.trim() === '') return 'its name is only blanks';
  return undefined;
}

/**
 * Refuses a path of a command's positional argument (`check [files...]`) that names nothing,
 * before any work, by the argument's name as `--help` shows it (`files: "" is not allowed
 * (expected a scenario file or folder, but its name is empty)`), as `merge` names its `parts`.
 * A name beginning with "-" is taken: commander passes one only after `--`, as it was meant.
 * @example pathArguments('files', ['scenarios'], 'a scenario file or folder') // undefined (nothing wrong)
 * @throws InputError naming the argument, the path and what is allowed.
 */
export function pathArguments(argument: string, paths: readonly string[], expected: string): void {
  for (const path of paths) {
    const problem = blankProblem(path);
    if (problem) throw invalid(argument, path, `${expected}, but ${problem}`);
  }
}

/**
 * A folder to write into (`--out <dir>`): an existing folder, or a path where one can be made.
 * Checked when the flag is read, before any work.
 * @example folderFlag('reports') // 'reports'
 */
export function folderFlag(raw: string): string {
  const problem = nameProblem(raw) ?? folderProblem(raw);
  if (problem)
    throw new InvalidArgumentError(
      `${showValue(raw)} is not allowed (expected a folder, but ${problem})`,
    );
  return raw;
}

/**
 * Checks a folder to write into that came from a default rather than from the flag (commander
 * does not parse defaults), before any work: the same rule and message as {@link folderFlag}.
 * @throws InputError naming the flag.
 */
export function checkFolder(flag: string, dir: string): void {
  const problem = folderProblem(dir);
  if (problem) throw invalid(flag, dir, `a folder, but ${problem}`);
}

/**
 * A file name stem (`--name <stem>`): what a chart's files may be called, refused as the flag
 * when read, before any work.
 * @example stemFlag('fights-c4') // 'fights-c4'
 */
export function stemFlag(raw: string): string {
  if (!isChartName(raw))
    throw new InvalidArgumentError(
      `${showValue(raw)} is not allowed (expected ${CHART_NAME_ALLOWED})`,
    );
  return raw;
}

/**
 * A file to read (`--spec <file>`), refused as {@link fileFlag} refuses a name that names
 * nothing or is the next flag; whether it exists and is a file, its reader says.
 * @example readFileFlag('roll.yaml') // 'roll.yaml'
 */
export function readFileFlag(raw: string): string {
  const named = nameProblem(raw);
  if (named)
    throw new InvalidArgumentError(
      `${showValue(raw)} is not allowed (expected a file, but ${named})`,
    );
  return raw;
}

/**
 * A file to read or to write (`--baseline <file>`, `--partial <file>`): not a folder, and no
 * file in the way of its folder. Whether it must exist is the command's to say.
 * @example fileFlag('reports/baseline.json') // 'reports/baseline.json'
 */
export function fileFlag(raw: string): string {
  readFileFlag(raw);
  const found = statIfSeen(raw);
  // folderProblem names its own path "it": here that is the file's folder, not the file.
  const inFolder = found ? undefined : folderProblem(dirname(raw));
  const problem = found?.isDirectory()
    ? 'it is a folder'
    : inFolder === 'it is a file'
      ? `${dirname(raw)} is a file, not a folder`
      : inFolder && `${inFolder}, not a folder`;
  if (problem)
    throw new InvalidArgumentError(
      `${showValue(raw)} is not allowed (expected a file, but ${problem})`,
    );
  return raw;
}

/**
 * A list of integers from min to max, as runs and single values: "1-6", "2,4", "3", "1-3,6" →
 * sorted distinct integers (`--intents`, `--vs` lists, the Ring and Skill table's `--rings`).
 * @example integerListFlag(1, 5)('1-3,5') // [1, 2, 3, 5]
 */
export function integerListFlag(min: number, max: number) {
  return withRange(min, max, (raw: string): number[] => {
    const values = new Set<number>();
    const allowed = `integers from ${min} to ${max}: a list such as ${min}-${max} or ${min},${max}`;
    for (const part of raw.split(',')) {
      const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
      const from = Number(m?.[1]);
      const to = m?.[2] === undefined ? from : Number(m[2]);
      if (!m || from < min || to > max || to < from || to - from > 1000)
        throw new InvalidArgumentError(
          `${JSON.stringify(raw)} is not allowed (expected ${allowed})`,
        );
      for (let x = from; x <= to; x++) values.add(x);
    }
    return [...values].sort((a, b) => a - b);
  });
}

/**
 * A list as it is typed on the command line (what {@link integerListFlag} reads back): runs of
 * consecutive integers as a range.
 * @example listText([0, 1, 2, 3, 6]) // "0-3,6"
 */
export function listText(values: readonly (number | string)[]): string {
  const parts: string[] = [];
  for (let i = 0; i < values.length; i++) {
    const from = values[i]!;
    let j = i;
    while (typeof from === 'number' && values[j + 1] === (values[j] as number) + 1) j++;
    parts.push(j > i + 1 ? `${from}-${values[j]}` : j > i ? `${from},${values[j]}` : `${from}`);
    i = j;
  }
  return parts.join(',');
}
