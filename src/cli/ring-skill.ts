import { setFlagsFromString } from 'node:v8';
import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { countOf } from '../format/format-count.ts';
import { formatPercent } from '../format/format-percent.ts';
import { formatProbability } from '../format/format-probability.ts';
import { WORTH_LIMIT } from '../input/field-schemas.ts';
import { InputError, showValue } from '../input/input-error.ts';
import type { Column } from '../report/column.ts';
import { formatTable } from '../report/table.ts';
import { type RingSkillResult, ringSkillOdds } from '../systems/ring-skill/exact.ts';
import type { RingSkillSimulation } from '../systems/ring-skill/simulate.ts';
import {
  OBJECTIVES,
  parseRingSkillSpec,
  RING_SKILL_DEFAULTS,
  RING_SKILL_LIMITS,
} from '../systems/ring-skill/spec.ts';
import {
  RING_SKILL_TABLE_DEFAULTS,
  type RingSkillTableRow,
  ringSkillTable,
} from '../systems/ring-skill/table.ts';
import {
  choiceFlag,
  formatOption,
  integerFlag,
  integerListFlag,
  listText,
  numberFlag,
  type OutputFormat,
} from './flags.ts';
import { oddsAndSimulate } from './odds-and-simulate.ts';
import { outcomeTable, simulatedMean, simulatedTable, stoppedEarly } from './outcome-table.ts';
import { addSpecAndJsonOptions, givenFields } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';

/** Spec fields and the flags that set them, for messages about flags. */
export const FLAGS: Record<string, string> = {
  ring: '--ring',
  skill: '--skill',
  tn: '--tn',
  explodeDepth: '--explode-depth',
  rerolls: '--rerolls',
  objective: '--objective',
  weights: '--weight-success',
  'weights.success': '--weight-success',
  'weights.bonusSuccess': '--weight-bonus',
  'weights.opportunity': '--weight-opportunity',
  'weights.strife': '--weight-strife',
};

interface CheckFlags {
  ring?: number | undefined;
  skill?: number | undefined;
  tn?: number | undefined;
  explodeDepth?: number | undefined;
  rerolls?: number | undefined;
  objective?: string | undefined;
  weightSuccess?: number | undefined;
  weightBonus?: number | undefined;
  weightOpportunity?: number | undefined;
  weightStrife?: number | undefined;
}

const L = RING_SKILL_LIMITS;
const T = RING_SKILL_TABLE_DEFAULTS;
const W = RING_SKILL_DEFAULTS.weights;

/** `--explode-depth`, for a check and for the table alike. */
function explodeDepthOption() {
  return new Option(
    '--explode-depth <n>',
    `most explosion waves rolled (default: ${RING_SKILL_DEFAULTS.explodeDepth})`,
  ).argParser(integerFlag(0, L.explodeDepth));
}

/** The options every ring-skill check command shares. */
export function checkOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  Global extends OptionValues,
>(command: Command<Args, Opts, Global>) {
  const flags = command
    .option('--ring <n>', 'Ring dice (d6), also the most dice kept', integerFlag(1, L.ring))
    .option('--skill <n>', 'Skill dice (d12)', integerFlag(0, L.skill))
    .option('--tn <n>', 'target number of successes', integerFlag(1, L.tn))
    .addOption(explodeDepthOption())
    .option(
      '--rerolls <n>',
      `dice of the first roll that may be rerolled once (default: ${RING_SKILL_DEFAULTS.rerolls})`,
      integerFlag(0, L.rerolls),
    )
    .option(
      '--objective <name>',
      `what keeping plays for: ${OBJECTIVES.join(', ')} (default: ${RING_SKILL_DEFAULTS.objective})`,
      choiceFlag(OBJECTIVES),
    )
    .option(
      '--weight-success <w>',
      `weighted objective: value of succeeding (default: ${W.success})`,
      numberFlag(-WORTH_LIMIT, WORTH_LIMIT),
    )
    .option(
      '--weight-bonus <w>',
      `weighted objective: value per bonus success (default: ${W.bonusSuccess})`,
      numberFlag(-WORTH_LIMIT, WORTH_LIMIT),
    )
    .option(
      '--weight-opportunity <w>',
      `weighted objective: value per opportunity (default: ${W.opportunity})`,
      numberFlag(-WORTH_LIMIT, WORTH_LIMIT),
    )
    .option(
      '--weight-strife <w>',
      `weighted objective: value per strife, negative is a cost (default: ${W.strife})`,
      numberFlag(-WORTH_LIMIT, WORTH_LIMIT),
    );
  return addSpecAndJsonOptions(flags);
}

