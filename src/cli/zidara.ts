import type { Command, OptionValues } from '@commander-js/extra-typings';
import { formatCount } from '../format/format-count.ts';
import { formatPercent } from '../format/format-percent.ts';
import { InputError, missing } from '../input/input-error.ts';
import type { SimulationResult } from '../montecarlo/run.ts';
import { formatTable } from '../report/table.ts';
import { describeSetup } from '../report/zidara/describe-setup.ts';
import { pastExactNote } from '../systems/zidara/analyses/splits.ts';
import { oddsInBatches } from '../systems/zidara/engine/odds-in-batches.ts';
import type { Policy, RerollKinds, RollOdds } from '../systems/zidara/engine/roll-play.ts';
import {
  challengeName,
  describeDice,
  describeThreats,
  intentDice,
  parseIntents,
  threatLetter,
} from '../systems/zidara/roll/notation.ts';
import { legalPools } from '../systems/zidara/roll/pool.ts';
import { parseRoll, type Roll, type RollSpec, rollToSpec } from '../systems/zidara/roll/spec.ts';
import type { RollSimulation } from '../systems/zidara/simulate.ts';
import { sameRange } from './flags.ts';
import { stoppedEarly } from './outcome-table.ts';
import { runSimulation, summarizeRun } from './run-simulation.ts';
import { addSimulationOptions } from './simulation-flags.ts';
import { oneSpecFor, printResults, specOption, specsFromOptions } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';
import {
  addCharacterOptions,
  addPlayOptions,
  type CharacterFlags,
  diceWordsError,
  FLAG_OF_FIELD,
  FLAG_PARSERS,
  flagsSetup,
  inFlagWords,
} from './zidara-flags.ts';

/** `dicelab zidara …`: the flagship system's commands. Returns the `zidara` command so others can add theirs. */
export function zidaraCommand(program: Command) {
  const zidara = program
    .command('zidara')
    .description(
      "Zi'Dara: steps become dice, dice beat a Challenge die; Aura and Resolve shape the roll",
    );
  registerOdds(zidara);
  registerSimulate(zidara);
  registerPools(zidara);
  return zidara;
}

const ODDS_HELP = `
Intents (one word each, or separated by | as splits are printed: "d8 | d4" and a quoted
"d8 d4" are d8 d4; dice on one word stack for advantage):
  d12            a d12 on its own intent
  d6+d4 or 2d6   two dice on one intent: the best counts
  d8@B           aimed at the second threat (threats are A, B, … in --vs order)
  d8*2           an intent worth twice as much in the objective
  area:d4        the Elementalist's area die (no intent)

Examples:
  dicelab zidara odds d12 d4 --vs 3 --aura 5 --resolve 1
  dicelab zidara odds d6+d6 d4@B --vs 3 --vs 5 --boosts 0
  dicelab zidara odds --spec rolls.json --json
`;

/**
 * The flags that describe one roll (or, with --spec, a file of them), shared by `odds` and
 * `simulate`; `rollsFromOptions` turns them into validated rolls.
 */
function addRollOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  GlobalOpts extends OptionValues,
>(command: Command<Args, Opts, GlobalOpts>) {
  const flags = addPlayOptions(addCharacterOptions(command)).option(
    '--vs <challenge>',
    "a threat's Challenge C (it rolls d2C); repeat for several threats",
    collectChallenge,
  );
  // --policy and --rerolls are how the roll is played, not the roll: they apply to a file's too.
  return flags
    .addOption(
      specOption(flags, 'roll spec(s) as JSON or YAML: one object, or an array of them', [
        'policy',
        'rerolls',
      ]),
    )
    .option('--json', 'machine-readable output (one object, or an array for an array of specs)');
}

type RollFlags = Parameters<typeof specFromFlags>[1] & { spec?: string | undefined };

async function rollsFromOptions(
  words: string[],
  options: RollFlags,
): Promise<{ rolls: Roll[]; many: boolean }> {
  if (options.spec !== undefined && (words.length > 0 || options.vs !== undefined)) {
    throw new InputError('--spec: give a spec file or dice with --vs, not both');
  }
  // A roll of dice words is refused of the words; a file's, of its fields (it has them).
  const parse = (spec: unknown, where: string) => {
    try {
      return parseRoll(spec, where);
    } catch (error) {
      throw options.spec === undefined ? diceWordsError(error, words) : error;
    }
  };
  const { specs, many } = await specsFromOptions(options, {
    parse,
    flags: FLAG_OF_FIELD,
    fromFlags: () => specFromFlags(words, options),
  });
  return { rolls: specs, many };
}

