import { z } from '#zod';
import { countOf, formatCount } from '../../../format/format-count.ts';
import { choice, integer } from '../../../input/field-schemas.ts';
import { InputError, invalid, namingFields } from '../../../input/input-error.ts';
import { parseSpec } from '../../../input/issue-messages.ts';
import { answerOptions } from '../../../input/library-options.ts';
import {
  type AnalysisProgress,
  defineAnalysis,
  type RowShape,
} from '../../analysis-declaration.ts';
import {
  type ExactSolveSize,
  leversText,
  MAX_MOVES,
  MAX_STATES,
} from '../engine/backward-solve.ts';
import { moveEntriesOf, valueKeySpaceOf } from '../engine/roll-model.ts';
import { searchSize } from '../engine/solve-rolls.ts';
import { legalPools, stepsToDice } from '../roll/pool.ts';
import { ROLL_LIMITS, ROLL_SHAPE_SCHEMAS } from '../roll/spec.ts';
import {
  formatPool,
  formatSplit,
  parseSplit,
  type Split,
  splitSteps,
  splitsOfPool,
} from '../roll/split.ts';
import { eachBlockAtMost, notAbove } from '../roll/split-count.ts';
import {
  playOf,
  ROLL_SETUP_SHAPE,
  type RollSetup,
  splitRoll,
  splitsAgainst,
} from '../roll/split-roll.ts';

/**
 * What a split is ranked by:
 * - `primary`: P(the main intent wins): intent 0 of the canonical split, the one holding the
 *   largest die (see roll/split.ts). Play maximises that intent alone (its weight 1, the others 0).
 * - `wins`: expected number of intents won (play maximises it: every weight 1).
 * - `all`: P(every intent won), and play maximises it: the engine plays for the terminal
 *   utility "1 when every intent is won" (see engine/all-won-utility.ts); the row's other
 *   figures are under that play.
 * - `utility`: the rules' expected utility, weights 1 plus `auraValue`·Aura and
 *   `resolveValue`·Resolve at the end.
 */
export const SPLIT_OBJECTIVES = ['primary', 'wins', 'all', 'utility'] as const;
/** One of `SPLIT_OBJECTIVES`: what splits are ranked by. */
export type SplitObjective = (typeof SPLIT_OBJECTIVES)[number];

/** Why the `all` objective takes no worth of Aura or Resolve left (refused where one is set). */
export const ALL_OBJECTIVE_PLAY = 'the all objective plays for P(every intent won) alone';

/** What {@link splits} and {@link rankStatedSplits} assume when told nothing. */
export const SPLITS_DEFAULTS = {
  actions: 1,
  objective: 'wins',
} as const satisfies Record<string, unknown> & { objective: SplitObjective };

/**
 * Bounds of {@link splits}: a roll's own ({@link ROLL_LIMITS}), as many d12s and actions as it
 * has dice; and `states`, the most work one run (of splits, or fishing) may take, in the exact
 * engine's dice-and-Aura states summed over the splits it searches (see
 * `splitsSearchStates`; a split the closed form answers counts
 * `CLOSED_FORM_SPLIT_STATES`): some ten minutes on one core (the engine solves 100,000 to
 * 300,000 a second). 36 steps and 1 action with one Resolve are 27,655,520 (about two
 * minutes); 24 steps and 4 actions would be 959,506,875 (an hour or more).
 */
export const SPLITS_LIMITS = {
  steps: ROLL_LIMITS.steps,
  actions: ROLL_LIMITS.actions,
  states: 100_000_000,
} as const;

/**
 * What a split the closed form answers (no search: `searchSize`'s 0 states) counts toward
 * {@link SPLITS_LIMITS}.states. Scoring one still takes up to ~1.6 ms (measured: 2,000 of 36 steps
 * and 4 actions with Resolve 0, 1 to 5 intents, Aura cap 5; 0.2 ms with no Aura), some 300 of
 * the engine's states at its ~6 µs a state (100,000,000 in ten minutes). Counted as none, a run
 * of only such splits had no bound: 48 steps and 6 actions with Resolve 0 and 1 to 5 intents are
 * 3,643,250 of them, about an hour and a half; now at most some 333,000 fit, some nine minutes.
 */
export const CLOSED_FORM_SPLIT_STATES = 300;