/** The spec the check flags give (unset flags left out by the reader). */
export function specFromFlags(o: CheckFlags): Record<string, unknown> {
  const weights = {
    success: o.weightSuccess,
    bonusSuccess: o.weightBonus,
    opportunity: o.weightOpportunity,
    strife: o.weightStrife,
  };
  return {
    ring: o.ring,
    skill: o.skill,
    tn: o.tn,
    explodeDepth: o.explodeDepth,
    rerolls: o.rerolls,
    objective: o.objective,
    weights: givenFields(weights),
  };
}

/**
 * The exact commands' V8 inlining budget, in bytecode bytes per optimised function (V8's default
 * is 920). The solver is dozens of mid-sized functions, each hot for a few milliseconds: with the
 * default, the one background compiler (two cores) spends tens of milliseconds on each large
 * inlined body while its loops wait in the slower tiers. Measured through the CLI, medians of 11:
 * the slowest check 331 → 306 ms, ring 5 + skill 5 at TN 5 242 → 222 ms, start-up unchanged.
 * Not for `simulate`: its workers' kernels run for seconds, and ran 5% slower with it (1.49 → 1.57 s).
 */
const EXACT_INLINING_BUDGET = '--max-inlined-bytecode-size-cumulative=200';

/** The ring-skill check: its flags, and the spec they give. */
const RING_SKILL_COMMANDS = oddsAndSimulate((command: Command) => checkOptions(command), {
  parse: parseRingSkillSpec,
  flags: FLAGS,
  fromFlags: specFromFlags,
});

/**
 * `dicelab ring-skill odds --ring R --skill S --tn T [--explode-depth D] [--rerolls N]
 * [--objective …]`, `dicelab ring-skill table [--format table|csv|json]` and `dicelab ring-skill simulate …`:
 * L5R Ring and Skill dice with optimal keeping, explosion waves and rerolls.
 */
export function registerRingSkill(program: Command) {
  const system = program
    .command('ring-skill')
    .description(
      'Ring (d6) and Skill (d12) symbol dice: keep up to ring, explode in waves, reach TN',
    )
    .hook('preAction', (_system, action) => {
      if (action.name() !== 'simulate') setFlagsFromString(EXACT_INLINING_BUDGET);
    });

  RING_SKILL_COMMANDS.addOdds(system, {
    description: 'exact P(success), strife, bonus successes, opportunity with optimal keeping',
    result: (check) => ringSkillOdds(check),
    text: ringSkillText,
  });

  system
    .command('table')
    .description(
      `every check of ring ${listText(T.rings)}, skill ${listText(T.skills)}, TN ${listText(T.tns)}: optimal keeping, explosions to depth ${RING_SKILL_DEFAULTS.explodeDepth}`,
    )
    .addOption(explodeDepthOption())
    .option(
      '--rings <list>',
      `only these rings, e.g. 1-3 or 2,4 (default: ${listText(T.rings)})`,
      integerListFlag(1, L.ring),
    )
    .option(
      '--skills <list>',
      `only these skills, e.g. 0-2 or 0,1 (default: ${listText(T.skills)})`,
      integerListFlag(0, L.skill),
    )
    .option(
      '--tns <list>',
      `only these TNs, e.g. 2-4 or 2,3 (default: ${listText(T.tns)})`,
      integerListFlag(1, L.tn),
    )
    .addOption(formatOption())
    .addOption(
      new Option(
        '--json',
        'deprecated: the same as --format json (kept for old scripts)',
      ).conflicts('csv'),
    )
    .addOption(
      new Option('--csv', 'deprecated: the same as --format csv (kept for old scripts)').conflicts(
        'json',
      ),
    )
    .action(async (options, command) => {
      const format = tableFormat(options, command.getOptionValueSource('format') === 'cli');
      const rows = ringSkillTable({
        ...(options.explodeDepth === undefined ? {} : { explodeDepth: options.explodeDepth }),
        ...(options.rings ? { rings: options.rings } : {}),
        ...(options.skills ? { skills: options.skills } : {}),
        ...(options.tns ? { tns: options.tns } : {}),
      });
      if (format === 'json') process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else if (format === 'csv') {
        const { toCsv } = await import('../report/csv.ts');
        process.stdout.write(toCsv(rows, TABLE_COLUMNS));
      } else
        process.stdout.write(
          `${formatTable(TABLE_COLUMNS, rows, {
            title: `Ring and Skill checks, kept for P(success) then least strife, explosions to depth ${options.explodeDepth ?? RING_SKILL_DEFAULTS.explodeDepth}`,
          })}\n`,
        );
    });

  RING_SKILL_COMMANDS.addSimulate(system, {
    description: 'Monte Carlo estimate playing the same decisions',
    kernel: 'systems/ring-skill/simulate',
    text: (s: RingSkillSimulation, prose) =>
      [
        ...prose([`${describe(s.spec)}: ${countOf(s.trials, 'trial')}${stoppedEarly(s)}`]),
        simulatedTable(s.outcomes),
        ...prose([
          simulatedMean('expected strife', s.expectedStrife),
          simulatedMean('expected bonus successes', s.expectedBonusSuccesses),
          simulatedMean('expected opportunity', s.expectedOpportunity),
          simulatedMean('expected successes', s.expectedSuccesses),
          simulatedMean('capped by the depth', s.pCapped),
          simulatedMean(UTILITY_LABELS[s.spec.objective], s.expectedUtility),
        ]),
      ].join('\n'),
  });
  return system;
}

