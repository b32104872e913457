// Writes docs/defaults.md, every default and limit of Zi'Dara's rolls, fights, analyses and
// scenario files, and of the queue, from the exported constants the flags, their help and the schema read.
// Run after changing one: `npm run docs:defaults` (a test checks the committed file).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listText } from '../src/cli/flags.ts';
import { formatCount } from '../src/format/format-count.ts';
import { numberText } from '../src/input/field-schemas.ts';
import {
  KEEP_FINISHED_SECONDS,
  MAX_SHARDS,
  REDIS_GIVE_UP_LIMITS,
  REDIS_GIVE_UP_SECONDS,
  RETRY_DELAY_MS,
  SHARD_ATTEMPTS,
  WORKER_DEFAULTS,
  WORKER_LIMITS,
} from '../src/queue/queue-settings.ts';
import { SCENARIO_DEFAULTS, SCENARIO_LIMITS } from '../src/scenario/schema.ts';
import { ADVANTAGE_DEFAULTS } from '../src/systems/zidara/analyses/advantage.ts';
import { FIGHT_CURVES_DEFAULTS } from '../src/systems/zidara/analyses/fight-curves.ts';
import { FISHING_DEFAULTS } from '../src/systems/zidara/analyses/fishing.ts';
import { REROLLS_DEFAULTS } from '../src/systems/zidara/analyses/rerolls.ts';
import {
  SPLIT_OBJECTIVES,
  SPLITS_DEFAULTS,
  SPLITS_LIMITS,
} from '../src/systems/zidara/analyses/splits.ts';
import { POOL_RULES, TUNE_DEFAULTS } from '../src/systems/zidara/analyses/tune.ts';
import { PLAY_DEFAULTS, POLICIES, REROLL_KINDS } from '../src/systems/zidara/engine/roll-play.ts';
import { FIGHT_DEFAULTS, FIGHT_LIMITS, FIGHT_POLICIES } from '../src/systems/zidara/fight/fight.ts';
import { DIE_SIDES } from '../src/systems/zidara/roll/pool.ts';
import {
  allowedText,
  flagText,
  RULE_OPTION_NAMES,
  ruleOption,
} from '../src/systems/zidara/roll/rule-options.ts';
import { ROLL_DEFAULTS, ROLL_LIMITS } from '../src/systems/zidara/roll/spec.ts';
import { formatSplit } from '../src/systems/zidara/roll/split.ts';
import { repositoryLink } from './repository.ts';

type Row = readonly [field: string, flag: string, fallback: unknown, allowed: string];

const upTo = (from: number, to: number) => `${from} to ${to}`;
const oneOf = (values: readonly unknown[]) => values.join(', ');
const shown = (value: unknown) =>
  Array.isArray(value) ? listText(value) : value === '' ? '' : String(value);

function table(rows: readonly Row[]): string {
  const lines = ['| field | flag | default | allowed |', '| --- | --- | --- | --- |'];
  for (const [field, flag, fallback, allowed] of rows)
    lines.push(`| \`${field}\` | ${flag ? `\`${flag}\`` : ''} | ${shown(fallback)} | ${allowed} |`);
  return lines.join('\n');
}

/** The text of docs/defaults.md. */
export function defaultsDocText(): string {
  const R = ROLL_DEFAULTS;
  const L = ROLL_LIMITS;
  const F = FIGHT_DEFAULTS;
  const FL = FIGHT_LIMITS;
  return `# Defaults and limits

Every default and limit of a Zi'Dara roll, fight, analysis and scenario file, and of the queue,
as the code states it once: the CLI flags, their \`--help\`, the scenario schema (\`scenarios/schema.json\`) and this
page all read the same exported constants. This page is generated (\`npm run docs:defaults\`);
a test fails when it and the code disagree.

## A roll

\`RULE_OPTIONS\` (${repositoryLink('src/systems/zidara/roll/rule-options.ts')}: every rule option, rule variants
included, declared once), \`ROLL_LIMITS\` (${repositoryLink('src/systems/zidara/roll/spec.ts')}), \`PLAY_DEFAULTS\`
(${repositoryLink('src/systems/zidara/engine/roll-play.ts')}). The limits keep one exact solve interactive: 6 steps
fill a d12, so a roll holds at most ${L.steps} steps (${L.dice} d12s), and an action beyond the dice
adds no pool that fits.

${table([
  ['dice', '', '', `1 to ${L.dice} a roll, each ${oneOf(DIE_SIDES.map((n) => `d${n}`))}`],
  ['challenge', '--vs', '', upTo(1, L.challenge)],
  ['steps', '--steps', '', upTo(1, L.steps)],
  ['actions', '--actions', SPLITS_DEFAULTS.actions, upTo(1, L.actions)],
  ['aura', '--aura', 'auraMax (full)', 'from 0 to auraMax'],
  // Every rule option, from its declaration (RULE_OPTIONS, rule-options.ts).
  ...RULE_OPTION_NAMES.map((name): Row => {
    const option = ruleOption(name);
    const { onlyWith } = option;
    const only = onlyWith
      ? `, only with \`${onlyWith.other}: ${String(onlyWith.otherValue)}\``
      : '';
    return [name, flagText(option), R[name], `${allowedText(option)}${only}`];
  }),
  ['intents[].threat', '', R.intentThreat, 'a threat of the roll'],
  ['intents[].weight', '', R.intentWeight, numberText(0, L.value)],
  ['policy', '--policy', PLAY_DEFAULTS.policy, oneOf(POLICIES)],
  ['rerolls', '--rerolls', PLAY_DEFAULTS.rerolls, oneOf(REROLL_KINDS)],
])}

