import { join } from 'node:path';
import {
  type Command,
  InvalidArgumentError,
  Option,
  type OptionValues,
} from '@commander-js/extra-typings';
import { formatCount } from '../format/format-count.ts';
import { InputError, invalid, missing, showValue } from '../input/input-error.ts';
import { chartFileNames } from '../report/chart-file-names.ts';
import type { AnalysisOutput } from '../report/zidara/analysis-output.ts';
import type { AnalysisJob } from '../systems/run-analysis.ts';
import { ADVANTAGE_ANALYSIS, ADVANTAGE_DEFAULTS } from '../systems/zidara/analyses/advantage.ts';
import {
  FIGHT_CURVES_ANALYSIS,
  FIGHT_CURVES_DEFAULTS,
} from '../systems/zidara/analyses/fight-curves.ts';
import { FISHING_ANALYSIS, FISHING_DEFAULTS } from '../systems/zidara/analyses/fishing.ts';
import { REROLLS_ANALYSIS, REROLLS_DEFAULTS } from '../systems/zidara/analyses/rerolls.ts';
import {
  ALL_OBJECTIVE_PLAY,
  SPLIT_OBJECTIVES,
  SPLITS_ANALYSIS,
  SPLITS_DEFAULTS,
  SPLITS_LIMITS,
  type SplitObjective,
  STATED_SPLITS_ANALYSIS,
} from '../systems/zidara/analyses/splits.ts';
import {
  POOL_RULES,
  type PoolRule,
  SOLVE_FOR,
  TARGET_WIN_CHANCE,
  TUNE_ANALYSIS,
  TUNE_DEFAULTS,
  winChanceSchema,
} from '../systems/zidara/analyses/tune.ts';
import {
  PLAY_DEFAULTS,
  REROLL_KINDS,
  type RerollKinds,
} from '../systems/zidara/engine/roll-play.ts';
import { FIGHT_DEFAULTS, FIGHT_LIMITS, WHOLE_FIGHT_PLAY } from '../systems/zidara/fight/fight.ts';
import { DIE_SIDES } from '../systems/zidara/roll/pool.ts';
import { refuseResourceValues } from '../systems/zidara/roll/rule-options.ts';
import { ROLL_DEFAULTS, ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';
import { formatSplit, parsePool, parseSplit, parseStack } from '../systems/zidara/roll/split.ts';
import { abortOnSigint, stopUntilPlaced } from './abort-on-sigint.ts';
import {
  againstChartName,
  againstFlags,
  againstHelp,
  describeChange,
  emitWhatIf,
  refuseNoChange,
} from './against.ts';
import {
  choiceFlag,
  choicesOption,
  folderFlag,
  formatOption,
  integerFlag,
  integerListFlag,
  listText,
  numberFlag,
  type OutputFormat,
  stemFlag,
} from './flags.ts';
import type { ProgressBar } from './progress-bar.ts';
import { flagError } from './spec-file.ts';
import { proseForStdout } from './terminal-prose.ts';
import { writeChartFiles } from './write-chart-files.ts';
import { checkWritable } from './write-files.ts';
import {
  addCharacterOptions,
  addPlayOptions,
  addRerollsOption,
  type CharacterFlags,
  FLAG_OF_FIELD,
  FLAG_PARSERS,
  fightPolicyOption,
  flagsSetup,
  refuseUnreadFlag,
} from './zidara-flags.ts';

/**
 * `dicelab zidara splits|advantage|fishing|rerolls|tune`: the design card's analyses, each a
 * table on the terminal (or CSV / JSON on stdout) and, with `--out DIR`, the chart's files.
 * Adds the subcommands to the `zidara` command and returns it.
 */
export function registerZidaraAnalyses<Z extends Command<[], OptionValues, OptionValues>>(
  zidara: Z,
): Z {
  registerSplits(zidara);
  registerAdvantage(zidara);
  registerFishing(zidara);
  registerRerolls(zidara);
  registerTune(zidara);
  registerFightCurves(zidara);
  return zidara;
}

const SETUP_HELP = `
The character (defaults are the rules page's):
  --aura N --aura-max M   Aura at the start (default: full) and its cap (${ROLL_DEFAULTS.auraMax})
  --resolve N             Resolve for rerolls (${ROLL_DEFAULTS.resolve})
  --boosts N              the archetype's +2s a roll (${ROLL_DEFAULTS.boostsPerRoll}; 0: an archetype without the +2)
  --defending             ties cannot be bought (the defence model: roles swapped)
  --explode               Warrior: a top face rolls again and adds
Splits are written in the dice notation: + stacks dice on one intent (its best die counts),
| separates intents, the main intent (largest die) first: "d12 | d6+d6". 2d6 means d6+d6.`;

/** How big a splits or fishing run may be, after the setup's help. */
const SIZE_HELP = `
How big a run may be: every split's exact solve is sized before any is solved, and the run is
refused at once when one split is past the exact engine's bounds, or when all of them together
pass ${formatCount(SPLITS_LIMITS.states)} dice-and-Aura states of its work (some ten minutes):
the message says what to lower. A long run shows its progress on stderr (not --quiet).`;

/** `--format` and `--out`: how an analysis is printed, and where its chart's files go. */
export function addOutputOptions<
  A extends unknown[],
  O extends OptionValues,
  G extends OptionValues,
>(command: Command<A, O, G>, stem = '<name>') {
  return command
    .addOption(formatOption())
    .option(
      '--out <dir>',
      `also write ${stem}.csv, .vl.json, .svg and .png into this folder`,
      folderFlag,
    );
}

/** The flags every analysis shares: the character's Aura and archetype, and the output. */
function characterFlags<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  command: Command<A, O, G>,
) {
  return addOutputOptions(addCharacterOptions(command))
    .option(
      '--name <stem>',
      'with --out: file name stem of the chart files (default: the analysis name)',
      stemFlag,
    )
    .option(
      '--against <flags>',
      'what if: also run with these character/rule flags changed, and print both with the change (see below)',
    )
    .option('-q, --quiet', 'no progress bar on stderr');
}

