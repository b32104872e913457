/**
 * `dicelab/zidara`: the flagship system, Zi'Dara. Steps become dice, dice are split among
 * intents, each intent must beat its threat's Challenge die; Aura buys a +2 or a tie, Resolve
 * buys rerolls (the rules page, `rules/zidara.md`; dicelab's readings: the README's "Rules as
 * modelled").
 *
 * Every function here calls the engine the CLI calls: `odds(spec)` is what
 * `dicelab zidara odds --spec FILE --json` prints for that spec, `advise(state)` what
 * `dicelab zidara advise --spec FILE --json` prints, `simulate(spec, { trials, seed })` what
 * `dicelab zidara simulate --spec FILE --json` prints with those flags, and each analysis'
 * rows what its command prints with `--format json`. Bad input throws an `InputError` naming
 * the field, the value and what is allowed (`[2].dice[0].sides` for the third spec of an array).
 * @packageDocumentation
 */
// The systems' list registers the kernel catalogue the ids below are looked up in.
import '../systems/systems.ts';

import { InputError, invalid } from '../input/input-error.ts';
import { integerText } from '../input/integer-text.ts';
import { parseOptions, SIMULATE_OPTION_SHAPE } from '../input/library-options.ts';
import { answerEachSpec } from '../input/spec-array.ts';
import { type SimulateOptions, simulateSummary } from '../montecarlo/simulate-summary.ts';
import type { AnalysisProgress } from '../systems/analysis-declaration.ts';
import {
  type AnalysisJob,
  type AnalysisResult,
  checkAnalysisNamed,
  runAnalysisNamed,
} from '../systems/run-analysis.ts';
import {
  type Advice,
  type AdvisedAction,
  type AuraSpends,
  advise as adviseRequest,
  parseAdviceRequest,
} from '../systems/zidara/engine/advise.ts';
import { oddsInBatches, type RollAnswer } from '../systems/zidara/engine/odds-in-batches.ts';
import type { Policy, RerollKinds } from '../systems/zidara/engine/roll-play.ts';
import {
  type FightOdds,
  type FightOptions,
  fightOdds,
  parseFight,
} from '../systems/zidara/fight/fight.ts';
import type { FightIntervals, FightSimulation } from '../systems/zidara/fight/simulate-fight.ts';
import {
  challengeDie as challengeDieOf,
  legalPools as legalPoolsOf,
  stepsToDice as stepsToDiceOf,
} from '../systems/zidara/roll/pool.ts';
import { parseRoll, ROLL_LIMITS, type RollSpec } from '../systems/zidara/roll/spec.ts';
import { PLAY_OPTION_SHAPE, playOf } from '../systems/zidara/roll/split-roll.ts';
import {
  type RollIntervals,
  type RollSimulation,
  simulationSpec,
} from '../systems/zidara/simulate.ts';

