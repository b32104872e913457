import { z } from '#zod';
import { choice } from '../../../input/field-schemas.ts';
import { invalid } from '../../../input/input-error.ts';
import { parseSpec } from '../../../input/issue-messages.ts';
import { answerOptions } from '../../../input/library-options.ts';
import { defineAnalysis, type WhatIfShape } from '../../analysis-declaration.ts';
import { legalPools, stepsToDice } from '../roll/pool.ts';
import { ROLL_LIMITS, ROLL_SHAPE_SCHEMAS } from '../roll/spec.ts';
import { formatSplit, type Split } from '../roll/split.ts';
import {
  ROLL_SETUP_SHAPE,
  type RollSetup,
  type SplitQuestion,
  splitRoll,
  splitsMainWins,
} from '../roll/split-roll.ts';

/**
 * Which pool a character rolls at each step count, all dice on one intent:
 * - `best`: the legal pool (for the steps and actions) with the highest win chance at that
 *   Challenge (so the pool may change with the Challenge);
 * - `natural`: the pool the steps give with no split (`stepsToDice`: 8 steps → d12+d4).
 */
export const POOL_RULES = ['best', 'natural'] as const;
/** One of `POOL_RULES`. */
export type PoolRule = (typeof POOL_RULES)[number];

/**
 * What {@link tuneGrid} and {@link tuneTarget} assume when told nothing: the grid of 1 to 12
 * steps against C1 to C6, the best one-intent pool of one action; a target is searched up to
 * C20 (C7 and up are designers' what-ifs) or 36 steps, or to the grid's largest when it is past them.
 */
export const TUNE_DEFAULTS = {
  steps: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  challenges: [1, 2, 3, 4, 5, 6],
  actions: 1,
  pool: 'best',
  maxChallenge: 20,
  maxSteps: 36,
} as const satisfies Record<string, unknown> & { pool: PoolRule };

/** Options of {@link tuneGrid}. */
export interface TuneOptions extends RollSetup {
  /** Step counts, one grid row each. @defaultValue {@link TUNE_DEFAULTS}.steps */
  readonly steps?: readonly number[];
  /** Challenges, one grid column each. @defaultValue {@link TUNE_DEFAULTS}.challenges */
  readonly challenges?: readonly number[];
  /** Actions in the roll, for the `best` rule's pools. @defaultValue {@link TUNE_DEFAULTS}.actions */
  readonly actions?: number;
  /** Which pool is rolled. @defaultValue {@link TUNE_DEFAULTS}.pool */
  readonly pool?: PoolRule;
}

/** A character with `steps` steps against Challenge `challenge`. */
export type TuneRow = {
  readonly steps: number;
  readonly challenge: number;
  /** The one-intent pool rolled: "d12+d4". */
  readonly pool: string;
  /** P(the intent wins). */
  readonly winChance: number;
};

/**
 * The steps × Challenge grid: the win chance of a character's one-intent pool (by the pool
 * rule) at every step count against every Challenge. Rows by steps, then Challenge.
 * Cost: one solve per cell (`natural`) or per legal pool and cell (`best`): 12 × 6 cells with
 * the best of ~10 pools each take about a second.
 * @throws InputError naming the field (`options.steps[0]`), an unknown one too.
 * @example tuneGrid({ steps: [6], challenges: [3], pool: 'natural', auraMax: 0 })[0].winChance
 * // 0.7083… (d12 against d6: 51/72)
 */
export function tuneGrid(options: TuneOptions = {}): TuneRow[] {
  return answerOptions(tuneOptionsSchema.shape, options, tuneRows);
}

/**
 * {@link tuneGrid} as its job runs it, and a scenario's roll figures pick their pools: naming a
 * field bare (`steps[0]`: see `answerOptions`).
 */
export function tuneRows(options: TuneOptions): TuneRow[] {
  const {
    steps = TUNE_DEFAULTS.steps,
    challenges = TUNE_DEFAULTS.challenges,
    actions,
    pool,
  } = parseSpec(tuneOptionsSchema, options);
  const character = characterOf(options, actions, pool);
  return character(steps.flatMap((s) => challenges.map((c) => [s, c] as const)));
}

/** Options of {@link tuneTarget}: give `steps` to solve for the Challenge, or `challenge` to
 * solve for the steps. */