/** Resolve and how decisions are taken (not for `rerolls`, which varies them itself). */
function playFlags<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  command: Command<A, O, G>,
) {
  return addPlayOptions(command);
}

/** The splits flags that make or cut the list of splits: with --only, the stated splits are the list. */
const NOT_WITH_ONLY = ['steps', 'actions', 'intents', 'top'] as const;

function registerSplits(zidara: Command<[], OptionValues, OptionValues>) {
  analysisCommand(
    playFlags(
      characterFlags(
        zidara
          .command(SPLITS_ANALYSIS.command.name)
          .description(SPLITS_ANALYSIS.command.description)
          .option('--steps <S>', 'steps in the roll', FLAG_PARSERS.steps)
          .option(
            '--actions <A>',
            `actions in the roll, each giving one split (default: ${SPLITS_DEFAULTS.actions})`,
            FLAG_PARSERS.actions,
          )
          .requiredOption(
            '--vs <C>',
            'the Challenge C every intent aims at (it rolls d2C)',
            FLAG_PARSERS.challenge,
          )
          .option(
            '--intents <list>',
            'numbers of intents to consider, e.g. 1, 1-2 or 1,3 (default: all); a threat with T tags: 1-T',
            integerListFlag(1, ROLL_LIMITS.dice),
          )
          .addOption(
            choicesOption(
              '--objective <objective>',
              'rank by: primary = P(main intent wins), wins = expected intents won, all = P(all won), utility = expected utility',
              SPLIT_OBJECTIVES,
            ).default(SPLITS_DEFAULTS.objective as SplitObjective),
          )
          .option(
            '--only <splits...>',
            `score only these splits, e.g. --only d12 d6+d6 "d8 | d4" (not with ${NOT_WITH_ONLY.map((name) => `--${name}`).join(', ')})`,
          )
          .option('--top <n>', 'keep only the best n rows', integerFlag(1)),
      ),
    ),
    `  dicelab zidara splits --steps 8 --vs 3 --intents 1-2         8 steps, 1 action, vs a Warden with two tags
  dicelab zidara splits --only d12 d6+d6 --vs 3 --objective primary    d12 or d6+d6?
  dicelab zidara splits --steps 12 --actions 2 --vs 4 --top 10 --out reports/splits`,
    (flags) => {
      const setup = flagsSetup(flags);
      const objective = flags.objective as SplitObjective;
      if (objective === 'all')
        refuseResourceValues(flags, '--objective primary, wins or utility', ALL_OBJECTIVE_PLAY);
      let job: AnalysisJob;
      if (flags.only) {
        for (const name of NOT_WITH_ONLY)
          if (flags[name] !== undefined)
            throw invalid(
              `--${name}`,
              flags[name],
              `no --${name} with --only: the stated splits are scored as they are`,
            );
        eachOnce('--only', 'split', flags.only, (text) => formatSplit(parseSplit(text, '--only')));
        job = {
          analysis: 'stated-splits',
          name: flags.name ?? STATED_SPLITS_ANALYSIS.name,
          splits: flags.only,
          options: { ...setup, challenge: flags.vs, objective },
        };
      } else {
        if (flags.steps === undefined)
          throw missing('--steps', 'the steps of the roll, e.g. --steps 8 (or --only with splits)');
        job = {
          analysis: 'splits',
          name: flags.name ?? SPLITS_ANALYSIS.name,
          options: {
            ...setup,
            steps: flags.steps,
            ...(flags.actions === undefined ? {} : { actions: flags.actions }),
            challenge: flags.vs,
            objective,
            ...(flags.intents ? { intents: flags.intents } : {}),
          },
          ...(flags.top === undefined ? {} : { top: flags.top }),
        };
      }
      return job;
    },
    `${SETUP_HELP}
${SIZE_HELP}`,
  );
}