/** Options of {@link splits}. */
export interface SplitsOptions extends RollSetup {
  /** Steps in the roll (required). */
  readonly steps: number;
  /** Actions in the roll: each gives one split. @defaultValue {@link SPLITS_DEFAULTS}.actions */
  readonly actions?: number;
  /** The Challenge every intent aims at (required). */
  readonly challenge: number;
  /** The numbers of intents to consider (default: every count from 1 to the pool's dice).
   * Against a threat with T tags, more than T intents cannot all count: use 1..T. */
  readonly intents?: readonly number[];
  /** What the ranking maximises. @defaultValue {@link SPLITS_DEFAULTS}.objective */
  readonly objective?: SplitObjective;
}

/** One split of a legal pool, scored. Chances are in [0, 1]. */
export type SplitRow = {
  /** 1 for the best split by the objective. */
  readonly rank: number;
  /** The split in the notation: "d12 | d6+d6" (main intent first). */
  readonly split: string;
  /** Its pool: "d12 d6 d6". */
  readonly pool: string;
  readonly steps: number;
  readonly dice: number;
  readonly intents: number;
  /** The objective's value: what the rows are ranked by. */
  readonly score: number;
  /** P(the main intent wins). */
  readonly mainWin: number;
  /** Expected number of intents won. */
  readonly expectedWins: number;
  /** P(every intent won). */
  readonly allWin: number;
  /** Expected utility of the play (the objective's weights, auraValue, resolveValue; for `all`, P(all won)). */
  readonly expectedUtility: number;
  /** Expected top faces rolled (Aura gained, before the cap). */
  readonly auraGained: number;
  /** Expected Aura at the end of the roll. */
  readonly auraEnd: number;
};

/**
 * Every legal pool for (steps, actions) and every distinct assignment of its dice to the allowed
 * numbers of intents, scored exactly against the Challenge and ranked by the objective (best
 * first; ties: fewer intents, then fewer dice, then the notation's text order).
 * Cost: one exact solve per candidate (tens of candidates for 8 steps; ~1 ms each).
 * @throws InputError naming the field (`options.steps`), an unknown one too.
 * @example splits({ steps: 6, challenge: 3, intents: [1], auraMax: 0 })[0].split // "d12"
 * @example splits({ steps: 6, chalenge: 3 }) // throws "options.chalenge: no such field (did you mean challenge? the fields here are steps, actions, intents, challenge, objective, aura, auraMax, …"
 */
export function splits(options: SplitsOptions): SplitRow[] {
  return answerOptions(splitsOptionsSchema.shape, options, splitsRows);
}

/** {@link splits} as its job runs it, naming a field bare (`steps`: see `answerOptions`). */
function splitsRows(options: SplitsOptions, progress?: AnalysisProgress): SplitRow[] {
  const { candidates, ranked } = splitsSearch(options, progress);
  return rankSplitRows(
    scoreInShares(
      candidates,
      ranked,
      'intents',
      (share) => scoreSplitRows(share, ranked),
      progress,
    ),
  );
}

/**
 * What a splits run scores: its candidates, and the options each is solved with. A run of more
 * than one share tells `progress` so (none done) before its splits are listed and sized, seconds
 * for some 300,000 of them.
 */
function splitsSearch(options: SplitsOptions, progress?: AnalysisProgress) {
  const { steps: _steps, actions: _actions, intents: _intents, ...ranked } = options;
  const {
    steps,
    actions = SPLITS_DEFAULTS.actions,
    intents,
  } = parseSpec(splitsOptionsSchema, options);
  // Millions of splits take a minute to list: a run too large is refused before.
  const count = refuseSplitsRun(
    exactPools(steps, actions),
    ranked,
    'intents',
    (pool) => splitsOfPool(pool, intents),
    intents,
  );
  reportRunStart(count, progress);
  return { candidates: splitCandidates(options), ranked };
}

/**
 * Tells `progress` that a run of `count` splits has begun (none done), before they are listed
 * and sized (seconds for some 300,000), so that its bar shows from the start: only for a run of
 * more than one share, so that a short run draws no bar. What the splits and fishing runs report
 * first.
 */
export function reportRunStart(count: number, progress?: AnalysisProgress): void {
  if (count > SHARE_SPLITS) progress?.(0, count, 'splits');
}

