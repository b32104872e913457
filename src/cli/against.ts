import { Command, CommanderError, Option } from '@commander-js/extra-typings';
import { formatChange } from '../format/format-gain.ts';
import { InputError, invalid } from '../input/input-error.ts';
import { formatTable } from '../report/table.ts';
import { columnFormat } from '../report/table-cells.ts';
import type { AnalysisOutput } from '../report/zidara/analysis-output.ts';
import {
  WHAT_IF_SHAPES,
  type WhatIfAnalysis,
  type WhatIfRow,
  type WhatIfShape,
  type WhatIfUnit,
  whatIfPairs,
} from '../systems/zidara/analyses/what-if.ts';
import {
  flagAttribute,
  RULE_OPTION_NAMES,
  ruleOption,
} from '../systems/zidara/roll/rule-options.ts';
import { stopUntilPlaced } from './abort-on-sigint.ts';
import { refuseRepeatedFlags } from './refuse-repeated-flags.ts';
import { proseForStdout } from './terminal-prose.ts';
import { drawChartFiles } from './write-chart-files.ts';
import { writeFilesAtomically } from './write-files.ts';

/**
 * The flags `--against` may change: the character and the rules (every rule option's flag, see
 * `RULE_OPTIONS`), not what the analysis asks (steps, Challenges, the output). Each analysis
 * accepts those of them it has.
 */
const AGAINST_FLAGS = [
  'aura',
  ...RULE_OPTION_NAMES.map((name) => flagAttribute(ruleOption(name))),
  'titles',
  'policy',
  'rerolls',
];

/**
 * The help of `--against` for `command`: the flags it may set named from the command's own
 * options (see {@link againstOptions}), so that none is named that the analysis has not.
 */
export function againstHelp(command: unknown, asked: readonly string[] = []): string {
  const own = againstOptions(command, asked);
  const switches = own
    .filter((o) => !o.required && !o.optional)
    .map((o) => `--no-${o.long!.slice(2)}`);
  const sets = `FLAGS may set the character and rule flags of this analysis: ${own.map((o) => o.long).join(', ')}${
    switches.length === 0
      ? '.'
      : `; ${listed(switches)} turn${switches.length === 1 ? 's' : ''} a flag off.`
  }`;
  return `
What if (for designers): --against "FLAGS" runs the analysis a second time with FLAGS changed
and prints both side by side with the change (chances in percentage points):
  --against "--aura-max 3 --boosts 0"     a smaller Aura cap and no +2
  --against "--defending"  --against "--explode"  --against "--late-aura --aura 2"
${wrapped(sets)}
With --format csv or json, every figure of both runs is given (tune --target: both runs' answer
points too, after the grid); with --out, the second run's chart files are named <name>-against.`;
}

/** "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Text cut into lines of at most 96 characters, at spaces, as the help around it is. */
function wrapped(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > 96) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].join('\n');
}

/**
 * The options of `command` that `--against` may set: its character and rule flags, but those
 * `asked` (see {@link againstFlags}).
 */
function againstOptions(command: unknown, asked: readonly string[]): Option[] {
  return (command as Command).options.filter(
    (o) => AGAINST_FLAGS.includes(o.attributeName()) && !asked.includes(o.attributeName()),
  ) as Option[];
}

/**
 * The flags `raw` sets, read by the command's own options (the same parsers, limits and
 * names), keeping only those given: they override the command's flags for the second run.
 * `asked` names the command's options that share a character flag's name but state what the
 * analysis asks (rerolls' `--resolve` levels): they stay as given, so every row has a partner.
 */