function registerAdvantage(zidara: Command<[], OptionValues, OptionValues>) {
  analysisCommand(
    playFlags(
      characterFlags(
        zidara
          .command(ADVANTAGE_ANALYSIS.command.name)
          .description(ADVANTAGE_ANALYSIS.command.description)
          .addOption(
            new Option('--die <dN>', 'the die stacked')
              .argParser(dieFlag)
              .default(ADVANTAGE_DEFAULTS.sides, `d${ADVANTAGE_DEFAULTS.sides}`),
          )
          .option(
            '--most <n>',
            'stack from 1 up to n copies of it',
            integerFlag(1, ROLL_LIMITS.dice),
            ADVANTAGE_DEFAULTS.most,
          )
          .addOption(
            new Option(
              '--stacks <stacks...>',
              'these stacks instead, in order, e.g. --stacks d12 d12+d2 d12+d4 (not with --die, --most)',
            ).conflicts(['die', 'most']),
          )
          .addOption(
            listOption(
              '--vs <list>',
              'Challenges, e.g. 1-6 or 2,4',
              integerListFlag(1, ROLL_LIMITS.challenge),
              ADVANTAGE_DEFAULTS.challenges,
            ),
          ),
      ),
    ),
    `  dicelab zidara advantage --die d6 --most 6 --aura 0
  dicelab zidara advantage --stacks d12 d12+d2 d12+d4 d12+d6 --vs 3-6 --format csv`,
    (flags) => {
      const stacks =
        flags.stacks &&
        eachOnce(
          '--stacks',
          'stack',
          flags.stacks,
          (text) => parseStack(text, '--stacks'),
          (stack) => formatSplit([stack]),
        );
      const job: AnalysisJob = {
        analysis: 'advantage',
        name: flags.name ?? ADVANTAGE_ANALYSIS.name,
        options: {
          ...flagsSetup(flags),
          challenges: flags.vs,
          ...(stacks ? { stacks } : { sides: flags.die, most: flags.most }),
        },
      };
      return job;
    },
  );
}