/**
 * The candidates scored by `score`, a share at a time, once every one is sized: each split's
 * exact solve is counted first (see {@link splitsSearchStates}: one past the engine is
 * refused), and the whole run refused past {@link SPLITS_LIMITS}.states; then `score` is called
 * on a share at a time (each split is solved alone, so its figures are the ones one call for all
 * gives), and `progress` told the splits done between shares. What the splits and fishing
 * analyses solve their candidates with.
 * @throws InputError naming `field` (`intents`: with the most intents that fit; else what
 * else to lower), before anything is solved.
 * @example scoreInShares([[[8]], [[4]]], { challenge: 4, resolve: 1 }, 'steps', (share) => share.map((split) => split[0][0])) // [8, 4]
 */
export function scoreInShares<T>(
  candidates: readonly Split[],
  options: RankStatedSplitsOptions,
  field: string,
  score: (share: Split[]) => readonly T[],
  progress?: AnalysisProgress,
): T[] {
  const states = splitsRunStates(candidates, options, field);
  const scored: T[] = [];
  let at = 0;
  while (at < candidates.length) {
    let end = at + 1;
    let work = states[at]!;
    while (end < candidates.length && end - at < SHARE_SPLITS && work < SHARE_STATES)
      work += states[end++]!;
    scored.push(...score(candidates.slice(at, end)));
    at = end;
    if (at < candidates.length) progress?.(at, candidates.length, 'splits');
  }
  return scored;
}

/**
 * Each candidate's dice-and-Aura states (see {@link splitsSearchStates}: a split past the
 * engine's bounds is refused; one the closed form answers counts
 * {@link CLOSED_FORM_SPLIT_STATES}), the whole run refused past {@link SPLITS_LIMITS}.states: how
 * {@link scoreInShares} and the page size a run before solving any of it.
 * @throws InputError naming `field` (`intents`: with the most intents that fit; else what
 * else to lower), before anything is solved.
 * @example splitsRunStates([[[8]], [[8], [8]]], { challenge: 4, resolve: 1 }, 'intents') // [5, 25]
 */
export function splitsRunStates(
  candidates: readonly Split[],
  options: RankStatedSplitsOptions,
  field: string,
): number[] {
  const states = splitsSearchStates(candidates, options, field).map((n) =>
    n === 0 ? CLOSED_FORM_SPLIT_STATES : n,
  );
  const total = states.reduce((sum, n) => sum + n, 0);
  if (total > SPLITS_LIMITS.states) {
    const byIntents = new Map<number, number>();
    candidates.forEach((split, i) => {
      byIntents.set(split.length, (byIntents.get(split.length) ?? 0) + states[i]!);
    });
    throw tooMuchWork(candidates.length, total, byIntents, field);
  }
  return states;
}

/**
 * The refusal of a run of `count` splits past {@link SPLITS_LIMITS}.states (`total` states, of
 * which `byIntents` by the splits' intents), naming the most intents whose splits fit together.
 */
function tooMuchWork(
  count: number,
  total: number,
  byIntents: ReadonlyMap<number, number>,
  field: string,
): InputError {
  let fewer = 0;
  let sum = 0;
  for (const [intents, n] of [...byIntents].sort((a, b) => a[0] - b[0])) {
    sum += n;
    if (sum > SPLITS_LIMITS.states) break;
    fewer = intents;
  }
  const advice =
    field !== 'intents'
      ? 'allow fewer steps or actions'
      : fewer > 0
        ? `allow at most ${countOf(fewer, 'intent')}, or fewer steps or actions`
        : 'allow fewer intents, steps or actions';
  return new InputError(
    `${field}: scoring these ${formatCount(count)} splits exactly is ${formatCount(total)} dice-and-Aura states of the engine's work, more than one run's ${formatCount(SPLITS_LIMITS.states)} (some ten minutes): ${advice} (nothing was solved)`,
    field,
  );
}

/**
 * Refuses a run of the splits of `pools` (each pool's `splitsOf`, in order) as
 * {@link splitsRunStates} would, with the same message, before one split is listed: the splits
 * are counted and sized by their intents' dice (a split's states are its intents' multisets
 * multiplied, its moves added: see `exactSolveSize`), a multiset partition of each pool at a
 * time, so that a run of millions of splits (a minute to list and size) is refused in
 * milliseconds. Only the pool holding the first split past the engine is listed, to name it.
 * `intents`: the intent counts allowed (every one when not given); `minorMax`: dice larger may
 * only be on the main intent (fishing's splits). A run it passes is sized again as it is listed.
 * Returns how many splits the run has.
 * @throws InputError as {@link splitsRunStates}.
 * @example refuseSplitsRun([[12, 4]], { challenge: 3 }, 'intents', (pool) => splitsOfPool(pool)) // 2 (no refusal)
 */