## A fight

\`FIGHT_DEFAULTS\` and \`FIGHT_LIMITS\` (${repositoryLink('src/systems/zidara/fight/fight.ts')}). A fight solves every
split of every pool in each state it reaches, so its pools are smaller than one roll's, and its
fields bound one another through what its solves cost: at most ${formatCount(FL.work)} round solves (rounds × the
candidate splits of every count of tags); in whole-fight play at most ${formatCount(FL.states)} dice-and-Aura
states (rounds × those of a round's splits, each split's dice states × Aura states × Resolve
levels × defences); and at most ${formatCount(FL.splitStates)} of its largest split × Resolve levels squared
(× the rounds of a whole fight: a measure fitted to measured times). A fight past them is refused, naming the field to
lower.

${table([
  ['tags', '--tags', `${SCENARIO_DEFAULTS.tags} (a scenario's threat)`, upTo(1, FL.tags)],
  ['pool', '--pool', '', `1 to ${FL.poolDice} dice`],
  ['steps', '--steps', '', upTo(1, FL.steps)],
  ['actions', '--actions', F.actions, upTo(1, FL.actions)],
  ['titles', '--titles', F.titles, upTo(0, L.resolve)],
  ['maxRounds', '--max-rounds', F.maxRounds, upTo(1, FL.maxRounds)],
  ['fightPolicy', '--fight-policy', F.fightPolicy, oneOf(FIGHT_POLICIES)],
])}

## The analyses

Each analysis' defaults are its \`…_DEFAULTS\` (${repositoryLink('src/systems/zidara/analyses/')}); lists are written as
on the command line (\`1-6\` is 1 to 6). A splits or fishing run sizes every split's exact solve
first and is refused, before anything is solved, when one is past the exact engine's bounds or
all of them together pass ${formatCount(SPLITS_LIMITS.states)} dice-and-Aura states
(\`SPLITS_LIMITS.states\`, some ten minutes), naming what to lower.

${table([
  ['splits: objective', '--objective', SPLITS_DEFAULTS.objective, oneOf(SPLIT_OBJECTIVES)],
  [
    'advantage: sides',
    '--die',
    `d${ADVANTAGE_DEFAULTS.sides}`,
    oneOf(DIE_SIDES.map((n) => `d${n}`)),
  ],
  ['advantage: most', '--most', ADVANTAGE_DEFAULTS.most, upTo(1, L.dice)],
  ['advantage: challenges', '--vs', ADVANTAGE_DEFAULTS.challenges, upTo(1, L.challenge)],
  ['fishing: minorMaxSides', '--minor-max', `d${FISHING_DEFAULTS.minorMaxSides}`, 'a die'],
  ['fishing: minorWeight', '--minor-weight', FISHING_DEFAULTS.minorWeight, numberText(0, L.value)],
  ['rerolls: split', '--split', formatSplit(REROLLS_DEFAULTS.split), 'a split'],
  ['rerolls: challenges', '--vs', REROLLS_DEFAULTS.challenges, upTo(1, L.challenge)],
  ['rerolls: resolve', '--resolve', REROLLS_DEFAULTS.resolve, upTo(0, L.resolve)],
  ['rerolls: kinds', '--kinds', REROLLS_DEFAULTS.kinds, oneOf(REROLL_KINDS)],
  ['tune: steps', '--steps', TUNE_DEFAULTS.steps, upTo(1, L.steps)],
  ['tune: challenges', '--vs', TUNE_DEFAULTS.challenges, upTo(1, L.challenge)],
  ['tune: actions', '--actions', TUNE_DEFAULTS.actions, upTo(1, L.actions)],
  ['tune: pool', '--pool', TUNE_DEFAULTS.pool, oneOf(POOL_RULES)],
  [
    'tune: maxChallenge',
    '',
    `${TUNE_DEFAULTS.maxChallenge}, or a tune grid's highest Challenge past it`,
    upTo(1, L.challenge),
  ],
  [
    'tune: maxSteps',
    '',
    `${TUNE_DEFAULTS.maxSteps}, or a tune grid's most steps past it`,
    upTo(1, L.steps),
  ],
  ['fight-curves: tags', '--tags', FIGHT_CURVES_DEFAULTS.tags, upTo(1, FL.tags)],
  ['fight-curves: challenges', '--vs', FIGHT_CURVES_DEFAULTS.challenges, upTo(1, L.challenge)],
  [
    'fight-curves: maxRounds',
    '--max-rounds',
    FIGHT_CURVES_DEFAULTS.maxRounds,
    upTo(1, FL.maxRounds),
  ],
])}