function registerFishing(zidara: Command<[], OptionValues, OptionValues>) {
  analysisCommand(
    playFlags(
      characterFlags(
        zidara
          .command(FISHING_ANALYSIS.command.name)
          .description(FISHING_ANALYSIS.command.description)
          .requiredOption('--steps <S>', 'steps in the roll', FLAG_PARSERS.steps)
          .option(
            '--actions <A>',
            'actions in the roll (each gives one split)',
            FLAG_PARSERS.actions,
            FISHING_DEFAULTS.actions,
          )
          .requiredOption(
            '--vs <C>',
            'the Challenge C every intent aims at (it rolls d2C)',
            FLAG_PARSERS.challenge,
          )
          .addOption(
            new Option('--minor-max <dN>', 'largest die a minor intent may hold')
              .argParser(dieFlag)
              .default(FISHING_DEFAULTS.minorMaxSides, `d${FISHING_DEFAULTS.minorMaxSides}`),
          )
          .option(
            '--minor-weight <x>',
            `worth of a minor intent's win to the play (0: fish only)`,
            numberFlag(0, ROLL_LIMITS.value),
            FISHING_DEFAULTS.minorWeight,
          ),
      ),
    ),
    `  dicelab zidara fishing --steps 8 --actions 2 --vs 4
  dicelab zidara fishing --steps 6 --vs 3 --aura 2 --out reports/fishing`,
    (flags): AnalysisJob => ({
      analysis: 'fishing',
      name: flags.name ?? FISHING_ANALYSIS.name,
      options: {
        ...flagsSetup(flags),
        steps: flags.steps,
        actions: flags.actions,
        challenge: flags.vs,
        minorMaxSides: flags.minorMax,
        minorWeight: flags.minorWeight,
      },
    }),
    `${SETUP_HELP}
${SIZE_HELP}`,
  );
}

function registerRerolls(zidara: Command<[], OptionValues, OptionValues>) {
  analysisCommand(
    characterFlags(
      zidara
        .command(REROLLS_ANALYSIS.command.name)
        .description(REROLLS_ANALYSIS.command.description)
        .option(
          '--split <split>',
          'the roll, e.g. d8, d6+d6 or "d8 | d4"',
          formatSplit(REROLLS_DEFAULTS.split),
        )
        .addOption(
          listOption(
            '--vs <list>',
            'Challenges, e.g. 1-6 or 2,4',
            integerListFlag(1, ROLL_LIMITS.challenge),
            REROLLS_DEFAULTS.challenges,
          ),
        )
        .addOption(
          listOption(
            '--resolve <list>',
            'Resolve levels, e.g. 0-3',
            integerListFlag(0, ROLL_LIMITS.resolve),
            REROLLS_DEFAULTS.resolve,
          ),
        )
        .addOption(
          listOption(
            '--kinds <list>',
            `kinds of reroll compared, from ${REROLL_KINDS.join(', ')} (${PLAY_DEFAULTS.rerolls}: optimal)`,
            kindListFlag,
            REROLLS_DEFAULTS.kinds,
          ),
        ),
    ),
    `  dicelab zidara rerolls --split d8 --vs 4 --aura-max 0      a lone d8, no Aura: 43.8% → 60.2% with one Resolve
  dicelab zidara rerolls --split "d6 | d6" --resolve 0-2 --out reports/rerolls`,
    (flags): AnalysisJob => ({
      analysis: 'rerolls',
      name: flags.name ?? REROLLS_ANALYSIS.name,
      options: {
        ...flagsSetup({ ...flags, resolve: undefined }),
        split: parseSplit(flags.split, '--split'),
        challenges: flags.vs,
        resolve: flags.resolve,
        kinds: flags.kinds,
      },
    }),
    SETUP_HELP.replace(/ {2}--resolve N .*\n/, ''),
    // Its --resolve is the Resolve levels compared, not the character's Resolve.
    ['resolve'],
  );
}

