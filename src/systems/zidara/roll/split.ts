import { range } from 'd3-array';
import { invalid } from '../../../input/input-error.ts';
import { integerAtLeastText } from '../../../input/integer-text.ts';
import { parseIntents } from './notation.ts';
import { DICE_ALLOWED, DIE_SIDES } from './pool.ts';
import { ROLL_LIMITS } from './spec.ts';
import { countSplitsOfPool, eachBlockAtMost, notAbove } from './split-count.ts';

/**
 * A split: a pool's dice shared among intents, all aimed at one threat. Each intent's dice are
 * sorted high to low, and the intents are in **canonical order**: by their dice read high to low,
 * largest first, an intent that extends another coming before it (`d6+d6` before `d6`). So
 * intent 0, the **main intent**, is the one holding the largest die, and among intents whose
 * largest dice are equal, the one with the most backing dice. Two splits are the same when they
 * differ only by the names of the intents: the canonical form is unique.
 * @example formatSplit(parseSplit('d4 | d6+d6')) // "d6+d6 | d4"
 */
export type Split = readonly (readonly number[])[];

/** The canonical form of dice shared among intents: each intent high to low, intents in canonical order. O(n log n). */
export function canonicalSplit(intents: readonly (readonly number[])[]): Split {
  return intents.map((dice) => [...dice].sort((a, b) => b - a)).sort(compareIntents);
}

/** Canonical order of two intents (dice high to low): larger dice first, then more dice first. */
function compareIntents(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return b[i]! - a[i]!;
  }
  return b.length - a.length;
}

const isDie = (n: unknown) => (DIE_SIDES as readonly unknown[]).includes(n);

/**
 * A library caller's split, refused as `split` unless it is lists of dice (a TypeError below
 * otherwise, or "d7" printed). O(dice): nothing beside what formatting it costs.
 */
function checkSplit(split: unknown): asserts split is Split {
  if (!Array.isArray(split) || !split.every((dice) => Array.isArray(dice) && dice.every(isDie)))
    throw invalid(
      'split',
      split,
      `a split: each intent a list of dice sides (${DIE_SIDES.join(', ')}), such as [[12], [6, 6]] (parseSplit reads "d12 | d6+d6")`,
    );
}

/** A library caller's pool, refused as `pool` unless it is a list of dice sides. O(dice). */
function checkPool(pool: unknown): asserts pool is readonly number[] {
  if (!Array.isArray(pool) || !pool.every(isDie))
    throw invalid('pool', pool, `a list of dice sides (${DIE_SIDES.join(', ')}), such as [12, 4]`);
}

/**
 * A split in the project's dice notation: dice on one intent joined by `+` (advantage), intents
 * separated by ` | `, main intent first.
 * @throws InputError naming `split` when it is not lists of dice sides.
 * @example formatSplit([[12], [6, 6]]) // "d12 | d6+d6"
 */
export function formatSplit(split: Split): string {
  checkSplit(split);
  return split.map((dice) => dice.map((n) => `d${n}`).join('+')).join(' | ');
}

/**
 * A pool (a multiset of dice, no intents) as text: its dice high to low, separated by spaces.
 * @throws InputError naming `pool` when it is not a list of dice sides.
 * @example formatPool([4, 12]) // "d12 d4"
 */
export function formatPool(pool: readonly number[]): string {
  checkPool(pool);
  return [...pool]
    .sort((a, b) => b - a)
    .map((n) => `d${n}`)
    .join(' ');
}

/**
 * Reads a split written in the notation ("d12 | d6+d6"; `2d6` is `d6+d6`; spaces are free) and
 * returns it canonical. `field` names the input in the error message (a flag, a scenario field).
 * @example parseSplit('d4 | 2d6') // [[6, 6], [4]]
 */