export interface TuneTargetOptions extends RollSetup {
  /** The win chance aimed at, in (0, 1) (required). */
  readonly target: number;
  /** The character's steps: solve for the Challenge. */
  readonly steps?: number;
  /** The Challenge: solve for the steps. */
  readonly challenge?: number;
  /** Actions in the roll, for the `best` rule's pools. @defaultValue {@link TUNE_DEFAULTS}.actions */
  readonly actions?: number;
  /** Which pool is rolled. @defaultValue {@link TUNE_DEFAULTS}.pool */
  readonly pool?: PoolRule;
  /** Highest Challenge searched. @defaultValue {@link TUNE_DEFAULTS}.maxChallenge */
  readonly maxChallenge?: number;
  /** Highest step count searched. @defaultValue {@link TUNE_DEFAULTS}.maxSteps */
  readonly maxSteps?: number;
}

/** Where a target falls: the nearest point, and the points on either side of the target. */
export interface TuneAnswer {
  readonly solveFor: 'challenge' | 'steps';
  readonly target: number;
  /** Of the two points either side, the one whose win chance is nearer the target (on a tie,
   * the one at or above it). */
  readonly nearest: TuneRow;
  /** The point with the win chance at or above the target nearest to it (none if even the
   * easiest point searched is below the target). */
  readonly above: TuneRow | null;
  /** The next point, below the target (none if even the hardest point searched reaches it). */
  readonly below: TuneRow | null;
}

/**
 * The Challenge (given `steps`) or the step count (given `challenge`) that puts the character
 * nearest a target win chance, with the figures on each side. Walks Challenge 1, 2, … (win
 * chance falling) or steps 1, 2, … (rising) until the target is crossed: a few solves.
 * @throws InputError naming the field (`options.target`), an unknown one too.
 * @example tuneTarget({ target: 0.6, steps: 6, pool: 'natural', auraMax: 0 }).nearest.challenge // 4
 */
export function tuneTarget(options: TuneTargetOptions): TuneAnswer {
  return answerOptions(targetSchema.shape, options, targetAnswer);
}

/** {@link tuneTarget} as a job runs it, naming a field bare (`target`: see `answerOptions`). */
function targetAnswer(options: TuneTargetOptions): TuneAnswer {
  const { target, maxChallenge, maxSteps, actions, pool } = parseSpec(targetSchema, options);
  const character = characterOf(options, actions, pool);
  if ((options.steps === undefined) === (options.challenge === undefined)) {
    throw invalid(
      'steps',
      options.steps,
      'exactly one of steps (to solve for the Challenge) and challenge (to solve for the steps)',
    );
  }
  let walk: TuneRow[];
  const solveFor = options.steps === undefined ? 'steps' : 'challenge';
  if (solveFor === 'challenge') {
    const steps = options.steps!;
    walk = walkUntil(
      maxChallenge ?? TUNE_DEFAULTS.maxChallenge,
      (c) => character([[steps, c]])[0]!,
      (row) => row.winChance < target,
    );
  } else {
    const challenge = options.challenge!;
    walk = walkUntil(
      maxSteps ?? TUNE_DEFAULTS.maxSteps,
      (s) => character([[s, challenge]])[0]!,
      (row) => row.winChance >= target,
    );
  }
  const atOrAbove = walk.filter((row) => row.winChance >= target);
  const under = walk.filter((row) => row.winChance < target);
  // The crossing: the last point above and the first below (solving for the Challenge), or the
  // last below and the first above (solving for the steps).
  const above = (solveFor === 'challenge' ? atOrAbove[atOrAbove.length - 1] : atOrAbove[0]) ?? null;
  const below = (solveFor === 'challenge' ? under[0] : under[under.length - 1]) ?? null;
  const nearest =
    above && below
      ? target - below.winChance < above.winChance - target
        ? below
        : above
      : (above ?? below)!;
  return { solveFor, target, nearest, above, below };
}

/** The pool a character rolls (see {@link characterOf}), and its setup (checked again by its rolls). */
const CHARACTER_SHAPE = {
  actions: ROLL_SHAPE_SCHEMAS.actions.optional(),
  pool: choice(POOL_RULES).optional(),
  ...ROLL_SETUP_SHAPE,
};
/** The options' fields: the grid's, and the character's. */
export const tuneOptionsSchema = z.strictObject({
  steps: z
    .array(ROLL_SHAPE_SCHEMAS.steps, { error: 'a list of step counts' })
    .min(1, { error: 'at least one step count' })
    .optional(),
  challenges: ROLL_SHAPE_SCHEMAS.challenges.optional(),
  ...CHARACTER_SHAPE,
});
/** What a target win chance may be: at 0 every point is at or above it, at 1 (nearly) none. */
export const TARGET_WIN_CHANCE = 'a win chance strictly between 0 and 1';
/** A target win chance: what `tuneTarget`'s `target`, `tuneTargets`', a job's `winChance`, a
 * scenario's and `zidara tune --target` take. */