// Thrown for bad input by every function here: exported where it is caught.
export { InputError } from '../input/input-error.ts';
export { SIMULATION_DEFAULTS } from '../montecarlo/chunk-plan.ts';
// Named in the signatures and results below (a job's options, a result's fields): a consumer
// names them to type what it passes on.
export type { AnalysisName } from '../systems/analyses.ts';
export type {
  AnalysisDeclaration,
  AnalysisProgress,
  WhatIfShape,
} from '../systems/analysis-declaration.ts';
export type { Analyses, AnalysisJob, AnalysisResult } from '../systems/run-analysis.ts';
// The analyses, one a file, each returning rows (`runAnalysis` runs any of them as a job)
export {
  ADVANTAGE_DEFAULTS,
  type AdvantageOptions,
  type AdvantageRow,
  advantage,
} from '../systems/zidara/analyses/advantage.ts';
export {
  FIGHT_CURVES_DEFAULTS,
  type FightCurveRow,
  type FightCurvesOptions,
  fightCurves,
} from '../systems/zidara/analyses/fight-curves.ts';
export { type FightRoundRow, fightRounds } from '../systems/zidara/analyses/fight-rounds.ts';
export {
  FISHING_DEFAULTS,
  type FishingOptions,
  type FishingRow,
  fishing,
} from '../systems/zidara/analyses/fishing.ts';
export {
  REROLLS_DEFAULTS,
  type RerollRow,
  type RerollsOptions,
  rerolls,
} from '../systems/zidara/analyses/rerolls.ts';
export {
  type RankStatedSplitsOptions,
  rankStatedSplits,
  SPLIT_OBJECTIVES,
  SPLITS_DEFAULTS,
  SPLITS_LIMITS,
  type SplitObjective,
  type SplitRow,
  type SplitsOptions,
  splits,
} from '../systems/zidara/analyses/splits.ts';
export {
  POOL_RULES,
  type PoolRule,
  TUNE_DEFAULTS,
  type TuneAnswer,
  type TuneOptions,
  type TuneRow,
  type TuneTargetOptions,
  type TuneTargets,
  tuneGrid,
  tuneTarget,
  tuneTargets,
} from '../systems/zidara/analyses/tune.ts';
export {
  type RowShape,
  WHAT_IF_SHAPES,
  type WhatIfAnalysis,
  type WhatIfRow,
  type WhatIfUnit,
  whatIfPairs,
} from '../systems/zidara/analyses/what-if.ts';
export type { ActionFigures } from '../systems/zidara/engine/advise.ts';
// How a roll is played, and what the engine reports of it
export {
  PLAY_DEFAULTS,
  POLICIES,
  type Policy,
  REROLL_KINDS,
  type RerollKinds,
  type RollEnding,
  type RollOdds,
} from '../systems/zidara/engine/roll-play.ts';
export type { Fight } from '../systems/zidara/fight/fight.ts';
// Fights
export {
  FIGHT_DEFAULTS,
  FIGHT_LIMITS,
  FIGHT_POLICIES,
  type FightPolicy,
  meanRoundsToWin,
} from '../systems/zidara/fight/fight.ts';
export { DIE_SIDES } from '../systems/zidara/roll/pool.ts';
export type { RuleOptionCommon } from '../systems/zidara/roll/rule-options.ts';
// The rule options, each declared once (rule variants included): what flags, schemas and docs read
export {
  RULE_OPTION_NAMES,
  RULE_OPTIONS,
  RULE_VARIANT_NAMES,
  type RuleOption,
  type RuleOptionName,
  type RuleOptionValues,
  type RuleVariantName,
} from '../systems/zidara/roll/rule-options.ts';
// The roll: its spec, defaults, limits and notation
export {
  DEFENDING,
  type DieSpec,
  parseRoll,
  ROLL_DEFAULTS,
  ROLL_LIMITS,
  type Roll,
  type RollDie,
  type RollHeading,
  type RollSpec,
  rollToSpec,
} from '../systems/zidara/roll/spec.ts';
export {
  formatPool,
  formatSplit,
  parseSplit,
  type Split,
  splitSteps,
  splitsOfPool,
} from '../systems/zidara/roll/split.ts';
export type { CharacterSetup, RollSetup } from '../systems/zidara/roll/split-roll.ts';
export type { Range } from '../systems/zidara/simulate.ts';
export type {
  Advice,
  AdvisedAction,
  AuraSpends,
  FightIntervals,
  FightOdds,
  FightOptions,
  FightSimulation,
  RollAnswer,
  RollIntervals,
  RollSimulation,
  SimulateOptions,
};

// The pool functions, held to a roll's limits here: inside, the engine calls them unchecked.

/**
 * Runs one analysis as a job: its rows, every figure exact and raw, and what else it found (the
 * splits ranked, the tune's target answers). Pure; bad parameters throw an InputError before
 * anything is solved, a field of `options` named as the analysis' own function names it
 * (`options.steps`), the job's own fields (`analysis`, `name`, `splits`, …) as they are. A long
 * one says how far it is to `progress` (the splits: splits solved of all).
 * @example runAnalysis({ analysis: 'stated-splits', splits: ['d12', 'd6+d6'], options: { challenge: 3 } }).rows[0].split // "d6+d6"
 */
export function runAnalysis(job: AnalysisJob, progress?: AnalysisProgress): AnalysisResult {
  return runAnalysisNamed(job, progress);
}

/**
 * Checks a job's parameters without solving anything: every option as its analysis reads it,
 * the splits' notation, and one sample roll (or fight) of its setup. Well under a millisecond.
 * @throws InputError naming the field, an option as `options.<field>` ("options.stacks[1][0]").
 * @example checkAnalysis({ analysis: 'advantage', name: 'a', options: { most: 13 } }) // throws "options.most: 13 is not allowed (expected an integer from 1 to 12)"
 */
export function checkAnalysis(job: AnalysisJob): void {
  checkAnalysisNamed(job);
}

/**
 * Steps → dice without splitting: ⌊S/6⌋ d12 plus d(2·(S mod 6)) when the remainder is not 0.
 * @example stepsToDice(8) // [12, 4]
 * @throws InputError naming `steps` unless it is an integer from 1 to {@link ROLL_LIMITS}`.steps`.
 */
