import { type Command, InvalidArgumentError, type OptionValues } from '@commander-js/extra-typings';
import { countOf } from '../format/format-count.ts';
import { formatFraction } from '../format/format-fraction.ts';
import { formatPercent } from '../format/format-percent.ts';
import { formatProbability } from '../format/format-probability.ts';
import { WORTH_LIMIT } from '../input/field-schemas.ts';
import type { Column } from '../report/column.ts';
import { formatTable } from '../report/table.ts';
import { type D12ActionResult, d12ActionOdds } from '../systems/d12-action/exact.ts';
import { actionLuck } from '../systems/d12-action/plan.ts';
import type { D12ActionSimulation } from '../systems/d12-action/simulate.ts';
import {
  D12_DEFAULTS,
  D12_LIMITS,
  D12_ROLLS,
  parseD12ActionSpec,
  STACKED_POLICIES,
  type SupporterSpec,
} from '../systems/d12-action/spec.ts';
import { choiceFlag, integerFlag, numberFlag, rangeText } from './flags.ts';
import { oddsAndSimulate } from './odds-and-simulate.ts';
import { outcomeTable, simulatedMean, simulatedTable, stoppedEarly } from './outcome-table.ts';
import { addSpecAndJsonOptions, type FlagWords, givenFields } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';

/** Spec fields and the flags that set them, for messages about flags. */
export const FLAGS: Record<string, string> = {
  roll: '--roll',
  rating: '--rating',
  capacity: '--capacity',
  tokens: '--tokens',
  policy: '--policy',
  supporters: '--supporter',
  tokenValue: '--token-value',
  'utilities.criticalSuccess': '--critical-success-utility',
  'utilities.success': '--success-utility',
  'utilities.failure': '--failure-utility',
  'utilities.criticalFailure': '--critical-failure-utility',
};

interface RollFlags {
  roll?: string | undefined;
  rating?: number | undefined;
  capacity?: number | undefined;
  tokens?: number | undefined;
  reckless?: true | undefined;
  demoralized?: true | undefined;
  policy?: string | undefined;
  supporter?: SupporterSpec[] | undefined;
  criticalSuccessUtility?: number | undefined;
  successUtility?: number | undefined;
  failureUtility?: number | undefined;
  criticalFailureUtility?: number | undefined;
  tokenValue?: number | undefined;
}

const SUPPORTER_SYNTAX = `rating:capacity[:tokens][:reckless][:demoralized] (rating and capacity ${rangeText(0, D12_LIMITS.rating)}, tokens ${rangeText(0, D12_LIMITS.tokens)}), e.g. 2:5 or 1:3:6:reckless`;

/** What `odds` and `simulate` call the DM's expected interruption tokens: one label for both. */
const INTERRUPTION_TOKENS = 'DM interruption tokens';

/** `--capacity`'s help but for the capacity roll, which advise (a stacked roll) leaves out. */
export const CAPACITY_HELP = 'capacity score (proficiency is rating + capacity)';

/**
 * Parses one `--supporter` (rating:capacity[:tokens][:reckless][:demoralized]) onto the list.
 * @example supporterFlag('1:3:reckless', []) // [{ rating: 1, capacity: 3, reckless: true }]
 */
export function supporterFlag(raw: string, previous?: SupporterSpec[]): SupporterSpec[] {
  const parts = raw.split(':').map((p) => p.trim());
  const fail = () =>
    new InvalidArgumentError(
      `${JSON.stringify(raw)} is not allowed (expected ${SUPPORTER_SYNTAX})`,
    );
  const int = (text: string | undefined, max: number) => {
    if (text === undefined || !/^\d+$/.test(text) || Number(text) > max) throw fail();
    return Number(text);
  };
  const s: SupporterSpec = {
    rating: int(parts[0], D12_LIMITS.rating),
    capacity: int(parts[1], D12_LIMITS.capacity),
  };
  for (const part of parts.slice(2)) {
    if (part === 'reckless' && !s.reckless) s.reckless = true;
    else if (part === 'demoralized' && !s.demoralized) s.demoralized = true;
    else if (/^\d+$/.test(part) && s.tokens === undefined && !s.reckless && !s.demoralized)
      s.tokens = int(part, D12_LIMITS.tokens);
    else throw fail();
  }
  return [...(previous ?? []), s];
}

/**
 * A supporter as `--supporter` takes it, options and all (what {@link supporterFlag} reads).
 * @example supporterText({ rating: 1, capacity: 3, tokens: 6, reckless: true }) // "1:3:6:reckless"
 */
export function supporterText(s: SupporterSpec): string {
  const options = [
    ...(s.tokens ? [s.tokens] : []),
    ...(s.reckless ? ['reckless'] : []),
    ...(s.demoralized ? ['demoralized'] : []),
  ];
  return [s.rating, s.capacity, ...options].join(':');
}