export function againstFlags(
  command: unknown,
  raw: string,
  asked: readonly string[] = [],
): Record<string, unknown> {
  const tokens = raw.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0)
    throw new InputError('--against: no flags given (expected e.g. --against "--aura-max 3")');
  const own = againstOptions(command, asked);
  const allowed = mayText(command);
  for (const option of (command as Command).options) {
    const long = option.long!;
    if (asked.includes(option.attributeName()) && tokens.some((t) => t.split('=')[0] === long))
      throw invalid(
        '--against',
        raw,
        `no ${long}: the analysis asks it, kept as given so that every row has a partner; ${allowed}`,
      );
  }
  // No help of its own (commander's would print to nowhere and throw its internal "(outputHelp)").
  const help = tokens.find((t) => t === '--help' || t === '-h');
  if (help !== undefined)
    throw new InputError(
      `--against: ${help} is not a flag it may set (${help} goes outside --against; ${allowed})`,
      '--against',
    );
  const parser = new Command('against')
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} })
    .helpOption(false)
    .allowExcessArguments(false);
  for (const option of own) {
    parser.addOption(option);
    if (!option.required && !option.optional)
      parser.addOption(new Option(`--no-${option.long!.slice(2)}`));
  }
  // A flag given twice, or with its --no-…, is refused as on the command line (not the last kept).
  refuseRepeatedFlags(parser as unknown as Command);
  try {
    parser.parse(tokens, { from: 'user' });
  } catch (error) {
    if (error instanceof InputError)
      throw new InputError(`--against: ${error.message}`, '--against');
    if (!(error instanceof CommanderError)) throw error;
    // Commander puts its suggestion ("(Did you mean --boosts?)") on a line of its own.
    const said = error.message
      .replace(/^error: /, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ')
      .replace(/\.$/, '');
    throw new InputError(`--against: ${said} (${allowed})`);
  }
  const values = parser.opts() as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(values)
      .filter((name) => parser.getOptionValueSource(name) === 'cli')
      .map((name) => [name, values[name]]),
  );
}

/**
 * What `--against` may set, as a refusal says it: the rule and where the flags are listed, not
 * the list, which grows with every rule option (listed, a refusal outgrew a message's line).
 */
function mayText(command: unknown): string {
  const names: string[] = [];
  for (let c = command as Command | null; c; c = c.parent as Command | null)
    names.unshift(c.name());
  return `it may set the character and rule flags \`${names.join(' ')} --help\` lists under --against`;
}

/** The long flag of `command`'s option `name` ("boostSize": "--boost-size"). */
function longOf(command: unknown, name: string): string {
  return (command as Command).options.find((o) => o.attributeName() === name)?.long ?? name;
}

/** A flag's value as a question line says it: "on", "off", "1,3"; no --aura, a full pool. */
function shownValue(name: string, value: unknown, base: Record<string, unknown>): string {
  // No --aura is a full pool (a scene starts full), not a switch left off.
  if (name === 'aura' && value === undefined) return `full (${String(base.auraMax)})`;
  if (value === undefined || value === false) return 'off';
  if (value === true) return 'on';
  return Array.isArray(value) ? value.join(',') : String(value);
}

/**
 * The setting a flag's value stands for, so that two values of one setting compare: a switch
 * left off is off, and no --aura is the Aura cap in force (a scene starts full).
 */
function settingOf(name: string, value: unknown, base: Record<string, unknown>): string {
  if (name === 'aura' && value === undefined) return String(base.auraMax);
  return JSON.stringify(value ?? false);
}

/** What changed, for people: "--aura-max 5 → 3, --boosts 1 → 0". */
export function describeChange(
  command: unknown,
  base: Record<string, unknown>,
  changed: Record<string, unknown>,
): string {
  return Object.entries(changed)
    .map(
      ([name, value]) =>
        `${longOf(command, name)} ${shownValue(name, base[name], base)} → ${shownValue(name, value, base)}`,
    )
    .join(', ');
}

/**
 * Refuses an `--against` (`raw`, its flags `changed`) whose every flag keeps the value already in
 * force: both runs would ask the same question, a table of changes that are all none. Refused as
 * a flag that would change nothing is (a switch given twice, --explode-depth alone), before
 * either run is spent, most likely a slip for another value.
 * @example refuseNoChange(splitsCommand, { boostSize: 2 }, { boostSize: 2 }, '--boost-size 2')
 * // not run: needs the analysis' parsed command; throws '--against: "--boost-size 2" is not allowed (expected a change: --boost-size is already 2, …)'
 */