function registerOdds(zidara: Command) {
  addRollOptions(
    zidara
      .command('odds')
      .description('exact odds of one roll, every decision played optimally (or by a named policy)')
      .argument('[intents...]', 'dice per intent, e.g. d12 d6+d4 (see below)'),
  )
    .addHelpText('after', ODDS_HELP)
    .action(async (words, options) => {
      const { rolls, many } = await rollsFromOptions(words, options);
      const solve = { policy: options.policy as Policy, rerolls: options.rerolls as RerollKinds };
      // Specs are solved a batch at a time as they are printed (memory stays bounded).
      const solved = oddsInBatches(rolls, solve);
      await inFlagWords(options, () =>
        printResults(
          rolls,
          many,
          options.json,
          () => solved.next().value!,
          (odds, roll, prose) => formatOdds(roll, odds, prose, solve.rerolls),
        ),
      );
    });
}

function registerSimulate(zidara: Command) {
  addSimulationOptions(
    addRollOptions(
      zidara
        .command('simulate')
        .description(
          'Monte Carlo estimate of a roll, on a worker pool, with 95% intervals; the same seed gives the same result on any number of threads',
        )
        .argument('[intents...]', 'dice per intent, e.g. d12 d6+d4 (as for odds)'),
    ),
  )
    .addHelpText(
      'after',
      `\nExamples:\n  dicelab zidara simulate d12 d4 --vs 3 --resolve 1 --trials 1e7 --seed 7\n  dicelab zidara simulate --spec rolls.json --trials 1e6 --json\n  dicelab zidara simulate d12 --vs 3 --shard 0/2 --partial part0.json   (then: dicelab merge part*.json)\n  dicelab zidara simulate d12 d4 --vs 3 --trials 1e10 --queue redis://127.0.0.1:6379 --shards 64   (on dicelab queue workers)\n`,
    )
    .action(async (words, options) => {
      const { rolls, many } = await rollsFromOptions(words, options);
      if (options.shard) oneSpecFor('--shard', rolls, `--spec ${options.spec}`);
      if (options.partial) oneSpecFor('--partial', rolls, `--spec ${options.spec}`);
      const policy = options.policy as Policy;
      const rerolls = options.rerolls as RerollKinds;
      // The simulator and its intervals load with the command that simulates.
      const { simulationSpec } = await import('../systems/zidara/simulate.ts');
      const summaries: (RollSimulation & { seed: number })[] = [];
      const print = async () => {
        if (summaries.length === 0) return;
        const done = rolls.slice(0, summaries.length).map((roll, i) => ({ roll, i }));
        await printResults(
          done,
          many,
          options.json,
          ({ i }) => summaries[i]!,
          (simulation, { roll }, prose) => formatSimulation(roll, simulation, prose, rerolls),
        );
      };
      for (const [n, roll] of rolls.entries()) {
        let last = n === rolls.length - 1;
        // The last run's `after` prints them all: with --partial (one roll), once its file is in place.
        const after = async (result: SimulationResult) => {
          const summary = await summarizeRun(result);
          // An empty shard (one spec), or a run stopped before any chunk finished, has nothing to print.
          if (summary !== undefined) summaries.push(summary as RollSimulation & { seed: number });
          if (summary === undefined || result.interrupted) last = true;
          if (last) await print();
        };
        await inFlagWords(options, () =>
          runSimulation('systems/zidara/simulate', simulationSpec(roll, policy, rerolls), options, {
            after,
          }),
        );
        if (last) break;
      }
    });
}

/** Each --vs given, in order (no default: a roll from flags needs one, and help says none). */
const collectChallenge = sameRange(
  FLAG_PARSERS.challenge,
  (raw: string, previous: number[] | undefined): number[] => [
    ...(previous ?? []),
    FLAG_PARSERS.challenge(raw),
  ],
);