/** The options every d12-action roll command shares. */
export function rollOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  Global extends OptionValues,
>(command: Command<Args, Opts, Global>) {
  const flags = command
    .option('--roll <kind>', `the roll: ${D12_ROLLS.join(', ')}`, choiceFlag(D12_ROLLS))
    .option(
      '--rating <n>',
      'action rating (risky and stacked rolls roll rating + 2 dice)',
      integerFlag(0, D12_LIMITS.rating),
    )
    .option(
      '--capacity <n>',
      `${CAPACITY_HELP}; a capacity roll passes on 1d12 <= capacity`,
      integerFlag(0, D12_LIMITS.capacity),
    )
    .option(
      '--tokens <n>',
      `balance tokens held, each lowering one die by 1 (default: ${D12_DEFAULTS.tokens})`,
      integerFlag(0, D12_LIMITS.tokens),
    )
    .option('--reckless', 'Reckless: no safe roll')
    .option('--demoralized', 'Demoralized: no balance tokens gained')
    .option(
      '--policy <policy>',
      `stacked rolls: when to stop, ${STACKED_POLICIES.join(' or ')} (default: ${D12_DEFAULTS.policy})`,
      choiceFlag(STACKED_POLICIES),
    )
    .option(
      '--supporter <r:c>',
      `group rolls: one supporter (repeat the flag, ${rangeText(1, D12_LIMITS.supporters)} of them), ${SUPPORTER_SYNTAX}`,
      supporterFlag,
    )
    .option(
      '--critical-success-utility <u>',
      `utility of a critical success (default: ${D12_DEFAULTS.utilities.criticalSuccess})`,
      numberFlag(-WORTH_LIMIT, WORTH_LIMIT),
    )
    .option(
      '--success-utility <u>',
      `utility of a success (default: ${D12_DEFAULTS.utilities.success})`,
      numberFlag(-WORTH_LIMIT, WORTH_LIMIT),
    )
    .option(
      '--failure-utility <u>',
      `utility of a failure (default: ${D12_DEFAULTS.utilities.failure})`,
      numberFlag(-WORTH_LIMIT, WORTH_LIMIT),
    )
    .option(
      '--critical-failure-utility <u>',
      `utility of a critical failure (default: ${D12_DEFAULTS.utilities.criticalFailure})`,
      numberFlag(-WORTH_LIMIT, WORTH_LIMIT),
    )
    .option(
      '--token-value <v>',
      `utility lost per balance token spent (default: ${D12_DEFAULTS.tokenValue})`,
      numberFlag(0, WORTH_LIMIT),
    );
  return addSpecAndJsonOptions(flags);
}

/** The spec the roll flags give (unset flags left out by the reader). */
export function specFromFlags(o: RollFlags): Record<string, unknown> {
  const utilities = {
    criticalSuccess: o.criticalSuccessUtility,
    success: o.successUtility,
    failure: o.failureUtility,
    criticalFailure: o.criticalFailureUtility,
  };
  return {
    roll: o.roll,
    rating: o.rating,
    capacity: o.capacity,
    tokens: o.tokens,
    reckless: o.reckless,
    demoralized: o.demoralized,
    policy: o.policy,
    supporters: o.supporter,
    utilities: givenFields(utilities),
    tokenValue: o.tokenValue,
  };
}

/** What a group roll's missing supporters are in flags (the spec's field says its JSON). */
export function rollFlagWords(): FlagWords {
  return { missing: { '--supporter': 'one or more, such as --supporter 2:5' } };
}

/** The d12-action roll: its flags, and the spec they give. */
const D12_COMMANDS = oddsAndSimulate((command: Command) => rollOptions(command), {
  parse: parseD12ActionSpec,
  flags: FLAGS,
  fromFlags: specFromFlags,
  words: rollFlagWords,
});

/**
 * `dicelab d12-action odds --roll safe|risky|stacked|capacity|group --rating R --capacity C
 * --tokens T …` and `dicelab d12-action simulate …`: the four outcomes (pass/fail for a capacity
 * roll) with tokens, stopping and support played optimally.
 */
export function registerD12Action(program: Command) {
  const system = program
    .command('d12-action')
    .description(
      'd12 action rolls: safe, risky, stacked, group and capacity rolls, balance tokens',
    );

  D12_COMMANDS.addOdds(system, {
    description: 'exact outcome chances with optimal token use, expected utility and tokens',
    result: d12ActionOdds,
    text: d12Text,
  });
  D12_COMMANDS.addSimulate(system, {
    description: 'Monte Carlo estimate, same decisions',
    kernel: 'systems/d12-action/simulate',
    text: (s: D12ActionSimulation, prose) =>
      [
        ...prose([`${describe(s.spec)}: ${countOf(s.trials, 'trial')}${stoppedEarly(s)}`]),
        simulatedTable(s.outcomes),
        ...prose([
          ...(s.expectedUtility ? [simulatedMean('expected utility', s.expectedUtility)] : []),
          // A capacity roll spends no tokens: the ones held only cap those it gains.
          ...(s.spec.roll === 'capacity'
            ? []
            : [simulatedMean('tokens spent', s.expectedTokensSpent)]),
          simulatedMean('balance tokens gained', s.expectedBalanceTokens),
          simulatedMean(INTERRUPTION_TOKENS, s.expectedInterruptionTokens),
        ]),
        ...(s.supporters
          ? [
              ...prose([
                'The supporters choose together (best for the lead), their shares of the trials:',
              ]),
              supportersTable(s.spec, s.supporters),
            ]
          : []),
      ].join('\n'),
  });
  return system;
}