export function parseSplit(text: string, field = 'split'): Split {
  const allowed = `dice such as "d12 | d6+d6": ${DICE_ALLOWED}, + (or 2d6) stacks dice on one intent, | separates intents`;
  // A library caller's value may be anything (a form's null): named here, not a TypeError below.
  if (typeof text !== 'string') throw invalid(field, text, `text: ${allowed}`);
  // Spaces are free within an intent but never separate two ("d12 d4" is no split): gone first.
  const compact = text.replace(/\s+/g, '');
  if (/[@*:=]/.test(compact)) throw invalid(field, text, allowed);
  let parsed: ReturnType<typeof parseIntents>;
  try {
    // The notation's own reader, which refuses an empty intent ("d8 |") as every reader does.
    parsed = parseIntents([compact]);
  } catch {
    throw invalid(field, text, allowed);
  }
  const intents: number[][] = (parsed.intents ?? []).map(() => []);
  for (const die of parsed.dice) if ('intent' in die) intents[die.intent]!.push(die.sides);
  const count = intents.reduce((n, dice) => n + dice.length, 0);
  if (count > ROLL_LIMITS.dice)
    throw invalid(field, text, `at most ${ROLL_LIMITS.dice} dice in one exact roll`);
  return canonicalSplit(intents);
}

/**
 * Reads dice stacked on one intent ("d12+d4"; `2d6` is `d6+d6`), high to low. `field` names
 * the input in the error message.
 * @example parseStack('d4+d12') // [12, 4]
 */
export function parseStack(text: string, field = 'stack'): number[] {
  const split = parseSplit(text, field);
  if (split.length !== 1)
    throw invalid(field, text, 'dice on one intent, joined by + such as "d12+d4" (no |)');
  return [...split[0]!];
}

/**
 * Reads a pool (dice with no intents, as a fight rolls) written "d12 d4", "d12+d4" or "d12,d4"
 * (`2d6` is `d6 d6`; any run of spaces, commas and `+` separates two dice, as in "d12 + d4"),
 * high to low, at most `most` dice (a fight's pool is smaller than a roll's). `field` names the
 * input in the error message, which shows the text as it was given.
 * @example parsePool('d4, 2d6') // [6, 6, 4]
 */
export function parsePool(text: string, field = 'pool', most: number = ROLL_LIMITS.dice): number[] {
  const allowed = `dice such as "d12 d4", "d12+d4" or "2d6 d4" (${DICE_ALLOWED}, at most ${most} dice, no |: a pool has no intents)`;
  if (typeof text !== 'string' || text.includes('|')) throw invalid(field, text, allowed);
  let pool: number[];
  try {
    pool = parseStack(
      text
        .split(/[\s,+]+/)
        .filter(Boolean)
        .join('+'),
      field,
    );
  } catch {
    throw invalid(field, text, allowed);
  }
  if (pool.length > most) throw invalid(field, text, allowed);
  return pool;
}

/**
 * Steps in a split: a dN is worth N/2.
 * @throws InputError naming `split` when it is not lists of dice sides.
 * @example splitSteps([[12], [6, 6]]) // 12
 */
export function splitSteps(split: Split): number {
  checkSplit(split);
  return split.reduce((s, dice) => s + dice.reduce((t, n) => t + n / 2, 0), 0);
}

/** The most distinct splits one pool may produce (listing them takes memory, and each is solved). */
const MAX_SPLITS_OF_POOL = 100_000;

/**
 * Every distinct way to share a pool's dice among k intents, for each k in `intentCounts`
 * (default 1..dice): the multiset partitions of the dice (intents unordered, equal dice
 * interchangeable), each in canonical form, sorted by intent count, then by canonical order.
 * Makes each split once, intent by intent in canonical order (an intent is a count of each
 * side, and canonical order is those counts compared largest side first), so the cost is the
 * splits' number: 203 for six different dice, 77 for twelve alike. Refuses a pool with more than
 * MAX_SPLITS_OF_POOL splits into the allowed counts (counted first, see countSplitsOfPool).
 * @throws InputError naming `pool` or `intents`.
 * @example splitsOfPool([12, 4]).map(formatSplit) // ["d12+d4", "d12 | d4"]
 */
export function splitsOfPool(pool: readonly number[], intentCounts?: readonly number[]): Split[] {
  return listSplits(pool, intentCounts, Number.POSITIVE_INFINITY);
}