export function refuseSplitsRun(
  pools: readonly (readonly number[])[],
  options: RankStatedSplitsOptions,
  field: string,
  splitsOf: (pool: readonly number[]) => Split[],
  intents?: readonly number[],
  minorMax?: number,
): number {
  const { challenge, objective = SPLITS_DEFAULTS.objective } = parseSpec(
    rankStatedSplitsOptionsSchema,
    options,
  );
  const play = playOf(options);
  // One intent's dice: its multisets and moves (what a split multiplies and adds).
  const blocks = new Map<string, { states: number; moves: number }>();
  const blockSize = (dice: readonly number[]) => {
    const key = dice.join(',');
    let size = blocks.get(key);
    if (!size) {
      const roll = splitRoll([[...dice]], challenge, options);
      size = { states: valueKeySpaceOf(roll), moves: moveEntriesOf(roll) };
      blocks.set(key, size);
    }
    return size;
  };
  // Per intent count: 0 when the closed form answers its splits, else the Aura states held.
  const aura = new Map<number, number>();
  const auraOf = (pool: readonly number[], k: number) => {
    let held = aura.get(k);
    if (held === undefined) {
      const roll = splitRoll(
        pool.slice(0, k).map((die) => [die]),
        challenge,
        options,
      );
      held = searchSize(roll, play, objective === 'all').states / valueKeySpaceOf(roll);
      aura.set(k, held);
    }
    return held;
  };
  let count = 0;
  let total = 0;
  const byIntents = new Map<number, number>();
  let fewest = Number.POSITIVE_INFINITY;
  let firstPast: readonly number[] | undefined;
  // A split's size depends on how many like dice each intent holds, not on their sides: pools
  // alike in that way (their counts of each side, and which sides are past minorMax) share one.
  const byShape = new Map<string, SizedSplits[]>();
  const mostIntents = intents === undefined ? Number.POSITIVE_INFINITY : Math.max(0, ...intents);
  for (const pool of pools) {
    const shape = [...new Set(pool)]
      .map(
        (side) =>
          `${pool.filter((die) => die === side).length}${side > (minorMax ?? side) ? '+' : ''}`,
      )
      .sort()
      .join(',');
    let sizedByIntents = byShape.get(shape);
    if (!sizedByIntents) {
      sizedByIntents = sizedSplitsOfPool(pool, blockSize, minorMax, mostIntents);
      byShape.set(shape, sizedByIntents);
    }
    sizedByIntents.forEach((sized, k) => {
      if (intents !== undefined && !intents.includes(k)) return;
      const held = auraOf(pool, k);
      const states = held === 0 ? CLOSED_FORM_SPLIT_STATES * sized.splits : held * sized.states;
      count += sized.splits;
      total += states;
      byIntents.set(k, (byIntents.get(k) ?? 0) + states);
      if (held === 0) return;
      if (held * sized.most > MAX_STATES) fewest = Math.min(fewest, k);
      if (held * sized.most > MAX_STATES || sized.moves > MAX_MOVES) firstPast ??= pool;
    });
  }
  if (firstPast) {
    const candidates = splitsOf(firstPast);
    const sizes = candidates.map((split) =>
      searchSize(splitRoll(split, challenge, options), play, objective === 'all'),
    );
    const past = sizes.findIndex((size) => size.excess);
    // Counted past the engine but none listed is: the listing's own sizing decides.
    if (past < 0) return count;
    throw pastEngine(candidates[past]!, sizes[past]!.excess!, fewest, field, field);
  }
  if (total > SPLITS_LIMITS.states) throw tooMuchWork(count, total, byIntents, field);
  return count;
}

/** A pool's splits of one intent count, sized (see {@link sizedSplitsOfPool}). */
interface SizedSplits {
  /** How many. */
  splits: number;
  /** Their intents' multisets multiplied, summed over the splits. */
  states: number;
  /** The most of these products, and the most moves, a split of them has. */
  most: number;
  moves: number;
}

/**
 * The splits of `pool`, indexed by their intent count, counted and sized without listing them
 * (as `countSplitsOfPool` counts them: multiset partitions, blocks in non-increasing order,
 * with a memo): each block's size from `blockSize`. With `minorMax`, dice larger than it share
 * one block (the main intent's). Milliseconds for a pool of twelve dice.
 */