function specFromFlags(
  words: string[],
  options: CharacterFlags & { vs?: number[] | undefined; resolve: number },
): RollSpec & Record<string, unknown> {
  if (words.length === 0) throw missing('dice', 'intents such as d12 d4, or --spec FILE');
  const { vs } = options;
  if (vs === undefined) throw missing('--vs', 'the Challenge to beat, e.g. --vs 3');
  const { rerolls: _rerolls, policy: _policy, resolve: _resolve, ...setup } = flagsSetup(options);
  return {
    ...setup,
    threats: vs.map((challenge) => ({ challenge })),
    ...parseIntents(words, vs.length),
    resolve: options.resolve,
  };
}

/** A roll's setup in words, as every Zi'Dara table and chart says it (`describeSetup`). */
function setupLine(roll: Roll, policy: Policy, rerolls?: RerollKinds): string {
  const { threats: _threats, dice: _dice, intents: _intents, ...options } = rollToSpec(roll);
  return describeSetup({ ...options, policy, ...(rerolls === undefined ? {} : { rerolls }) });
}

/**
 * One roll's odds for people: the roll in words, a line per intent, then the roll's figures;
 * `prose` lays out the words.
 */
function formatOdds(roll: Roll, odds: RollOdds, prose: ProseLayout, rerolls?: RerollKinds): string {
  const header = prose([
    `${describeDice(roll)}  against  ${describeThreats(roll)}`,
    setupLine(roll, odds.policy, rerolls),
  ]).join('\n');
  const intents = formatTable(
    [
      { key: 'intent', header: 'intent' },
      { key: 'dice', header: 'dice' },
      { key: 'against', header: 'against' },
      { key: 'weight', header: 'weight' },
      { key: 'pWin', header: 'win chance', format: (p: number) => formatPercent(p) },
    ],
    odds.intents.map((intent, i) => ({
      intent: i + 1,
      dice: intentDice(roll, i),
      against: `${roll.threats.length > 1 ? `${threatLetter(intent.threat)}: ` : ''}${challengeName(roll.threats[intent.threat]!.challenge)}`,
      weight: intent.weight,
      pWin: intent.pWin,
    })),
  );
  const figures: [string, string][] = [
    ['intents won', odds.winsDistribution.map((p, k) => `${k}: ${formatPercent(p)}`).join('   ')],
    ['expected intents won', odds.expectedWins.toFixed(3)],
    ['all intents won', formatPercent(odds.pAllWin)],
    ['Aura gained (top faces)', odds.expectedAuraGained.toFixed(3)],
    ['Aura spent', odds.expectedAuraSpent.toFixed(3)],
    ['Aura shared (past the cap)', odds.expectedAuraShared.toFixed(3)],
    ['Aura at the end', odds.expectedAuraEnd.toFixed(3)],
    ['Resolve at the end', odds.expectedResolveEnd.toFixed(3)],
    ['expected utility', odds.expectedUtility.toFixed(6)],
  ];
  if (odds.pExplodeCapped !== undefined)
    figures.push(['P(an explosion hit the depth cap)', odds.pExplodeCapped.toExponential(2)]);
  if (odds.area)
    figures.push([
      `area die d${odds.area.sides}: expected size`,
      odds.area.expectedSize.toFixed(3),
    ]);
  return rollSheet(header, intents, figures);
}

/** The decimals of a simulated mean and of its interval's ends (a chance is a percentage). */
const MEAN_DIGITS = 4;