function registerTune(zidara: Command<[], OptionValues, OptionValues>) {
  analysisCommand(
    playFlags(
      characterFlags(
        zidara
          .command(TUNE_ANALYSIS.command.name)
          .description(TUNE_ANALYSIS.command.description)
          .addOption(
            listOption(
              '--steps <list>',
              'step counts, e.g. 1-12 or 6',
              integerListFlag(1, ROLL_LIMITS.steps),
              TUNE_DEFAULTS.steps,
            ),
          )
          .addOption(
            listOption(
              '--vs <list>',
              'Challenges, e.g. 1-6',
              integerListFlag(1, ROLL_LIMITS.challenge),
              TUNE_DEFAULTS.challenges,
            ),
          )
          // No default value, so that one given with --pool natural reaches tune (which refuses it).
          .option(
            '--actions <A>',
            `actions in the roll, with --pool best (default: ${TUNE_DEFAULTS.actions})`,
            FLAG_PARSERS.actions,
          )
          .addOption(
            choicesOption(
              '--pool <rule>',
              'best = the best one-intent legal pool; natural = the unsplit pool (8 steps: d12+d4)',
              POOL_RULES,
            ).default(TUNE_DEFAULTS.pool as PoolRule),
          )
          .option('--target <chance>', 'a win chance to aim at, e.g. 60% or 0.6', chanceFlag)
          .addOption(
            // No default value, so that one given without --target is seen (and refused); its
            // default said as commander says one, after the choices.
            new Option(
              '--solve-for <what>',
              `with --target: the Challenge for each step count, or the steps for each Challenge (choices: ${SOLVE_FOR.map((c) => JSON.stringify(c)).join(', ')}, default: ${JSON.stringify(SOLVE_FOR_DEFAULT)})`,
            ).argParser(choiceFlag(SOLVE_FOR)),
          ),
      ),
    ),
    `  dicelab zidara tune --steps 6 --target 60%                  what Challenge gives a 6-step fighter 60%?
  dicelab zidara tune --vs 4 --target 75% --solve-for steps   how many steps for 75% against C4?
  dicelab zidara tune --steps 1-12 --vs 1-6 --out reports/tune`,
    (flags): AnalysisJob => {
      if (flags.solveFor !== undefined && flags.target === undefined)
        throw invalid(
          '--solve-for',
          flags.solveFor,
          'it only with --target (the chance to solve for)',
        );
      return {
        analysis: 'tune',
        name: flags.name ?? TUNE_ANALYSIS.name,
        options: {
          ...flagsSetup(flags),
          steps: flags.steps,
          challenges: flags.vs,
          ...(flags.actions === undefined ? {} : { actions: flags.actions }),
          pool: flags.pool as PoolRule,
        },
        ...(flags.target === undefined
          ? {}
          : { target: { winChance: flags.target, solveFor: flags.solveFor ?? SOLVE_FOR_DEFAULT } }),
      };
    },
  );
}