function sizedSplitsOfPool(
  pool: readonly number[],
  blockSize: (dice: readonly number[]) => { states: number; moves: number },
  minorMax = Number.POSITIVE_INFINITY,
  mostIntents = pool.length,
): SizedSplits[] {
  const sides = [...new Set(pool)];
  const start = sides.map((side) => pool.filter((die) => die === side).length);
  const memo = new Map<number, SizedSplits[]>();
  // `room`: how many more intents a split may have.
  const sized = (left: readonly number[], most: readonly number[], room: number): SizedSplits[] => {
    if (left.every((m) => m === 0)) return [{ splits: 1, states: 1, most: 1, moves: 0 }];
    if (room <= 0) return [];
    // The last intent takes what is left, if that is at most `most` (it holds every die past
    // minorMax left, or none): without this cut every block of the last two intents was tried,
    // seconds a run of many pools of twelve dice.
    if (room === 1) {
      if (!notAbove(left, most)) return [];
      const size = blockSize(sides.flatMap((side, j) => Array<number>(left[j]!).fill(side)));
      const out: SizedSplits[] = [];
      out[1] = { splits: 1, states: size.states, most: size.states, moves: size.moves };
      return out;
    }
    // Counts are at most ROLL_LIMITS.dice: one number in base 13 keys both vectors and `room`.
    let key = room;
    for (let j = 0; j < left.length; j++) key = (key * 13 + left[j]!) * 13 + most[j]!;
    const known = memo.get(key);
    if (known) return known;
    const out: SizedSplits[] = [];
    eachBlockAtMost(left, most, (block) => {
      // The dice past minorMax all in this block, or none of them.
      if (sides.some((side, j) => side > minorMax && block[j]! !== 0 && block[j]! !== left[j]))
        return;
      if (
        sides.some((side, j) => side > minorMax && block[j]! === 0 && left[j]! > 0) &&
        sides.some((side, j) => side > minorMax && block[j]! > 0)
      )
        return;
      const taken = [...block];
      const size = blockSize(sides.flatMap((side, j) => Array<number>(taken[j]!).fill(side)));
      const rest = sized(
        left.map((m, j) => m - taken[j]!),
        taken,
        room - 1,
      );
      rest.forEach((r, k) => {
        const o = out[k + 1] ?? { splits: 0, states: 0, most: 0, moves: 0 };
        out[k + 1] = o;
        o.splits += r.splits;
        o.states += size.states * r.states;
        o.most = Math.max(o.most, size.states * r.most);
        o.moves = Math.max(o.moves, size.moves + r.moves);
      });
    });
    memo.set(key, out);
    return out;
  };
  return sized(start, start, Math.min(mostIntents, pool.length));
}

/** Most splits, and about the most dice-and-Aura states, scored between two progress reports (a second or two). */
const SHARE_SPLITS = 200;
const SHARE_STATES = 1 << 18;

/**
 * The dice-and-Aura states the exact engine's search takes for each candidate under `options`
 * (0 for one the closed form answers; see `searchSize`), counted before any is solved, so that
 * a split past the engine's bounds is refused before the work on the others is spent.
 * Microseconds a split.
 * @throws InputError naming the first split past the engine's bounds and what to lower: as
 * `splits[i]`, the engine's advice; as `field` when given (what the candidates were made from),
 * fewer steps or actions and the engine's advice, or for `intents` (the splits analysis, whose
 * candidates are every split into the intent counts allowed) when a split of several intents has
 * too many states, the most intents a split may have for none to.
 * @example splitsSearchStates([[[8]], [[8], [8]]], { challenge: 4, resolve: 1 }) // [5, 25] (five classes a die, Aura full)
 */
export function splitsSearchStates(
  candidates: readonly Split[],
  options: RankStatedSplitsOptions,
  field?: string,
): number[] {
  const { challenge, objective = SPLITS_DEFAULTS.objective } = parseSpec(
    rankStatedSplitsOptionsSchema,
    options,
  );
  const play = playOf(options);
  const sizes = candidates.map((split) =>
    searchSize(splitRoll(split, challenge, options), play, objective === 'all'),
  );
  const past = sizes.findIndex((size) => size.excess);
  if (past < 0) return sizes.map((size) => size.states);
  const fewest = Math.min(
    ...candidates
      .filter((_, i) => sizes[i]!.excess?.bound === 'states')
      .map((split) => split.length),
  );
  throw pastEngine(
    candidates[past]!,
    sizes[past]!.excess!,
    fewest,
    field ?? `splits[${past}]`,
    field,
  );
}