/** A simulated roll for people: the same layout as the exact odds, each figure with its interval. */
function formatSimulation(
  roll: Roll,
  sim: RollSimulation & { seed: number },
  prose: ProseLayout,
  rerolls?: RerollKinds,
): string {
  const range = ([lo, hi]: readonly [number, number], pct = true) =>
    pct
      ? `${formatPercent(lo, 2)} to ${formatPercent(hi, 2)}`
      : Number.isFinite(hi)
        ? `${lo.toFixed(MEAN_DIGITS)} to ${hi.toFixed(MEAN_DIGITS)}`
        : `${lo.toFixed(MEAN_DIGITS)} or more`;
  // A mean and its interval, to the same digits.
  const mean = (estimate: number, interval: readonly [number, number]) =>
    `${estimate.toFixed(MEAN_DIGITS)}  (${range(interval, false)})`;
  const header = prose([
    `${describeDice(roll)}  against  ${describeThreats(roll)}`,
    setupLine(roll, sim.policy, rerolls),
    `${formatCount(sim.trials)} trials, seed ${sim.seed}${stoppedEarly(sim)}`,
  ]).join('\n');
  const intents = formatTable(
    [
      { key: 'intent', header: 'intent' },
      { key: 'dice', header: 'dice' },
      { key: 'pWin', header: 'win chance', format: (p: number) => formatPercent(p, 2) },
      { key: 'ci', header: '95% interval' },
    ],
    sim.intents.map((intent, i) => ({
      intent: i + 1,
      dice: intentDice(roll, i),
      pWin: intent.pWin,
      ci: range(intent.ci95),
    })),
  );
  const ci = sim.ci95;
  const lines: [string, string][] = [
    ['expected intents won', mean(sim.expectedWins, ci.expectedWins)],
    ['all intents won', `${formatPercent(sim.pAllWin, 2)}  (${range(ci.pAllWin)})`],
    ['Aura gained (top faces)', mean(sim.expectedAuraGained, ci.expectedAuraGained)],
    // One line each, as `formatOdds` gives them, each with room for its interval.
    ['Aura spent', mean(sim.expectedAuraSpent, ci.expectedAuraSpent)],
    ['Aura shared (past the cap)', mean(sim.expectedAuraShared, ci.expectedAuraShared)],
    ['Aura at the end', mean(sim.expectedAuraEnd, ci.expectedAuraEnd)],
    ['Resolve at the end', mean(sim.expectedResolveEnd, ci.expectedResolveEnd)],
    ['expected utility', mean(sim.expectedUtility, ci.expectedUtility)],
  ];
  // The figures the exact odds add for a Warrior and an Elementalist, as `formatOdds` names them.
  if (sim.pExplodeCapped !== undefined && ci.pExplodeCapped)
    lines.push([
      'P(an explosion hit the depth cap)',
      `${sim.pExplodeCapped.toExponential(2)}  (${ci.pExplodeCapped.map((p) => p.toExponential(2)).join(' to ')})`,
    ]);
  const area = roll.dice.find((die) => die.area);
  if (area && sim.areaSize !== undefined && ci.areaSize)
    lines.push([`area die d${area.sides}: expected size`, mean(sim.areaSize, ci.areaSize)]);
  return rollSheet(header, intents, lines);
}

/** A roll's header, its intents table and its figures, names padded to one column. */
function rollSheet(header: string, intents: string, figures: readonly [string, string][]): string {
  const width = Math.max(...figures.map(([name]) => name.length));
  return [
    header,
    '',
    intents,
    '',
    ...figures.map(([name, value]) => `${name.padEnd(width)}  ${value}`),
  ].join('\n');
}

function registerPools(zidara: Command) {
  zidara
    .command('pools')
    .description('every legal pool for a number of steps and actions')
    .requiredOption('--steps <S>', 'steps in the roll', FLAG_PARSERS.steps)
    .option('--actions <A>', 'actions in the roll (each gives one split)', FLAG_PARSERS.actions, 1)
    .option('--json', 'print an array of pools, each an array of die sides high to low')
    .addHelpText('after', '\nExample:\n  dicelab zidara pools --steps 8 --actions 1\n')
    .action((options) => {
      const pools = legalPools(options.steps, options.actions);
      if (options.json) {
        process.stdout.write(`${JSON.stringify(pools)}\n`);
        return;
      }
      const rows = pools.map((pool) => ({
        pool: pool.map((n) => `d${n}`).join(' '),
        dice: pool.length,
      }));
      process.stdout.write(
        `${formatTable(
          [
            { key: 'pool', header: 'pool' },
            { key: 'dice', header: 'dice' },
          ],
          rows,
          {
            title: `${pools.length} legal pools for ${options.steps} steps and ${options.actions} action${options.actions === 1 ? '' : 's'}`,
          },
        )}\n`,
      );
      const past = pastExactNote(options.steps, options.actions);
      if (past) process.stdout.write(`\n${past}\n`);
    });
}