export const winChanceSchema = z
  .number({ error: TARGET_WIN_CHANCE })
  .gt(0, { error: TARGET_WIN_CHANCE })
  .lt(1, { error: TARGET_WIN_CHANCE });
/** The options' fields: the target's, and the character's. */
const targetSchema = z.strictObject({
  target: winChanceSchema,
  steps: ROLL_SHAPE_SCHEMAS.steps.optional(),
  challenge: ROLL_SHAPE_SCHEMAS.challenge.optional(),
  maxChallenge: ROLL_SHAPE_SCHEMAS.challenge.optional(),
  maxSteps: ROLL_SHAPE_SCHEMAS.steps.optional(),
  ...CHARACTER_SHAPE,
});

/** What a target solves for: the nearest Challenge for each step count, or the steps for each Challenge. */
export const SOLVE_FOR = ['challenge', 'steps'] as const;

/** A target win chance to solve for, at each point of a grid. */
export interface TuneTargets {
  readonly winChance: number;
  /** The nearest Challenge for each step count of the grid, or the nearest steps for each Challenge. */
  readonly solveFor: (typeof SOLVE_FOR)[number];
}
const tuneTargetsSchema = z.strictObject({
  winChance: winChanceSchema,
  solveFor: choice(SOLVE_FOR),
});

/**
 * {@link tuneTarget} at every step count (solving for the Challenge) or every Challenge (solving
 * for the steps) of a grid made with the same options.
 * @throws InputError naming the option (`options.pool`), an unknown one too, the target's
 * field (`target.winChance`), or a row of the grid that is not one (`grid[2]`).
 * @example tuneTargets({ pool: 'natural', auraMax: 0 }, [{ steps: 6, challenge: 3 }], { winChance: 0.6, solveFor: 'challenge' })[0].nearest.challenge // 4
 */
export function tuneTargets(
  options: TuneOptions,
  grid: readonly { readonly steps: number; readonly challenge: number }[],
  target: TuneTargets,
): TuneAnswer[] {
  // Checked first: inside, the win chance is `tuneTarget`'s option `target`, a name it is not here.
  parseSpec(tuneTargetsSchema, target, 'target.');
  const rows: unknown = grid;
  if (!Array.isArray(rows)) throw invalid('grid', rows, "tuneGrid's rows (an array)");
  rows.forEach((row: { steps?: unknown; challenge?: unknown } | null, i) => {
    if (!row || !Number.isInteger(row.steps) || !Number.isInteger(row.challenge))
      throw invalid(
        `grid[${i}]`,
        row,
        'a row of tuneGrid, such as { "steps": 6, "challenge": 3, … }',
      );
  });
  return answerOptions(tuneOptionsSchema.shape, options, (checked) =>
    targetAnswers(checked, grid, target),
  );
}

/** {@link tuneTargets} as a job runs it, naming a field bare (see `answerOptions`). */
function targetAnswers(
  options: TuneOptions,
  grid: readonly { readonly steps: number; readonly challenge: number }[],
  target: TuneTargets,
): TuneAnswer[] {
  const { steps: _steps, challenges: _challenges, ...character } = options;
  // The search reaches at least as far as the grid it answers beside: a table that lists C35
  // at the target is never told the nearest is C20.
  if (target.solveFor === 'challenge') {
    const maxChallenge = Math.max(TUNE_DEFAULTS.maxChallenge, ...grid.map((r) => r.challenge));
    return [...new Set(grid.map((r) => r.steps))].map((steps) =>
      targetAnswer({ ...character, target: target.winChance, steps, maxChallenge }),
    );
  }
  const maxSteps = Math.max(TUNE_DEFAULTS.maxSteps, ...grid.map((r) => r.steps));
  return [...new Set(grid.map((r) => r.challenge))].map((challenge) =>
    targetAnswer({ ...character, target: target.winChance, challenge, maxSteps }),
  );
}