/**
 * The refusal of a run one of whose splits, `split`, is past the exact engine (`excess`):
 * named as `named`; `fewest`, the fewest intents of a split past the engine's states.
 */
function pastEngine(
  split: Split,
  excess: NonNullable<ExactSolveSize['excess']>,
  fewest: number,
  named: string,
  field: string | undefined,
): InputError {
  const { bound, what, levers } = excess;
  return namingFields((name) => {
    const lower = leversText(levers, name);
    const advice =
      field === undefined
        ? lower
        : field === 'intents' && bound === 'states' && fewest > 1
          ? `allow at most ${countOf(fewest - 1, 'intent')}`
          : // Fewer intents would not do: fewer dice, or the engine's own levers (the +2s, …).
            `allow fewer steps or actions; ${lower}`;
    return `${named}: the split "${formatSplit(split)}" has ${what}: ${advice} (nothing was solved)`;
  }, named);
}

/**
 * The splits {@link splits} scores, in its order: every distinct split of every legal pool of
 * (steps, actions) into the allowed intent counts. Each is scored alone, so a share of them
 * (several workers, each its part) scores as it would among all.
 * @example splitCandidates({ steps: 4, challenge: 3, intents: [2] }).map(formatSplit) // ["d4 | d4", "d6 | d2"]
 */
export function splitCandidates(options: SplitsOptions): Split[] {
  const {
    steps,
    actions = SPLITS_DEFAULTS.actions,
    intents,
  } = parseSpec(splitsOptionsSchema, options);
  const candidates = exactPools(steps, actions).flatMap((pool) => splitsOfPool(pool, intents));
  if (candidates.length === 0) {
    throw invalid(
      'intents',
      options.intents,
      `counts a legal pool of ${steps} steps and ${actions} action${actions === 1 ? '' : 's'} can fill (each intent needs a die)`,
    );
  }
  return candidates;
}

/** The legal pools of `steps` and `actions` one exact roll holds (see {@link poolsPastExact}). */
export function exactPools(steps: number, actions: number): number[][] {
  return legalPools(steps, actions).filter((pool) => pool.length <= ROLL_LIMITS.dice);
}

/**
 * The legal pools of `steps` and `actions` with more dice than one exact roll holds
 * (ROLL_LIMITS.dice): {@link splitCandidates} leaves them out, and says so where it is read.
 * @example poolsPastExact(13, 12) // [[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]]
 */
export function poolsPastExact(steps: number, actions: number): number[][] {
  return legalPools(steps, actions).filter((pool) => pool.length > ROLL_LIMITS.dice);
}

/**
 * What a reader of the splits of `steps` and `actions` (or of their pools) is told of the pools
 * {@link poolsPastExact} finds, the first few named; undefined when there are none.
 * @example pastExactNote(13, 12) // "1 legal pool has more than 12 dice, past one exact roll (d2 d2 d2 d2 d2 d2 d2 d2 d2 d2 d2 d2 d2): splits leaves it out."
 */
export function pastExactNote(steps: number, actions: number): string | undefined {
  const past = poolsPastExact(steps, actions);
  if (past.length === 0) return undefined;
  const named = past.slice(0, 3).map(formatPool).join('; ');
  const one = past.length === 1;
  return `${countOf(past.length, 'legal pool')} ${one ? 'has' : 'have'} more than ${ROLL_LIMITS.dice} dice, past one exact roll (${named}${past.length > 3 ? '; …' : ''}): splits leaves ${one ? 'it' : 'them'} out.`;
}

/** Options of {@link rankStatedSplits}: the setup, the Challenge and the objective. */
export interface RankStatedSplitsOptions extends RollSetup {
  readonly challenge: number;
  /** What the ranking maximises. @defaultValue {@link SPLITS_DEFAULTS}.objective */
  readonly objective?: SplitObjective;
}

/**
 * Stated splits (need not be legal pools of one step count) scored like {@link splits} and
 * ranked: the one-line answer to "d12 or d6+d6 on one intent?".
 * @throws InputError naming the option (`options.challenge`), or the split at fault (`splits[0]`,
 * `splits` when none is given).
 * @example rankStatedSplits([[[12]], [[6, 6]]], { challenge: 3 })[0].split // "d6+d6" (d12 with no Aura)
 */
export function rankStatedSplits(
  candidates: readonly Split[],
  options: RankStatedSplitsOptions,
): SplitRow[] {
  return answerOptions(rankStatedSplitsOptionsSchema.shape, options, (checked) =>
    statedSplitsRows(candidates, checked),
  );
}