function registerFightCurves(zidara: Command<[], OptionValues, OptionValues>) {
  analysisCommand(
    addRerollsOption(
      characterFlags(
        zidara
          .command(FIGHT_CURVES_ANALYSIS.command.name)
          .description(FIGHT_CURVES_ANALYSIS.command.description)
          .option(
            '--steps <S>',
            "the set action's steps: its best legal pool is chosen each round",
            FLAG_PARSERS.fightSteps,
          )
          // No default value, so that one given with --pool reaches the fight (which refuses it).
          .option(
            '--actions <A>',
            `actions in each roll, with --steps (default: ${FIGHT_DEFAULTS.actions})`,
            FLAG_PARSERS.fightActions,
          )
          .option('--pool <dice>', 'or a set pool rolled every round, e.g. "d12 d4"')
          .addOption(
            listOption(
              '--tags <list>',
              'tags of the threats, e.g. 1-3',
              integerListFlag(1, FIGHT_LIMITS.tags),
              FIGHT_CURVES_DEFAULTS.tags,
            ),
          )
          .addOption(
            listOption(
              '--vs <list>',
              'Challenges of the threats, e.g. 3-5',
              integerListFlag(1, ROLL_LIMITS.challenge),
              FIGHT_CURVES_DEFAULTS.challenges,
            ),
          )
          .option(
            '--titles <n>',
            'Titles: Resolve at the start of each fight',
            FLAG_PARSERS.resolve,
            FIGHT_DEFAULTS.titles,
          )
          .option(
            '--max-rounds <n>',
            'rounds shown',
            FLAG_PARSERS.maxRounds,
            FIGHT_CURVES_DEFAULTS.maxRounds,
          )
          .addOption(fightPolicyOption()),
      ),
    ),
    `  dicelab zidara fight-curves --steps 6 --vs 4-6 --tags 1-3
  dicelab zidara fight-curves --pool "d12 d4" --vs 3 --tags 2-4 --out reports/fights`,
    (flags) => {
      if (flags.steps === undefined && flags.pool === undefined)
        throw missing(
          '--steps',
          '--steps or --pool (one of them), e.g. --steps 8 or --pool "d12 d4"',
        );
      if (flags.steps !== undefined && flags.pool !== undefined)
        throw invalid('--steps', flags.steps, 'either --steps or --pool (one of them)');
      const pool =
        flags.pool === undefined
          ? undefined
          : parsePool(flags.pool, '--pool', FIGHT_LIMITS.poolDice);
      const wholeFight = flags.fightPolicy === 'whole-fight';
      if (wholeFight) refuseResourceValues(flags, '--fight-policy per-roll', WHOLE_FIGHT_PLAY);
      const job: AnalysisJob = {
        analysis: 'fight-curves',
        name: flags.name ?? FIGHT_CURVES_ANALYSIS.name,
        options: {
          ...flagsSetup(flags),
          ...(pool ? { pool } : { steps: flags.steps }),
          ...(flags.actions === undefined ? {} : { actions: flags.actions }),
          tags: flags.tags,
          challenges: flags.vs,
          titles: flags.titles,
          maxRounds: flags.maxRounds,
          ...(wholeFight ? { fightPolicy: flags.fightPolicy } : {}),
        },
      };
      return job;
    },
    // A fight's Resolve is its Titles'.
    SETUP_HELP.replace(
      / {2}--resolve N .*\n/,
      `  --titles N              Resolve at the start of each fight (${FIGHT_DEFAULTS.titles})\n`,
    ),
  );
}

/**
 * An analysis command's help after its flags (the setup's, `help`, then its examples) and its
 * action: the job `build` makes of the flags, run and printed. `asked`: its flags named as a
 * character flag that state what it asks, which `--against` may not change (see againstFlags).
 */
function analysisCommand<O extends RunFlags & OptionValues, G extends OptionValues>(
  command: Command<[], O, G>,
  examples: string,
  build: (flags: O) => AnalysisJob,
  help = SETUP_HELP,
  asked: readonly string[] = [],
) {
  return (
    command
      // Read when the help is printed, once every flag of the command is declared.
      .addHelpText(
        'after',
        () => `${help}\n${againstHelp(command, asked)}\n\nExamples:\n${examples}`,
      )
      .action(async (flags, command) => {
        await runAndPrint(command, flags, build, asked);
      })
  );
}

/** The flags every analysis' runner reads (output, and the what-if). */
interface RunFlags {
  format: OutputFormat;
  out?: string | undefined;
  name?: string | undefined;
  against?: string | undefined;
  top?: number | undefined;
  quiet?: true | undefined;
}

/**
 * Runs the job the flags describe and prints it; with --against, runs it again with those
 * flags changed and prints both with the change (see against.ts).
 */