export function refuseNoChange(
  command: unknown,
  base: Record<string, unknown>,
  changed: Record<string, unknown>,
  raw: string,
): void {
  const names = Object.keys(changed);
  const same = (name: string) =>
    settingOf(name, changed[name], base) === settingOf(name, base[name], base);
  if (names.length === 0 || !names.every(same)) return;
  const already = names.map(
    (name) => `${longOf(command, name)} is already ${shownValue(name, base[name], base)}`,
  );
  throw invalid(
    '--against',
    raw,
    `a change: ${listed(already)}, so both runs would ask the same question`,
  );
}

/** The figures a terminal shows of an analysis' comparison (its `printed`; CSV and JSON have all). */
function printedFigures(analysis: WhatIfAnalysis, objective?: string): readonly string[] {
  // The flags are the options the command parsed (the objective one of its choices).
  const shape = WHAT_IF_SHAPES[analysis] as WhatIfShape<Record<string, unknown>, unknown>;
  return shape.printed?.({ objective }) ?? Object.keys(shape.figures);
}

/** The name of the --against run's chart, written beside the given run's chart `name`. */
export function againstChartName(name: string): string {
  return `${name}-against`;
}

/** What {@link emitWhatIf} reads of the command's flags. */
interface WhatIfFlags {
  format: string;
  out?: string | undefined;
  top?: number | undefined;
  objective?: string | undefined;
}

/**
 * Prints an analysis under two settings (and with --out writes both charts' files first, a
 * signal stopping it at once until they are in place and let be from then on, see
 * stopUntilPlaced): a table of each row's figures under both and the change; CSV and JSON carry
 * every figure.
 */
export async function emitWhatIf(
  base: AnalysisOutput,
  against: AnalysisOutput,
  flags: WhatIfFlags,
  change: string,
): Promise<void> {
  if (flags.out === undefined) return printWhatIf(base, against, flags, change, () => {});
  await stopUntilPlaced((placed) => printWhatIf(base, against, flags, change, placed));
}