/**
 * The splits {@link rankStatedSplits} takes, as {@link parseSplit} gives them: checked at the
 * argument (`splits[0]: "d12" is not allowed …`), where a string or a level too few was a
 * TypeError inside, and a bad die was named as a roll's (`dice[1].sides`).
 */
const statedSplitsSchema = z
  .array(
    z
      .array(
        z
          .array(ROLL_SHAPE_SCHEMAS.sides, {
            error: "an intent's dice by their sides, such as [6, 6]",
          })
          .min(1, { error: 'at least one die on each intent' }),
        {
          error:
            'a split, its intents\' dice by their sides, such as [[12], [6, 6]] (parseSplit reads "d12 | d6+d6" into it)',
        },
      )
      .min(1, { error: 'at least one intent' }),
    {
      error:
        'a list of splits such as [[[12]], [[6, 6]]] (parseSplit reads each from the notation)',
    },
  )
  .min(1, { error: 'at least one split to score' });

/** {@link rankStatedSplits} as its job runs it, naming a field bare (see `answerOptions`). */
function statedSplitsRows(
  candidates: readonly Split[],
  options: RankStatedSplitsOptions,
): SplitRow[] {
  parseSpec(statedSplitsSchema, candidates, 'splits');
  splitsSearchStates(candidates, options);
  return rankSplitRows(scoreSplitRows(candidates, options));
}

/** The options' fields: the analysis' own, and the setup's (checked again by its rolls). */
export const rankStatedSplitsOptionsSchema = z.strictObject({
  challenge: ROLL_SHAPE_SCHEMAS.challenge,
  objective: choice(SPLIT_OBJECTIVES).optional(),
  ...ROLL_SETUP_SHAPE,
});
export const splitsOptionsSchema = z.strictObject({
  steps: ROLL_SHAPE_SCHEMAS.steps,
  actions: ROLL_SHAPE_SCHEMAS.actions.optional(),
  intents: z.array(ROLL_SHAPE_SCHEMAS.dice, { error: 'a list of intent counts' }).optional(),
  ...rankStatedSplitsOptionsSchema.shape,
});

/** A split scored, before it is ranked among the others. */
export type ScoredSplit = Omit<SplitRow, 'rank'>;

/**
 * Each split scored alone against the Challenge, in the order given (not ranked: see
 * {@link rankSplitRows}).
 * @example scoreSplitRows([[[8]]], { challenge: 4, auraMax: 0 })[0].score // 0.4375
 */
export function scoreSplitRows(
  candidates: readonly Split[],
  options: RankStatedSplitsOptions,
): ScoredSplit[] {
  const { challenge, objective = SPLITS_DEFAULTS.objective } = parseSpec(
    rankStatedSplitsOptionsSchema,
    options,
  );
  // Every candidate through one call (validation and caches shared); each split is a roll shape
  // of its own, so its solve and its figures are the same whatever else is asked beside it.
  const solved = splitsAgainst(candidates, challenge, options, (split) =>
    objective === 'all'
      ? 'all-won'
      : split.map((_, i) => (objective === 'primary' && i > 0 ? 0 : 1)),
  );
  return candidates.map((split, c) => {
    const odds = solved[c]!;
    const mainWin = odds.intents[0]!.pWin;
    const row = {
      split: formatSplit(split),
      pool: formatPool(split.flat()),
      steps: splitSteps(split),
      dice: split.flat().length,
      intents: split.length,
      mainWin,
      expectedWins: odds.expectedWins,
      allWin: odds.pAllWin,
      expectedUtility: odds.expectedUtility,
      auraGained: odds.expectedAuraGained,
      auraEnd: odds.expectedAuraEnd,
    };
    const score = {
      primary: mainWin,
      wins: odds.expectedWins,
      all: odds.pAllWin,
      utility: odds.expectedUtility,
    }[objective];
    return { ...row, score };
  });
}

/**
 * Scored splits ranked: best first by score, ties (within 1e-12) to fewer intents, then fewer
 * dice, then the notation's text order; the rank numbered from 1. Rows scored apart (a share
 * each) rank as they would have together, given in the candidates' order.
 * @example rankSplitRows(scoreSplitRows([[[4]], [[8]]], { challenge: 2, auraMax: 0 })).map((r) => r.split) // ["d8", "d4"]
 */