async function runAndPrint<F extends RunFlags>(
  command: unknown,
  flags: F,
  build: (flags: F) => AnalysisJob,
  asked: readonly string[],
): Promise<void> {
  // The name is the chart files' alone: without --out no file is written to bear it.
  if (flags.name !== undefined && flags.out === undefined)
    throw invalid(
      '--name',
      flags.name,
      'it only with --out (it names the chart files written there)',
    );
  // The chart's files are written after the analysis (a tune grid takes a while): refused now,
  // a folder in the place of one of them too.
  if (flags.out !== undefined) {
    const { jobName } = await import('../systems/run-analysis.ts');
    const name = jobName(build(flags));
    const charts = flags.against === undefined ? [name] : [name, againstChartName(name)];
    await checkWritable(
      { flag: '--out', given: flags.out, names: 'folder' },
      charts.flatMap((chart) => Object.values(chartFileNames(chart))),
    );
  }
  if (flags.against === undefined) return emit(await runFlagged(build(flags), flags.quiet), flags);
  const changed = againstFlags(command, flags.against, asked);
  const other = { ...flags, ...changed };
  // A named policy rerolls by its own rule: what the given run's optimum might reroll stays with it.
  if (changed.policy !== undefined && changed.policy !== 'optimal' && !('rerolls' in changed))
    Object.assign(other, { rerolls: PLAY_DEFAULTS.rerolls });
  // Likewise a depth stays with the given run's exploding dice when the other run turns them off.
  if (changed.explode === false && !('explodeDepth' in changed))
    Object.assign(other, { explodeDepth: ROLL_DEFAULTS.explodeDepth });
  // Every row on both sides, so rows pair; --top cuts the paired table.
  const whole = (job: AnalysisJob): AnalysisJob => {
    if (job.analysis !== 'splits') return job;
    const { top: _top, ...rest } = job;
    return rest;
  };
  // A flag --against types is refused as one typed on the command line, at its default too
  // (--explode-depth 20 alone), before the given run is spent.
  try {
    refuseUnreadFlag(other as CharacterFlags, (attribute) => attribute in changed);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(`--against: ${error.message}`, error.field);
  }
  refuseNoChange(command, flags as unknown as Record<string, unknown>, changed, flags.against);
  const base = await runFlagged(whole(build(flags)), flags.quiet);
  let against: AnalysisOutput;
  try {
    against = await runFlagged(whole(build(other)), flags.quiet);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(`--against: ${error.message}`, error.field);
  }
  await emitWhatIf(
    base,
    against,
    flags,
    describeChange(command, flags as unknown as Record<string, unknown>, changed),
  );
}

/**
 * Runs a job (an analysis', or `dicelab compare`'s), a long one with a progress bar on stderr (a
 * terminal only, not `quiet`); an InputError about an analysis option is reworded to name its
 * flag. The solve runs on a worker thread: on the main one it held Ctrl-C and SIGTERM back, and
 * Node's own end left the bar drawn with no word said. A solve has no partial result: either
 * stops it at once, the bar cleared, `dicelab: stopped (SIGINT)` (exit 130) or `(SIGTERM)`
 * (143); nothing is written.
 */
export async function runFlagged(job: AnalysisJob, quiet?: boolean): Promise<AnalysisOutput> {
  // The analyses and their charts load with the command that runs one (not at start-up).
  const [{ analysisOutput }, { jobName }, { progressBar }, { runOnAnalysisThread }] =
    await Promise.all([
      import('../report/zidara/analysis-output.ts'),
      import('../systems/run-analysis.ts'),
      import('./progress-bar.ts'),
      import('./analysis-worker.ts'),
    ]);
  // Made at the first report, which names what is counted: a short run draws nothing.
  let bar: ProgressBar | undefined;
  const sigint = abortOnSigint(process.stderr, { before: () => bar?.stop(), stopOnSigint: true });
  try {
    const result = await runOnAnalysisThread(job, ({ done, total, unit }) => {
      bar ??= progressBar({ quiet, label: `${jobName(job)}: solving`, unit });
      bar.update(done, total);
    });
    return analysisOutput(result);
  } catch (error) {
    throw flagError(error, FLAG_OF_FIELD);
  } finally {
    bar?.stop();
    sigint.dispose();
  }
}

/**
 * Prints the output in the chosen format and, with --out, writes the chart's files first: a
 * signal stops it at once until they are in place, and is let be from then on (stopUntilPlaced).
 */
export async function emit(
  output: AnalysisOutput,
  flags: { format: OutputFormat; out?: string | undefined },
): Promise<void> {
  const { out } = flags;
  if (out === undefined) return printOutput(output, flags.format);
  await stopUntilPlaced(async (placed) => {
    const chart = { spec: output.spec, rows: output.csvRows, columns: output.csvColumns };
    const { files } = await writeChartFiles(out, output.name, chart, placed);
    process.stderr.write(
      `wrote ${[files.csv, files.vlJson, files.svg, files.png].map((f) => join(out, f)).join(', ')}\n`,
    );
    await printOutput(output, flags.format);
  });
}