export function stepsToDice(steps: number): number[] {
  return stepsToDiceOf(checkRollSize('steps', steps, ROLL_LIMITS.steps));
}

/**
 * The die a Challenge rolls: C is d(2C).
 * @example challengeDie(3) // 6
 * @throws InputError naming `challenge` unless it is an integer from 1 to {@link ROLL_LIMITS}`.challenge`.
 */
export function challengeDie(challenge: number): number {
  return challengeDieOf(checkRollSize('challenge', challenge, ROLL_LIMITS.challenge));
}

/**
 * Every legal pool for `steps` steps and `actions` actions: multisets of die sizes whose steps
 * (N/2 each, 1..6 per die) sum to S, with a count k where ⌈S/6⌉ ≤ k ≤ min(S, ⌈S/6⌉ + actions).
 * Each pool is sorted high to low; the list is in ascending lexicographic order.
 * @example legalPools(4, 1) // [[4, 4], [6, 2], [8]]
 * @throws InputError naming `steps` unless it is an integer from 1 to {@link ROLL_LIMITS}`.steps`,
 * or `actions` unless it is an integer from 1 to {@link ROLL_LIMITS}`.actions` (`--actions`' bounds).
 */
export function legalPools(steps: number, actions: number): number[][] {
  return legalPoolsOf(
    checkRollSize('steps', steps, ROLL_LIMITS.steps),
    checkRollSize('actions', actions, ROLL_LIMITS.actions),
  );
}

/** `value` if it is an integer from 1 to `limit`; otherwise an InputError naming `field`. */
function checkRollSize(field: string, value: number, limit: number): number {
  if (!Number.isSafeInteger(value) || value < 1 || value > limit)
    throw invalid(field, value, integerText(1, limit));
  return value;
}

/** How a roll is played: the options `zidara odds` and `simulate` take as `--policy` and `--rerolls`. */
export interface PlayOptions {
  /** Who decides: the engine's optimum or a named simple policy. @defaultValue {@link PLAY_DEFAULTS}.policy */
  readonly policy?: Policy;
  /** Rerolls the optimal policy may use. @defaultValue {@link PLAY_DEFAULTS}.rerolls */
  readonly rerolls?: RerollKinds;
}

/**
 * `policy` or `rerolls` written into a roll spec of `call` (`odds`, `simulate`), as `splits` and
 * the scenario files take them: refused with where they go, the options, not as an unknown field.
 */
function refusePlayInSpec(input: unknown, call: string): void {
  const specs: unknown[] = Array.isArray(input) ? input : [input];
  specs.forEach((spec, i) => {
    if (typeof spec !== 'object' || spec === null) return;
    for (const field of Object.keys(PLAY_OPTION_SHAPE)) {
      if (!Object.hasOwn(spec, field)) continue;
      const where = `${Array.isArray(input) ? `[${i}].` : ''}${field}`;
      const value = JSON.stringify((spec as Record<string, unknown>)[field]) ?? 'undefined';
      throw new InputError(
        `${where}: a field of the options, not of the roll (expected ${call}(${Array.isArray(input) ? 'specs' : 'spec'}, { ${field}: ${value} }))`,
        where,
      );
    }
  });
}

/**
 * Exact odds of a roll, every decision played optimally (or by `options.policy`): its intents'
 * win chances, the intents won, Aura and Resolve figures, headed by the system and the roll as
 * solved (`system`, `spec`, as every system's `odds` answers). An array of specs gives an array of
 * odds, specs of one shape sharing a solve. What `dicelab zidara odds --spec FILE --json`
 * prints. Milliseconds for the rules' rolls; a big pool with Resolve takes far longer, each
 * Resolve level keeping a table of every dice-and-Aura state (12 d12 over 4 intents, C6,
 * `auraMax` 5: 0.09 s and 70 MB with Resolve 0, 25 s and 0.7 GB with Resolve 1, about 90 s
 * and 1.5 GB with Resolve 10).
 * @throws InputError naming the spec field (`[i].` first for the i-th of an array), or `options`.
 * @example odds({ threats: [{ challenge: 3 }], dice: [{ sides: 12, intent: 0 }, { sides: 4, intent: 1 }], auraMax: 0 }).intents.map((i) => i.pWin) // [0.7083…, 0.25] (51/72: a d12 beats a d6 without Aura)
 * @example odds([{ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] }, { threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }] }], { policy: 'never' }).length // 2
 */