export function rankSplitRows(scored: readonly ScoredSplit[]): SplitRow[] {
  // Scores from different solves can differ in the last bits: compare with a tolerance.
  return [...scored]
    .sort(
      (a, b) =>
        (Math.abs(a.score - b.score) > 1e-12 ? b.score - a.score : 0) ||
        a.intents - b.intents ||
        a.dice - b.dice ||
        (a.split < b.split ? -1 : a.split > b.split ? 1 : 0),
    )
    .map((row, i) => ({ rank: i + 1, ...row }));
}

/** The figures of a split's row and their units, in a What if and a scenario alike. */
export const SPLIT_ROW_FIGURES = {
  rank: 'number',
  score: 'number',
  mainWin: 'chance',
  expectedWins: 'number',
  allWin: 'chance',
  expectedUtility: 'number',
  auraGained: 'number',
  auraEnd: 'number',
} as const;

/** A split's row in a What if (splits and stated-splits alike). */
const SPLIT_ROW_SHAPE: RowShape<SplitRow> = { keys: ['split'], figures: SPLIT_ROW_FIGURES };

/**
 * How a What if pairs two runs' rows (splits and stated-splits alike); a terminal shows the rank and
 * the figure the objective ranks by.
 */
export const SPLIT_WHAT_IF = {
  ...SPLIT_ROW_SHAPE,
  /** The rank and the figure the objective ranks by. */
  printed: (options: { readonly objective?: SplitObjective }) =>
    [
      'rank',
      (
        {
          primary: 'mainWin',
          wins: 'expectedWins',
          all: 'allWin',
          utility: 'expectedUtility',
        } as const
      )[options.objective ?? 'wins'],
    ] as const,
};

/** The splits analysis (`dicelab zidara splits`): every split ranked, or the best `top`. */
const declareSplits = /* @__PURE__ */ defineAnalysis<
  SplitsOptions,
  { readonly top?: number },
  SplitRow,
  { readonly total: number }
>();
export const SPLITS_ANALYSIS = /* @__PURE__ */ declareSplits({
  name: 'splits',
  command: {
    name: 'splits',
    description: 'rank every way to split a roll: legal pools × assignments of dice to intents',
  },
  run(job, progress) {
    const ranked = splitsRows(job.options, progress);
    const rows = job.top === undefined ? ranked : ranked.slice(0, job.top);
    return { rows, total: ranked.length };
  },
  check(job) {
    const o = parseSpec(splitsOptionsSchema, job.options);
    splitRoll([stepsToDice(o.steps)], o.challenge, job.options);
  },
  size(job) {
    const { candidates, ranked } = splitsSearch(job.options);
    splitsRunStates(candidates, ranked, 'intents');
  },
  whatIf: SPLIT_WHAT_IF,
  job: {
    top: integer(
      1,
      Number.MAX_SAFE_INTEGER,
      undefined,
      'a count of the best rows to keep, 1 or more',
    ).optional(),
  },
});

/** The splits the job states, parsed (`splits[i]` names a bad one). */
function statedSplits(job: { readonly splits: readonly string[] }): Split[] {
  return job.splits.map((text, i) => parseSplit(text, `splits[${i}]`));
}

/** The stated-splits analysis (`dicelab zidara splits --only`): the splits named, ranked. */
const declareStatedSplits = /* @__PURE__ */ defineAnalysis<
  RankStatedSplitsOptions,
  /** Splits in the notation ("d12", "d6+d6", "d8 | d4"). */
  { readonly splits: readonly string[] },
  SplitRow,
  /** The splits as the job states them, in canonical notation and the job's order. */
  { readonly asked: readonly string[] }
>();
export const STATED_SPLITS_ANALYSIS = /* @__PURE__ */ declareStatedSplits({
  name: 'stated-splits',
  run(job) {
    const candidates = statedSplits(job);
    return { rows: statedSplitsRows(candidates, job.options), asked: candidates.map(formatSplit) };
  },
  check(job) {
    const o = parseSpec(rankStatedSplitsOptionsSchema, job.options);
    splitRoll(statedSplits(job)[0] ?? [[6]], o.challenge, job.options);
  },
  whatIf: SPLIT_WHAT_IF,
  // Each split is read by its notation's parser, which names a bad one.
  job: {
    splits: z
      .array(z.unknown(), {
        error: 'a list of splits in the notation, such as ["d12", "d6+d6 | d4"]',
      })
      .min(1, { error: 'at least one split to score' }),
  },
});