function describe(spec: D12ActionResult['spec']): string {
  const flags = [spec.reckless ? 'reckless' : '', spec.demoralized ? 'demoralized' : ''].filter(
    Boolean,
  );
  const tokens = `${spec.tokens} token${spec.tokens === 1 ? '' : 's'}`;
  const extra = flags.length ? `, ${flags.join(', ')}` : '';
  switch (spec.roll) {
    case 'capacity':
      return `capacity roll, capacity ${spec.capacity}, ${tokens}${extra}`;
    case 'safe':
      return `safe roll, proficiency ${spec.rating + spec.capacity} (rating ${spec.rating} + capacity ${spec.capacity}), ${tokens}${extra}`;
    case 'risky':
      return `risky roll, ${actionLuck(spec.rating)} dice (rating ${spec.rating}), ${tokens}${extra}`;
    case 'stacked':
      return `stacked roll, ${actionLuck(spec.rating)} dice against proficiency ${spec.rating + spec.capacity}, ${tokens}, ${spec.policy}${extra}`;
    case 'group':
      return `group roll, lead rating ${spec.rating} (${actionLuck(spec.rating)} dice before support), ${tokens}, ${spec.supporters.length} supporter${spec.supporters.length === 1 ? '' : 's'}${extra}`;
  }
}

function d12Text(r: D12ActionResult, prose: ProseLayout): string {
  const lines = [...prose([describe(r.spec)]), outcomeTable(r.outcomes)];
  // keep-first-success is a named rule, not the optimum: only its token spends are the best.
  const play = r.spec.policy === 'optimal' ? 'optimal play' : `${r.spec.policy}, best token spends`;
  if (r.expectedUtility !== undefined)
    lines.push(
      ...prose([
        `expected utility (${play}): ${formatProbability(r.expectedUtility)} = ${formatFraction(r.expectedUtilityFraction)}`,
      ]),
    );
  const spent =
    r.spec.roll === 'capacity' ? '' : `tokens spent ${formatProbability(r.expectedTokensSpent)}, `;
  lines.push(
    ...prose([
      `${spent}balance tokens gained ${formatProbability(r.expectedBalanceTokens)}, ${INTERRUPTION_TOKENS} ${formatProbability(r.expectedInterruptionTokens)} (expected)`,
    ]),
  );
  if (r.supporters)
    lines.push(
      ...prose(['The supporters choose together (best for the lead):']),
      supportersTable(r.spec, r.supporters),
    );
  return lines.join('\n');
}

/** A row of the supporters' table. */
interface SupporterRow {
  who: string;
  roll: string;
  cs: number;
  s: number;
  f: number;
  cf: number;
  gained: number | undefined;
}

/** The supporters' table's columns; its last, the balance tokens, is the exact answer's only. */
const SUPPORTER_COLUMNS: Column<SupporterRow>[] = [
  { key: 'who', header: 'supporter' },
  { key: 'roll', header: 'rolls' },
  { key: 'cs', header: 'crit. success', format: (p) => formatPercent(p) },
  { key: 's', header: 'success', format: (p) => formatPercent(p) },
  { key: 'f', header: 'failure', format: (p) => formatPercent(p) },
  { key: 'cf', header: 'crit. failure', format: (p) => formatPercent(p) },
  { key: 'gained', header: 'balance tokens', format: (x) => formatProbability(x!) },
];

/**
 * The supporters' rolls and outcome chances, each named as `--supporter` took it; exact ones
 * (odds) with their expected balance tokens, simulated ones (shares) without.
 */
function supportersTable(
  spec: D12ActionResult['spec'],
  supporters: readonly {
    roll: string;
    outcomes: readonly { p: number }[];
    expectedBalanceTokens?: number;
  }[],
): string {
  const exact = supporters.every((s) => s.expectedBalanceTokens !== undefined);
  return formatTable(
    exact ? SUPPORTER_COLUMNS : SUPPORTER_COLUMNS.slice(0, -1),
    supporters.map((s, i) => ({
      who: `${i + 1} (${supporterText(spec.supporters[i]!)})`,
      roll: s.roll,
      cs: s.outcomes[0]!.p,
      s: s.outcomes[1]!.p,
      f: s.outcomes[2]!.p,
      cf: s.outcomes[3]!.p,
      gained: s.expectedBalanceTokens,
    })),
  );
}