## Scenario files

\`SCENARIO_DEFAULTS\` and \`SCENARIO_LIMITS\` (${repositoryLink('src/scenario/schema.ts')}); a character's Resolve
defaults to its Titles.

${table([
  ['threats.*.tags', '', SCENARIO_DEFAULTS.tags, upTo(1, FL.tags)],
  [
    'simulation.trials',
    '',
    SCENARIO_DEFAULTS.trials,
    upTo(SCENARIO_LIMITS.minTrials, SCENARIO_LIMITS.maxTrials),
  ],
  [
    'simulation.maxTrials',
    '',
    SCENARIO_DEFAULTS.maxTrials,
    upTo(SCENARIO_LIMITS.minTrials, SCENARIO_LIMITS.maxTrials),
  ],
  ['analyses', '', '', `at least ${SCENARIO_LIMITS.minAnalyses} when written`],
  ['analyses.*.top', '', '', upTo(1, SCENARIO_LIMITS.top)],
  ['expectations', '', '', `at least ${SCENARIO_LIMITS.minExpectations} when written`],
])}

## The queue

\`MAX_SHARDS\`, \`WORKER_DEFAULTS\`, \`WORKER_LIMITS\`, \`SHARD_ATTEMPTS\`, \`RETRY_DELAY_MS\` and
\`KEEP_FINISHED_SECONDS\`, \`REDIS_GIVE_UP_SECONDS\` (${repositoryLink('src/queue/queue-settings.ts')}): \`--queue URL --shards N\` on a simulating
command, and \`dicelab queue worker\`.

${table([
  ['shards', '--shards', '', upTo(1, MAX_SHARDS)],
  ['concurrency', '--concurrency', WORKER_DEFAULTS.concurrency, upTo(1, WORKER_LIMITS.concurrency)],
  [
    'lockDurationMs',
    '--lock-duration',
    WORKER_DEFAULTS.lockDurationMs,
    upTo(WORKER_LIMITS.minIntervalMs, WORKER_LIMITS.maxIntervalMs),
  ],
  [
    'stalledIntervalMs',
    '--stalled-interval',
    WORKER_DEFAULTS.stalledIntervalMs,
    upTo(WORKER_LIMITS.minIntervalMs, WORKER_LIMITS.maxIntervalMs),
  ],
  ['maxStalledCount', '', WORKER_DEFAULTS.maxStalledCount, 'stalls before a shard fails'],
  ['attempts', '', SHARD_ATTEMPTS, 'tries of a shard before its run fails'],
  ['retryDelayMs', '', RETRY_DELAY_MS, 'before the second try, doubled before each later one'],
  ['keepFinishedSeconds', '', KEEP_FINISHED_SECONDS, 'how long finished jobs stay in Redis'],
  [
    'redisGiveUpSeconds',
    '--redis-give-up',
    REDIS_GIVE_UP_SECONDS,
    `${upTo(REDIS_GIVE_UP_LIMITS.min, REDIS_GIVE_UP_LIMITS.max)}: waiting for Redis out of reach, then exit 69`,
  ],
])}
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const target = fileURLToPath(new URL('../docs/defaults.md', import.meta.url));
  await writeFile(target, defaultsDocText());
  process.stdout.write(`wrote ${target}\n`);
}
