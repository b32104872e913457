import { availableParallelism } from 'node:os';
import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { formatChance } from '../format/format-chance.ts';
import { countOf } from '../format/format-count.ts';
import { formatPercent } from '../format/format-percent.ts';
import { InputError, invalid, missing } from '../input/input-error.ts';
import type { PartialOutput } from '../montecarlo/partial-result.ts';
import type { SimulationResult } from '../montecarlo/run.ts';
import { formatTable } from '../report/table.ts';
import { describeSetup } from '../report/zidara/describe-setup.ts';
import {
  DOWN_WITHIN_LABEL,
  OPENING_SPLIT_LABEL,
  ROUND_LABEL,
  ROUND_PLAYED_LABEL,
  ROUND_PLAYED_MEANS,
  STILL_STANDING_LABEL,
} from '../report/zidara/fight-figure-labels.ts';
import { fightCurveRows, shownWinWithin } from '../systems/zidara/analyses/fight-curves.ts';
import {
  FIGHT_DEFAULTS,
  FIGHT_LIMITS,
  FIGHT_POOL_ALLOWED,
  type Fight,
  type FightOdds,
  FightPlan,
  fightOdds,
  meanRoundsToWin,
  parseFight,
  WHOLE_FIGHT_PLAY,
} from '../systems/zidara/fight/fight.ts';
import type { FightSimulation } from '../systems/zidara/fight/simulate-fight.ts';
import { challengeName } from '../systems/zidara/roll/notation.ts';
import { refuseResourceValues } from '../systems/zidara/roll/rule-options.ts';
import { ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';
import { parsePool } from '../systems/zidara/roll/split.ts';
import type { Range } from '../systems/zidara/simulate.ts';
import { abortOnSigint } from './abort-on-sigint.ts';
import { stoppedEarly } from './outcome-table.ts';
import { runSimulation, summarizeRun } from './run-simulation.ts';
import { addSimulationOptions } from './simulation-flags.ts';
import { oneSpecFor, printResults, specOption, specsFromOptions } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';
import {
  addCharacterOptions,
  addRerollsOption,
  type CharacterFlags,
  FLAG_OF_FIELD,
  FLAG_PARSERS,
  fightPolicyOption,
  flagsSetup,
} from './zidara-flags.ts';

/**
 * `dicelab zidara fight`: a threat with Challenge C and T tags, round after round. Shows the
 * exact Markov chain over (tags, Aura, Resolve), for every fight the limits allow (FIGHT_LIMITS,
 * `work` among them), and the simulation on the worker pool, side by side.
 */
export function registerZidaraFight<Z extends Command<[], OptionValues, OptionValues>>(
  zidara: Z,
): Z {
  const fight = addRerollsOption(
    addCharacterOptions(
      zidara
        .command('fight')
        .description(
          'a whole fight: P(the threat falls within N rounds), Aura and Resolve round by round',
        )
        .option(
          '--vs <challenge>',
          "the threat's Challenge C (it rolls d2C)",
          FLAG_PARSERS.challenge,
        )
        .option(
          '--tags <T>',
          `tags the threat has, 1 to ${FIGHT_LIMITS.tags}: each intent won strips one`,
          FLAG_PARSERS.tags,
        )
        .option('--pool <dice>', 'a set pool rolled every round, e.g. "d12 d4"')
        .option(
          '--steps <S>',
          `or the set action's steps, 1 to ${FIGHT_LIMITS.steps}: its best legal pool is chosen every round`,
          FLAG_PARSERS.fightSteps,
        )
        .option(
          '--actions <A>',
          `actions in each roll, with --steps, each giving a split (default: ${FIGHT_DEFAULTS.actions})`,
          FLAG_PARSERS.fightActions,
        )
        .option(
          '--titles <n>',
          `Titles: Resolve at the start of the fight and its cap, 0 to ${ROLL_LIMITS.resolve}`,
          FLAG_PARSERS.resolve,
          FIGHT_DEFAULTS.titles,
        )
        .option(
          '--max-rounds <n>',
          `rounds before the fight is called, 1 to ${FIGHT_LIMITS.maxRounds}`,
          FLAG_PARSERS.maxRounds,
          FIGHT_DEFAULTS.maxRounds,
        )
        .addOption(fightPolicyOption()),
    ),
  );
  const noSimulate = new Option(
    '--no-simulate',
    'skip the simulation (not with --no-exact, nor the simulation flags)',
  );
  const fightFlags = fight
    .addOption(
      specOption(
        fight,
        `fight spec(s) as JSON or YAML (fields as the flags: challenge, tags, steps, …; but pool: ${FIGHT_POOL_ALLOWED}, not "d12 d4")`,
      ),
    )
    .option('--no-exact', 'skip the exact Markov chain (not with --no-simulate)')
    .addOption(noSimulate)
    .option('--json', 'machine-readable output');
  const before = new Set(fightFlags.options.map((option) => option.attributeName()));
  const command = addSimulationOptions(fightFlags, { trials: 200_000 });
  // A flag of the simulation alone would be ignored with --no-simulate: refused instead. The
  // exact whole-fight solve reads two of the flags it adds too: --threads, and --quiet (its bar).
  const sharedWithExact = new Set(['threads', 'quiet']);
  noSimulate.conflicts(
    command.options
      .map((option) => option.attributeName())
      .filter((name) => !before.has(name) && !sharedWithExact.has(name)),
  );
  command
    .addHelpText(
      'after',
      `
Each round the pool is split among the remaining tags and every decision is the exact engine's
optimal play: per-roll (the default), for that roll (utility: tags stripped + aura-value·Aura
+ resolve-value·Resolve); whole-fight, for the chance the threat is down within --max-rounds
(Aura and Resolve left are worth only the rounds they help win).

Examples:
  dicelab zidara fight --vs 3 --tags 3 --steps 8
  dicelab zidara fight --vs 4 --tags 2 --pool "d12 d4" --titles 2 --resolve-value 0.3 --json
  dicelab zidara fight --vs 5 --tags 5 --steps 12 --fight-policy whole-fight --no-simulate`,
    )
    .action(async (options) => {
      if (options.exact === false && options.simulate === false)
        throw new InputError(
          '--no-exact: cannot be used with --no-simulate (nothing would be worked out; drop one of them)',
          '--no-exact',
        );
      const { specs: fights, many } = await specsFromOptions(options, {
        parse: parseWholeFight,
        flags: FLAG_OF_FIELD,
        fromFlags: () => fightFromFlags(options),
      });
      // Without the simulation only the exact whole-fight solve runs on threads: per-roll play
      // would ignore --threads, so it is refused rather than silently dropped.
      if (
        options.simulate === false &&
        options.threads !== undefined &&
        fights.every((fight) => fight.fightPolicy !== 'whole-fight')
      )
        throw new InputError(
          `--threads: ${options.threads} does nothing with --no-simulate and per-roll play (only the simulation and the exact whole-fight solve use threads; drop it, or add --fight-policy whole-fight)`,
          '--threads',
        );
      const from = `--spec ${options.spec}`;
      if (options.shard && options.simulate !== false) oneSpecFor('--shard', fights, from);
      if (options.partial && options.simulate !== false) oneSpecFor('--partial', fights, from);
      const results: FightResult[] = [];
      for (const [n, fight] of fights.entries()) {
        let last = n === fights.length - 1;
        const exact = options.exact === false ? undefined : await exactFightOdds(fight, options);
        // The last fight's record prints them all: with --partial (one fight), once its file is in
        // place.
        const record = async (simulated?: FightSimulation & { seed: number }) => {
          // An empty shard with no exact chain has nothing to print, nor has a fight stopped
          // before any chunk finished (the fights before it print).
          if (simulated === undefined && !exact) last = true;
          else results.push(fightResult(fight, exact, simulated));
          if (last && results.length > 0) await printFights(results, many, options.json);
        };
        if (options.simulate === false) await record();
        else
          await runSimulation(FIGHT_KERNEL, fight.spec, options, {
            // Kept in a --partial file: merge prints the exact chain as this run does.
            output: { exact: options.exact !== false },
            after: async (result) =>
              record(
                (await summarizeRun(result)) as (FightSimulation & { seed: number }) | undefined,
              ),
          });
        if (last) break;
      }
    });
  return zidara;
}

/** The kernel that simulates a fight. */
const FIGHT_KERNEL = 'systems/zidara/fight/simulate-fight';

/**
 * A fight's exact chain, as `zidara fight` works it out: a whole fight solved on the worker
 * threads `threads` allows (default: all cores), with its bar on a terminal unless `quiet`.
 */
async function exactFightOdds(
  fight: Fight,
  { threads, quiet }: { threads?: number | undefined; quiet?: boolean | undefined },
): Promise<FightOdds> {
  const plan = new FightPlan(fight);
  if (fight.fightPolicy !== 'whole-fight') return fightOdds(fight, plan);
  // The pool loads only here: a roll at the prompt never pays for it.
  const [{ fightOddsOnThreads, solvesOnThreads }, { progressBar }] = await Promise.all([
    import('../systems/zidara/fight/fight-on-threads.ts'),
    import('./progress-bar.ts'),
  ]);
  const onThreads = threads ?? availableParallelism();
  const bar = progressBar({ quiet, label: 'solving the fight exactly', unit: 'rounds' });
  // A solve has no partial result: Ctrl-C stops it at once, its bar cleared first. A small fight
  // is solved on the main thread, which holds the signal's handler back to its end (well under a
  // second): it keeps Node's own end at once (and draws no bar).
  const sigint = solvesOnThreads(fight, onThreads)
    ? abortOnSigint(process.stderr, { before: () => bar.stop(), stopOnSigint: true })
    : undefined;
  try {
    return await fightOddsOnThreads(plan, onThreads, bar.update);
  } finally {
    bar.stop();
    sigint?.dispose();
  }
}

/** One fight's figures as `zidara fight` records them: the chain's, the simulation's. */
function fightResult(
  fight: Fight,
  exact: FightOdds | undefined,
  simulated: (FightSimulation & { seed: number }) | undefined,
): FightResult {
  return {
    fight,
    challenge: fight.challenge,
    tags: fight.tags,
    exact,
    exactSkipped: exact ? undefined : 'as --no-exact asked',
    simulated,
  };
}

/** Fights' figures as `zidara fight` prints them: JSON with `json`, else a table each. */
function printFights(
  results: readonly FightResult[],
  many: boolean,
  json: boolean | undefined,
): Promise<void> {
  return printResults(
    results,
    many,
    json,
    // The exact chain's mean rounds to win as the text gives it (null when no fight is won, as
    // the simulation's): a figure of the chain, not one of its fields. Each result ends with its
    // system and the fight as solved (defaults filled), as odds and simulate name theirs; the
    // spec tells apart fights of one array that differ in more than the Challenge and tags.
    ({ fight, ...result }) => ({
      ...result,
      exact: result.exact && {
        ...result.exact,
        meanRoundsToWin: meanRoundsToWin(result.exact) ?? null,
      },
      system: 'zidara',
      spec: fight.spec,
    }),
    (r, { fight }, prose) => formatFight(prose, fight, r.exact, r.simulated, r.exactSkipped),
  );
}

/**
 * A fight's finished run (the merge of its shards), printed as `zidara fight` prints it run in
 * one go: the fight read back from the run's spec, its exact chain worked out again (the engine
 * is deterministic) unless `output.exact` is false (`--no-exact`), with the same summary.
 */
export async function printFightRun(
  result: SimulationResult,
  output: PartialOutput,
  json: boolean,
): Promise<void> {
  const fight = parseFight(result.spec);
  const exact = output.exact === false ? undefined : await exactFightOdds(fight, {});
  const simulated = (await summarizeRun(result)) as FightSimulation & { seed: number };
  await printFights([fightResult(fight, exact, simulated)], false, json);
}

/** One fight's figures, as `zidara fight` prints them. */
interface FightResult {
  readonly fight: Fight;
  readonly challenge: Fight['challenge'];
  readonly tags: Fight['tags'];
  readonly exact: FightOdds | undefined;
  readonly exactSkipped: string | undefined;
  readonly simulated: (FightSimulation & { seed: number }) | undefined;
}

/** A fight spec parsed, its worths of Aura and Resolve refused with whole-fight play. */
function parseWholeFight(input: unknown, where: string): Fight {
  const fight = parseFight(input, where);
  if (fight.fightPolicy === 'whole-fight')
    refuseResourceValues(
      fight.setup,
      'fightPolicy per-roll',
      WHOLE_FIGHT_PLAY,
      (name) => `${where}${name}`,
    );
  return fight;
}

type FightFlags = CharacterFlags & {
  vs?: number | undefined;
  tags?: number | undefined;
  pool?: string | undefined;
  steps?: number | undefined;
  actions?: number | undefined;
  titles: number;
  maxRounds: number;
  fightPolicy: string;
};

function fightFromFlags(options: FightFlags): Record<string, unknown> {
  if (options.vs === undefined) throw missing('--vs', 'the Challenge, e.g. --vs 3');
  if (options.tags === undefined) throw missing('--tags', 'the number of tags, e.g. --tags 3');
  // Said here by the flags, as fight-curves says it: the spec's check names its fields
  // ("a set pool (e.g. [12, 4]) or steps"), in a file's syntax, not the command line's.
  if (options.steps === undefined && options.pool === undefined)
    throw missing('--steps', '--steps or --pool (one of them), e.g. --steps 8 or --pool "d12 d4"');
  if (options.steps !== undefined && options.pool !== undefined)
    throw invalid('--steps', options.steps, 'either --steps or --pool (one of them)');
  const pool =
    options.pool === undefined
      ? undefined
      : parsePool(options.pool, '--pool', FIGHT_LIMITS.poolDice);
  if (options.fightPolicy === 'whole-fight')
    refuseResourceValues(options, '--fight-policy per-roll', WHOLE_FIGHT_PLAY);
  const { policy: _policy, ...setup } = flagsSetup(options);
  return {
    ...setup,
    challenge: options.vs,
    tags: options.tags,
    pool,
    steps: options.steps,
    actions: options.actions,
    titles: options.titles,
    maxRounds: options.maxRounds,
    fightPolicy: options.fightPolicy,
  };
}

/** A fight for people: one line per round, exact and simulated side by side; `prose` lays out the lines about it. */
function formatFight(
  prose: ProseLayout,
  fight: Fight,
  exact?: FightOdds,
  sim?: FightSimulation & { seed: number },
  skipped?: string,
): string {
  const rounds = (exact?.pWinWithin ?? sim?.pWinWithin ?? []).length;
  // The exact chance of a fight won by round k is a float sum that can reach 1 while the fight
  // may still be on after that round: it then reads as short of certain ("> 99.99%"), never
  // "100.00%", as in the fight-curves table and on the page (shownWinWithin).
  const curve = exact ? fightCurveRows(fight, exact) : [];
  const rows = Array.from({ length: rounds }, (_, k) => ({
    round: k + 1,
    exact: curve[k] ? formatPercent(shownWinWithin(curve[k]), 2) : '-',
    simulated: sim ? formatPercent(sim.pWinWithin[k]!, 2) : '-',
    interval: sim
      ? `${formatPercent(sim.pWinWithinCi95[k]![0], 2)} to ${formatPercent(sim.pWinWithinCi95[k]![1], 2)}`
      : '-',
    reached: formatChance((exact ?? sim)!.pReached[k]!),
    aura: ((exact ?? sim)!.auraAtStart[k] ?? 0).toFixed(2),
    auraSpent: ((exact ?? sim)!.auraSpent[k] ?? 0).toFixed(2),
    resolveSpent: ((exact ?? sim)!.resolveSpent[k] ?? 0).toFixed(2),
  }));
  const table = formatTable(
    [
      { key: 'round', header: ROUND_LABEL },
      { key: 'exact', header: `${DOWN_WITHIN_LABEL} (exact)`, align: 'right' },
      { key: 'simulated', header: 'Simulated', align: 'right' },
      { key: 'interval', header: '95% interval', align: 'right' },
      { key: 'reached', header: ROUND_PLAYED_LABEL, align: 'right' },
      { key: 'aura', header: 'Aura at start', align: 'right' },
      { key: 'auraSpent', header: 'Aura spent', align: 'right' },
      { key: 'resolveSpent', header: 'Resolve spent', align: 'right' },
    ],
    rows,
  );
  const { tags, challenge } = fight;
  const setup = describeSetup({
    ...fight.setup,
    aura: fight.startAura,
    auraMax: fight.auraMax,
    resolve: fight.titles,
  });
  const notes = [
    `${ROUND_PLAYED_LABEL}: ${ROUND_PLAYED_MEANS}; Aura and Resolve are means over those fights.`,
  ];
  if (exact)
    notes.push(
      `exact: ${STILL_STANDING_LABEL.toLowerCase()} ${countOf(rounds, 'round')} ${formatPercent(exact.pNotWon, 2)}; ${meanRoundsText(meanRoundsToWin(exact))}`,
    );
  if (skipped) notes.push(`exact chain skipped: ${skipped}`);
  // The simulation's mean is NaN when none of its fights is won (null in its JSON).
  if (sim)
    notes.push(
      `simulated: ${countOf(sim.trials, 'fight')}, seed ${sim.seed}${stoppedEarly(sim)}; ${meanRoundsText(Number.isNaN(sim.meanRoundsToWin) ? undefined : sim.meanRoundsToWin, sim.ci95.meanRoundsToWin)}`,
    );
  // The table is read in columns: only the lines about it are laid out as prose.
  return [
    ...prose([
      `Fight: ${tags} tag${tags === 1 ? '' : 's'} against ${challengeName(challenge)}${exact ? `; ${OPENING_SPLIT_LABEL.toLowerCase()} ${exact.openingSplit}` : ''}`,
      `${setup} (Resolve: the ${fight.titles} Titles, for the whole fight) · ${fight.fightPolicy} fight play`,
    ]),
    '',
    table,
    '',
    ...prose(notes),
  ].join('\n');
}

/**
 * The mean rounds to win in words, the exact chain's and the simulation's alike (the
 * simulation's with its 95% interval, to the mean's digits).
 */
function meanRoundsText(mean: number | undefined, ci95?: Range): string {
  if (mean === undefined) return 'no fight is won, so no mean rounds to win';
  const interval = ci95 ? `95% ${ci95[0].toFixed(3)} to ${ci95[1].toFixed(3)}, ` : '';
  return `mean rounds to win ${mean.toFixed(3)} (${interval}over the fights won)`;
}