/** Prints the output in `format` on stdout. */
async function printOutput(output: AnalysisOutput, format: OutputFormat): Promise<void> {
  if (format === 'csv') {
    const { toCsv } = await import('../report/csv.ts');
    process.stdout.write(toCsv(output.csvRows, output.csvColumns));
  } else if (format === 'json') {
    const json = {
      analysis: output.analysis,
      title: output.title,
      findings: output.findings,
      rows: output.rows,
      ...(output.details ?? {}),
    };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    // The prose wraps on a terminal, the table never: its parts are laid out before they join.
    const text = [...(await proseForStdout([output.title, ...output.subtitle])), output.tableText];
    const findings = await proseForStdout(output.findings);
    process.stdout.write(
      `${text.join('\n')}${findings.length ? `\n\n${findings.join('\n')}` : ''}\n`,
    );
  }
}

/**
 * Reads each of a list flag's values, refusing one the same as a value before it however it is
 * written (`--only d6+d6 2d6`): scored twice, it would only repeat a row, tie with itself and
 * say so.
 * @throws InputError `--only: "2d6" is not allowed (expected each split once, but it is d6+d6, as is "d6+d6" given before)`.
 */
function eachOnce<T>(
  flag: string,
  what: string,
  texts: readonly string[],
  read: (text: string) => T,
  shown: (value: T) => string = String,
): T[] {
  const seen = new Map<string, string>();
  return texts.map((text) => {
    const value = read(text);
    const key = shown(value);
    const first = seen.get(key);
    if (first !== undefined)
      throw invalid(
        flag,
        text,
        `each ${what} once, but ${first === text ? 'it was' : `it is ${key}, as is ${showValue(first)}`} given before`,
      );
    seen.set(key, text);
    return value;
  });
}

/** "d6" or "6" → 6. */
function dieFlag(raw: string): number {
  const sides = Number(/^d?(\d+)$/i.exec(raw.trim())?.[1]);
  if (!(DIE_SIDES as readonly number[]).includes(sides))
    throw new InvalidArgumentError(
      `${JSON.stringify(raw)} is not allowed (expected a die: ${DIE_SIDES.map((n) => `d${n}`).join(', ')})`,
    );
  return sides;
}

/** "60%" or "0.6" → 0.6. */
function chanceFlag(raw: string): number {
  const text = raw.trim();
  const percent = text.endsWith('%');
  const value = Number(percent ? text.slice(0, -1) : text) / (percent ? 100 : 1);
  if (text === '' || text === '%' || !winChanceSchema.safeParse(value).success)
    throw new InvalidArgumentError(
      `${JSON.stringify(raw)} is not allowed (expected ${TARGET_WIN_CHANCE}, such as 60% or 0.6)`,
    );
  return value;
}

/** "one,all" → ['one', 'all']. */
function kindListFlag(raw: string): RerollKinds[] {
  const parse = choiceFlag(REROLL_KINDS);
  const kinds = raw.split(',').map((k) => {
    try {
      return parse(k.trim());
    } catch {
      throw new InvalidArgumentError(
        `${JSON.stringify(raw)} is not allowed (expected a list from ${REROLL_KINDS.join(', ')}, such as one,all,any)`,
      );
    }
  });
  return [...new Set(kinds)];
}

/** What tune --target solves for unless --solve-for says. */
const SOLVE_FOR_DEFAULT: (typeof SOLVE_FOR)[number] = 'challenge';

/** A list flag whose default is shown in --help as the user would type it ("1-6"). */
function listOption<F extends string, T extends number | string>(
  flags: F,
  description: string,
  parse: (raw: string) => T[],
  fallback: readonly T[],
) {
  return new Option(flags, description).argParser(parse).default([...fallback], listText(fallback));
}