export function odds(spec: RollSpec, options?: PlayOptions): RollAnswer;
export function odds(specs: readonly RollSpec[], options?: PlayOptions): RollAnswer[];
export function odds(
  input: RollSpec | readonly RollSpec[],
  options: PlayOptions = {},
): RollAnswer | RollAnswer[] {
  const play = playOf(parseOptions(PLAY_OPTION_SHAPE, options));
  refusePlayInSpec(input, 'odds');
  return answerEachSpec(input, parseRoll, (rolls) => oddsInBatches(rolls, play));
}

/**
 * A roll simulated on the worker pool: the figures of {@link odds} (same names), each with its
 * 95% interval, headed by the seed. The same seed gives the same result on any number of
 * threads; what `dicelab zidara simulate --spec FILE --trials N --seed S --json` prints.
 * @throws InputError naming the spec field or the option.
 * @example (await simulate({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] }, { trials: 1000, threads: 1 })).trials // 1000
 */
export async function simulate(
  spec: RollSpec,
  options: SimulateOptions & PlayOptions = {},
): Promise<RollSimulation & { seed: number; interrupted?: true }> {
  const { policy, rerolls } = playOf(
    parseOptions({ ...PLAY_OPTION_SHAPE, ...SIMULATE_OPTION_SHAPE }, options),
  );
  if (!Array.isArray(spec)) refusePlayInSpec(spec, 'simulate');
  const { policy: _p, rerolls: _r, ...run } = options;
  return simulateSummary(
    'systems/zidara/simulate',
    simulationSpec(parseRoll(spec), policy, rerolls),
    run,
  );
}

/**
 * A rolled state, mid-roll, as `zidara advise --spec` reads it: the roll (its `aura` and
 * `resolve` what the player holds now, the shown dice's top faces already counted), each die's
 * face in `roll.dice` order, each threat's Challenge die face in `roll.threats` order; with
 * late Aura (`auraGainUsableSameRoll: false`) the top faces rolled so far, `auraPending`.
 */
export interface AdviceState {
  readonly roll: RollSpec;
  readonly shown: readonly number[];
  readonly defence: readonly number[];
  readonly auraPending?: number;
}

/**
 * Mid-roll advice: every legal action in a rolled state (stop, and while the roll has failed
 * and Resolve is left, reroll one die or all), valued by the exact engine, best first, with
 * the spends stopping makes. An array of states gives an array of advice. What
 * `dicelab zidara advise --spec FILE --json` prints.
 * @throws InputError naming the field (`roll.dice[0].sides`, `shown[1]`, `defence[0]`).
 * @example advise({ roll: { threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }, { sides: 4, intent: 1 }], aura: 3, resolve: 1 }, shown: [3, 4], defence: [5] }).best // { action: "reroll-one", die: 0, expectedWins: 1.5 }
 */
export function advise(state: AdviceState): Advice;
export function advise(states: readonly AdviceState[]): Advice[];
export function advise(input: AdviceState | readonly AdviceState[]): Advice | Advice[] {
  return answerEachSpec(input, parseAdviceRequest, (requests) => requests.map(adviseRequest));
}

/**
 * A whole fight solved exactly: a threat with Challenge C and T tags, round after round, as a
 * Markov chain over (tags, Aura, Resolve) with every roll played optimally: P(won within n
 * rounds), Aura and Resolve round by round, the opening split. An array of fights gives an
 * array. The `exact` of `dicelab zidara fight --spec FILE --json`. Milliseconds to seconds
 * (whole-fight play and large pools take longest).
 * @throws InputError naming the field.
 * @example fight({ challenge: 3, tags: 2, pool: [12, 4] }).pWinWithin[0] // 0.89106…
 */
export function fight(spec: FightOptions): FightOdds;
export function fight(specs: readonly FightOptions[]): FightOdds[];
export function fight(input: FightOptions | readonly FightOptions[]): FightOdds | FightOdds[] {
  return answerEachSpec(input, parseFight, (fights) => fights.map((f) => fightOdds(f)));
}

/**
 * A fight simulated on the worker pool, each round's roll played by the exact engine's
 * decisions: the figures of {@link fight}, with 95% intervals. The `simulated` of
 * `dicelab zidara fight --spec FILE --json` with the same trials and seed.
 * @example (await simulateFight({ challenge: 3, tags: 1, pool: [8] }, { trials: 1000, threads: 1 })).trials // 1000
 */
export async function simulateFight(
  spec: FightOptions,
  options: SimulateOptions = {},
): Promise<FightSimulation & { seed: number; interrupted?: true }> {
  parseOptions(SIMULATE_OPTION_SHAPE, options);
  return simulateSummary('systems/zidara/fight/simulate-fight', parseFight(spec).spec, options);
}