/**
 * The table's format: `--format`, or `--json` / `--csv`, its old spellings, kept so scripts
 * written for them still run. An old spelling and a `--format` given that disagree are refused
 * rather than one of them ignored.
 * @throws InputError for `--format csv --json` and the like.
 */
function tableFormat(
  options: { format: OutputFormat; json?: true | undefined; csv?: true | undefined },
  formatGiven: boolean,
): OutputFormat {
  const alias = options.json ? 'json' : options.csv ? 'csv' : undefined;
  if (alias === undefined) return options.format;
  if (formatGiven && options.format !== alias)
    throw new InputError(
      `--format: ${showValue(options.format)} is not allowed with --${alias} (expected --format ${alias}, or either alone: --${alias} is the old spelling of --format ${alias})`,
      '--format',
    );
  return alias;
}

const TABLE_COLUMNS: Column<RingSkillTableRow>[] = [
  { key: 'ring', header: 'ring' },
  { key: 'skill', header: 'skill' },
  { key: 'tn', header: 'TN' },
  { key: 'pSuccess', header: 'P(success)', format: (p) => formatPercent(p, 2) },
  { key: 'expectedBonusSuccesses', header: 'bonus', format: (x) => x.toFixed(3) },
  { key: 'expectedStrife', header: 'strife', format: (x) => x.toFixed(3) },
  { key: 'expectedOpportunity', header: 'opportunity', format: (x) => x.toFixed(3) },
  { key: 'pCapped', header: 'capped', format: (p) => formatProbability(p) },
];

/** What the objective's expected utility is, as simulate's line names it. */
const UTILITY_LABELS: Record<RingSkillResult['spec']['objective'], string> = {
  'succeed-then-least-strife': 'expected utility (the chance of success)',
  'most-successes': 'expected utility (successes)',
  weighted: 'expected weighted utility',
};

function describe(c: RingSkillResult['spec']): string {
  const rerolls = c.rerolls ? `, ${c.rerolls} reroll${c.rerolls === 1 ? '' : 's'}` : '';
  return `ring ${c.ring}, skill ${c.skill}, TN ${c.tn}, explosions to depth ${c.explodeDepth}${rerolls}, keeping for ${c.objective}`;
}

function ringSkillText(r: RingSkillResult, prose: ProseLayout): string {
  return [
    ...prose([describe(r.spec)]),
    outcomeTable(r.outcomes),
    ...prose([
      `P(success) exactly ${r.exact.pSuccess}`,
      `expected strife ${formatProbability(r.expectedStrife)}, bonus successes ${formatProbability(r.expectedBonusSuccesses)}, opportunity ${formatProbability(r.expectedOpportunity)}, successes ${formatProbability(r.expectedSuccesses)}`,
      `capped by the depth: ${formatProbability(r.pCapped)} (an explosive success kept in the last allowed wave)`,
      ...(r.spec.objective === 'weighted'
        ? [
            `expected weighted utility ${formatProbability(r.expectedUtility)} = ${r.exact.expectedUtility}`,
          ]
        : []),
    ]),
  ].join('\n');
}