async function printWhatIf(
  base: AnalysisOutput,
  against: AnalysisOutput,
  flags: WhatIfFlags,
  change: string,
  placed: () => void,
): Promise<void> {
  const analysis = base.analysis as WhatIfAnalysis;
  const shape = WHAT_IF_SHAPES[analysis];
  let rows = whatIfPairs<Record<string, unknown>>(base.rows, against.rows, shape);
  if (flags.top !== undefined) rows = rows.slice(0, flags.top);
  // The CSV's rows past the analysis' rows, what the findings answer (a tune's target: its
  // points, `answer` saying which), pair as the rows do, on the keys and the CSV's own columns:
  // a point both runs answer alike is one row with its change, else each run's is a row of its own.
  const csvOnly = base.csvColumns
    .map((c) => c.key)
    .filter((key) => !base.columns.some((c) => c.key === key));
  const answers =
    base.csvRows.length > base.rows.length || against.csvRows.length > against.rows.length
      ? whatIfPairs<Record<string, unknown>>(
          base.csvRows.slice(base.rows.length),
          against.csvRows.slice(against.rows.length),
          { ...shape, keys: [...shape.keys, ...csvOnly] },
        )
      : [];
  if (flags.out !== undefined) {
    // Both charts drawn, then written in one batch: a failure leaves neither, and says one line.
    const charts = await Promise.all(
      [base, against].map((output) =>
        drawChartFiles(output === base ? base.name : againstChartName(base.name), {
          spec: output.spec,
          rows: output.csvRows,
          columns: output.csvColumns,
        }),
      ),
    );
    const written = await writeFilesAtomically(
      flags.out,
      charts.flatMap((chart) => chart.toWrite),
      undefined,
      placed,
    );
    process.stderr.write(`wrote ${written.join(', ')}\n`);
  }
  // The analysis' own table names each field and says how its value reads ("C3 (d6)", "reroll
  // one die"): the keys of a row read as in its table; a field only CSV carries, by its header.
  const column = (key: string) => base.columns.find((c) => c.key === key);
  const header = (key: string) =>
    column(key)?.header ?? base.csvColumns.find((c) => c.key === key)?.header ?? key;
  const units = shape.figures as Readonly<Record<string, WhatIfUnit>>;
  if (flags.format === 'json') {
    const json = {
      analysis: base.analysis,
      title: base.title,
      against: change,
      findings: { base: base.findings, against: against.findings },
      rows,
      ...(answers.length ? { answerPoints: answers } : {}),
      ...(base.details || against.details
        ? { details: { base: base.details, against: against.details } }
        : {}),
    };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    return;
  }
  if (flags.format === 'csv') {
    const flat = [...rows, ...answers].map((row) => {
      const out: Record<string, unknown> = { ...row.key };
      for (const figure of Object.keys(units)) {
        out[figure] = row.base?.[figure] ?? null;
        out[`${figure}Against`] = row.against?.[figure] ?? null;
        out[`${figure}Change`] = row.change[figure] ?? null;
      }
      return out;
    });
    const columns = [
      ...shape.keys.map((key) => ({ key, header: header(key) })),
      ...Object.keys(units).flatMap((figure) => [
        { key: figure, header: header(figure) },
        { key: `${figure}Against`, header: `${header(figure)} (against)` },
        { key: `${figure}Change`, header: `${header(figure)} change` },
      ]),
      ...(answers.length ? csvOnly.map((key) => ({ key, header: header(key) })) : []),
    ];
    const { toCsv } = await import('../report/csv.ts');
    process.stdout.write(toCsv(flat, columns));
    return;
  }
  const printed = printedFigures(analysis, flags.objective);
  // Each figure reads as the analysis' own table reads its column (a chance as a percentage, a
  // fight's won-within never 100% while the fight may go on, Aura gained to 3 decimals…).
  const format = (key: string) => columnFormat(column(key));
  const cell = (figure: string, row: Record<string, unknown> | null) => {
    const value = row?.[figure];
    return row === null || value === null || value === undefined ? '—' : format(figure)(value, row);
  };
  // A change in the column's own format, signed: a chance's in points; one that reads as none
  // at the column's digits, ± (see formatChange).
  const changeCell = (
    unit: WhatIfUnit,
    row: WhatIfRow<Record<string, unknown>>,
    figure: string,
  ) => {
    const d = row.change[figure];
    if (unit === 'text') return d === 0 ? 'same' : row.base && row.against ? 'changed' : '—';
    if (d === null || d === undefined) return '—';
    if (unit === 'chance') return formatChange(d);
    return formatChange(d, (size) => format(figure)(size, (row.base ?? row.against)!));
  };
  type Cells = Record<string, string>;
  const table: Cells[] = rows.map((row) => {
    const cells: Cells = {};
    const named = (row.base ?? row.against)!;
    for (const key of shape.keys) cells[key] = format(key)(row.key[key], named);
    for (const figure of printed) {
      const unit = units[figure]!;
      cells[figure] = cell(figure, row.base);
      cells[`${figure}Against`] = cell(figure, row.against);
      cells[`${figure}Change`] = changeCell(unit, row, figure);
    }
    return cells;
  });
  const numericKey = (key: string) => rows.every((row) => typeof row.key[key] === 'number');
  const columns = [
    ...shape.keys.map((key) => ({
      key,
      header: header(key),
      align: numericKey(key) ? ('right' as const) : ('left' as const),
    })),
    ...printed.flatMap((figure) => [
      { key: figure, header: header(figure), align: 'right' as const },
      { key: `${figure}Against`, header: 'against', align: 'right' as const },
      { key: `${figure}Change`, header: 'change', align: 'right' as const },
    ]),
  ];
  // Under the title, what the given run was made with, as its own table says it (the character
  // the Aura of, say, a starting --aura 2 is told in); the question names what the other changes.
  const text = [
    ...(await proseForStdout([base.title, ...base.subtitle, `What if ${change}?`])),
    '',
    formatTable(columns, table),
  ].join('\n');
  const findings = await proseForStdout([
    ...base.findings.map((f) => `As given: ${f}`),
    ...against.findings.map((f) => `Against: ${f}`),
  ]);
  process.stdout.write(`${text}${findings.length ? `\n\n${findings.join('\n')}` : ''}\n`);
}