/**
 * Fishing's splits of `pool`: those of {@link splitsOfPool} (every intent count) whose minor
 * intents, all but the main one, hold only dice of at most `minorMax` sides, in its order, made
 * without the others: the main intent, made first, holds every die larger. Refuses a pool with
 * more than MAX_SPLITS_OF_POOL of these, counted as they are made (not its other splits, which
 * splitsOfPool would refuse it for). A few of a pool's up to 100,000 splits: the pools of 36
 * steps and 4 actions in a few hundred milliseconds, where listing every split and keeping
 * these took seven seconds.
 * @throws InputError naming `pool`, or `minorMaxSides` past MAX_SPLITS_OF_POOL.
 * @example minorSplitsOfPool([12, 6, 4], 4).map(formatSplit) // ["d12+d6+d4", "d12+d6 | d4"]
 */
export function minorSplitsOfPool(pool: readonly number[], minorMax: number): Split[] {
  return listSplits(pool, undefined, minorMax);
}

/** {@link splitsOfPool}, keeping only the splits whose main intent holds every die past `minorMax`. */
function listSplits(
  pool: readonly number[],
  intentCounts: readonly number[] | undefined,
  minorMax: number,
): Split[] {
  checkPool(pool);
  const given: unknown = intentCounts;
  if (
    given !== undefined &&
    !(Array.isArray(given) && given.every((k) => Number.isInteger(k) && k >= 1))
  )
    throw invalid(
      'intents',
      given,
      `a list of intent counts, each ${integerAtLeastText(1)}, such as [1, 2]`,
    );
  const n = pool.length;
  const counts = new Set(intentCounts ?? range(1, n + 1));
  const most = Math.min(n, Math.max(0, ...counts));
  const fishing = minorMax < Number.POSITIVE_INFINITY;
  // Fishing's splits are counted as they are made: counting all (up to 100,000 times as many)
  // took most of a second for 36 steps and 4 actions.
  const total = fishing ? 0 : countSplitsOfPool(pool, [...counts], MAX_SPLITS_OF_POOL);
  if (total > MAX_SPLITS_OF_POOL) {
    throw invalid(
      'intents',
      [...counts].sort((a, b) => a - b),
      `counts that share ${formatPool(pool)} in at most ${MAX_SPLITS_OF_POOL} ways (it has more): allow fewer intents or fewer actions`,
    );
  }
  // The pool as the count of each side, largest side first.
  const sides = [...new Set(pool)].sort((a, b) => b - a);
  const left = sides.map((side) => pool.filter((die) => die === side).length);
  const found: Split[] = [];
  const intents: number[][] = [];
  const sidesOf = (block: readonly number[]) =>
    sides.flatMap((side, j) => new Array<number>(block[j]!).fill(side));
  const keep = (split: Split) => {
    if (found.length === MAX_SPLITS_OF_POOL)
      throw invalid(
        'minorMaxSides',
        minorMax,
        `a die that leaves ${formatPool(pool)} at most ${MAX_SPLITS_OF_POOL} splits to fish with (it has more): a smaller one, or fewer steps or actions`,
      );
    found.push(split);
  };
  // An intent taken is at most the one before it (`bound`) in canonical order, so each split
  // is made once, already canonical.
  const share = (bound: readonly number[]) => {
    if (left.every((m) => m === 0)) {
      if (counts.has(intents.length)) keep([...intents]);
      return;
    }
    if (intents.length === most) return;
    // The last intent takes what is left (if at most `bound`): no other block of it ends a split.
    if (intents.length === most - 1) {
      if (counts.has(most) && notAbove(left, bound)) keep([...intents, sidesOf(left)]);
      return;
    }
    // Every non-empty sub-multiset of what is left, at most `bound`, largest first; the main
    // intent (the first) holds every die past minorMax, so that no later one holds any.
    eachBlockAtMost(left, bound, (block) => {
      if (intents.length === 0 && sides.some((side, j) => side > minorMax && block[j]! < left[j]!))
        return;
      intents.push(sidesOf(block));
      block.forEach((m, j) => {
        left[j]! -= m;
      });
      share([...block]);
      block.forEach((m, j) => {
        left[j]! += m;
      });
      intents.pop();
    });
  };
  if (n > 0) share([...left]);
  return found.sort((a, b) => a.length - b.length || compareSplits(a, b));
}

/** Canonical order of two splits with the same number of intents: intent by intent. */
function compareSplits(a: Split, b: Split): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareIntents(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}