/** Points 1, 2, … up to `most`, stopping after the first that meets `done`. */
function walkUntil(
  most: number,
  point: (x: number) => TuneRow,
  done: (row: TuneRow) => boolean,
): TuneRow[] {
  const rows: TuneRow[] = [];
  for (let x = 1; x <= most; x++) {
    const row = point(x);
    rows.push(row);
    if (done(row)) break;
  }
  return rows;
}

/**
 * The actions a pool rule rolls: those given, or the default; none may be given with the
 * natural rule, whose pool is the steps' unsplit dice (actions shape only the best rule's pools).
 * A scenario's roll figure picks its pool by the same rule.
 * @example actionsOf(undefined, 'natural') // 1
 */
export function actionsOf(given: number | undefined, rule: PoolRule = TUNE_DEFAULTS.pool): number {
  if (given !== undefined && rule === 'natural')
    throw invalid(
      'actions',
      given,
      'them only with the best pool rule (the natural pool is the unsplit dice of the steps)',
    );
  return given ?? TUNE_DEFAULTS.actions;
}

/**
 * The character of a setup, rolling the pool `rule` picks for `actions` (both checked): its win
 * chance and pool at each (steps, Challenge) point, every point's pools solved at once (a pool's
 * solve serves every Challenge it is asked at).
 */
function characterOf(
  options: RollSetup,
  given: number | undefined,
  rule: PoolRule = TUNE_DEFAULTS.pool,
): (points: readonly (readonly [number, number])[]) => TuneRow[] {
  const actions = actionsOf(given, rule);
  const poolsOf = (steps: number) =>
    rule === 'natural'
      ? [stepsToDice(steps)]
      : legalPools(steps, actions).filter((pool) => pool.length <= ROLL_LIMITS.dice);
  return (points) => {
    const candidates = points.map(([steps]) => poolsOf(steps));
    // Only each pool's win chance is needed: no other figure is worked out.
    const wins = splitsMainWins(
      points.flatMap(([, challenge], p) =>
        candidates[p]!.map((pool): SplitQuestion => ({ split: [pool], challenge, setup: options })),
      ),
    );
    let next = 0;
    return points.map(([steps, challenge], p) => {
      let best: TuneRow | undefined;
      let bestDice = 0;
      for (const pool of candidates[p]!) {
        const split: Split = [pool];
        const winChance = wins[next++]!;
        // Between pools that win equally often, the one with fewer dice (fewer to roll).
        const better = !best || winChance > best.winChance + 1e-12;
        const asGood = best && Math.abs(winChance - best.winChance) <= 1e-12;
        if (better || (asGood && pool.length < bestDice)) {
          best = { steps, challenge, pool: formatSplit(split), winChance };
          bestDice = pool.length;
        }
      }
      return best!;
    });
  };
}

/** How a What if pairs two runs' rows (`--against`, the page's What if). */
export const TUNE_WHAT_IF = {
  keys: ['steps', 'challenge'],
  figures: { winChance: 'chance', pool: 'text' },
} as const satisfies WhatIfShape<TuneRow>;

/** The tune analysis (`dicelab zidara tune`): the grid and, with a target, where it falls. */
const declareTune = /* @__PURE__ */ defineAnalysis<
  TuneOptions,
  /** Also solve for a target win chance (see {@link tuneTargets}). */
  { readonly target?: TuneTargets },
  TuneRow,
  /** With a target: where it falls, for each step count (or Challenge) of the grid. */
  { readonly answers: readonly TuneAnswer[] }
>();
export const TUNE_ANALYSIS = /* @__PURE__ */ declareTune({
  name: 'tune',
  command: {
    name: 'tune',
    description:
      'the steps × Challenge grid of win chances, and the Challenge (or steps) nearest a target',
  },
  run(job) {
    const rows = tuneRows(job.options);
    const answers = job.target ? targetAnswers(job.options, rows, job.target) : [];
    return { rows, answers };
  },
  check(job) {
    const { actions, pool } = parseSpec(tuneOptionsSchema, job.options);
    actionsOf(actions, pool);
    // The bare name a job's callers read as theirs: `--target`, a tune analysis' `target`.
    if (job.target) parseSpec(winChanceSchema, job.target.winChance, 'target');
    splitRoll([[6]], 1, job.options);
  },
  whatIf: TUNE_WHAT_IF,
  // The win chance is checked as above, by the bare name `target`.
  job: {
    target: z
      .strictObject(
        { winChance: z.unknown().optional(), solveFor: choice(SOLVE_FOR) },
        { error: 'an object such as { "winChance": 0.6, "solveFor": "challenge" }' },
      )
      .optional(),
  },
});
