import type { Roll } from '../roll/spec.ts';
import { areaClasses, classFloor } from './die-outcome.ts';

/**
 * A roll compiled for the decision engines: dice of the same size on the same intent are
 * interchangeable, so each such **group** is described by the multiset of its dice's classes
 * (see die-outcome.ts), and a roll's dice state is one integer, the mixed-radix number of its
 * groups' multiset indices (the area die, if any, is the most significant digit).
 * Nothing here depends on the defence values; see roll-solver.ts for what does.
 */
export interface Group {
  /** The intent the group's dice aim at, or −1 for the area die. */
  readonly intent: number;
  readonly sides: number;
  /** Die indices in the spec, ascending. */
  readonly dice: readonly number[];
  /** Number of classes: intent dice 1 − floor + 1; the area die its top-face counts 0..max. */
  readonly classes: number;
  /** Multisets of `dice.length` class indices: counts[m * classes + k]. */
  readonly counts: Int8Array;
  readonly size: number;
  /** Highest class index present in multiset m. */
  readonly best: Int8Array;
  /**
   * replace[(m * classes + from) * classes + to]: the multiset with one die moved; −1 if none at
   * `from`. Empty for a lone die, whose multiset after the move is `to` itself (an area die by
   * value has hundreds of classes: its table would be their cube).
   */
  readonly replace: Int32Array;
  /** Place value of this group's digit in a dice-state key. */
  readonly stride: number;
}

export class RollModel {
  readonly roll: Roll;
  readonly groups: readonly Group[];
  /** Lowest class that matters; class index k means class k + floor; the won class is index `classes − 1`. */
  readonly floor: number;
  readonly classes: number;
  readonly intentCount: number;
  /** Number of dice-state keys, and of keys ignoring the area die (which never affects a decision's value). */
  readonly keySpace: number;
  readonly valueKeySpace: number;
  readonly areaGroup: number;
  /** Top faces the area die can show at most. */
  readonly areaMaxTops: number;
  /**
   * Whether the area die's class is its value (rerollKeepsBest: a kept reroll keeps the better
   * size, which its top faces alone do not tell) rather than its top faces; and its class count.
   */
  readonly areaByValue: boolean;
  readonly areaClasses: number;
  /** Threats some intent targets, in order: the defences a roll must enumerate. */
  readonly activeThreats: readonly number[];
  /** Aura states 0..auraMax. */
  readonly auraStates: number;
  /** Group of each die, and the group's position of the die. */
  readonly groupOfDie: Int32Array;

  constructor(roll: Roll) {
    this.roll = roll;
    this.floor = intentClassFloor(roll);
    this.classes = 2 - this.floor;
    this.intentCount = roll.intents.length;
    this.areaMaxTops = roll.explode ? roll.explodeDepth + 1 : 1;
    this.areaByValue = roll.rerollKeepsBest;
    const area = roll.dice.find((d) => d.area);
    this.areaClasses = area
      ? areaClasses(area.sides, this.areaByValue, roll.explode, roll.explodeDepth)
      : 0;
    this.auraStates = roll.auraMax + 1;

    const byKey = new Map<string, number[]>();
    roll.dice.forEach((die, i) => {
      const key = die.area ? 'area' : groupKey(die);
      byKey.set(key, [...(byKey.get(key) ?? []), i]);
    });
    // Intent groups first (by their lowest die), the area group last: it is the top digit.
    const members = [...byKey.entries()].sort(
      ([ka, a], [kb, b]) => Number(ka === 'area') - Number(kb === 'area') || a[0]! - b[0]!,
    );
    let stride = 1;
    const groups: Group[] = [];
    this.groupOfDie = new Int32Array(roll.dice.length);
    for (const [key, dice] of members) {
      const first = roll.dice[dice[0]!]!;
      const classes = key === 'area' ? this.areaClasses : this.classes;
      const group = buildGroup(first.area ? -1 : first.intent, first.sides, dice, classes, stride);
      dice.forEach((d) => {
        this.groupOfDie[d] = groups.length;
      });
      groups.push(group);
      stride *= group.size;
    }
    this.groups = groups;
    this.keySpace = stride;
    this.areaGroup = groups.findIndex((g) => g.intent < 0);
    this.valueKeySpace = this.areaGroup < 0 ? stride : groups[this.areaGroup]!.stride;
    if (!Number.isSafeInteger(this.keySpace * this.auraStates * (roll.resolve + 1))) {
      throw new RangeError('this roll has too many distinct dice for the exact engine');
    }
    this.activeThreats = [...new Set(roll.intents.map((i) => i.threat))].sort((a, b) => a - b);
  }

  /** The multiset index of group g in a dice-state key. */
  digit(key: number, g: number): number {
    const group = this.groups[g]!;
    return Math.floor(key / group.stride) % group.size;
  }

  /** Each intent's best class index in a dice state (area die ignored). */
  bestClasses(key: number, out: Int32Array = new Int32Array(this.intentCount)): Int32Array {
    for (let i = 0; i < out.length; i++) out[i] = 0;
    // Indexed: this runs once per dice state a solve meets.
    for (let g = 0; g < this.groups.length; g++) {
      const group = this.groups[g]!;
      if (group.intent < 0) continue;
      const best = group.best[Math.floor(key / group.stride) % group.size]!;
      if (best > out[group.intent]!) out[group.intent] = best;
    }
    return out;
  }

  /**
   * The dice-state key of concrete dice: `classIndex[d]` is die d's class index (its top faces
   * for the area die). O(dice + classes).
   */
  keyOf(classIndex: ArrayLike<number>): number {
    let key = 0;
    for (const group of this.groups) {
      // A lone die's multiset index is its class index (see multisetsOf): no count.
      if (group.dice.length === 1) {
        const k = classIndex[group.dice[0]!]!;
        if (!(k >= 0 && k < group.classes))
          throw new RangeError(`class out of range in group of d${group.sides}`);
        key += k * group.stride;
        continue;
      }
      const counts = this.counts;
      counts.fill(0, 0, group.classes);
      for (const d of group.dice) {
        const k = classIndex[d]!;
        if (!(k >= 0 && k < group.classes))
          throw new RangeError(`class out of range in group of d${group.sides}`);
        counts[k]!++;
      }
      key += multisetRank(counts, group.dice.length, group.classes) * group.stride;
    }
    return key;
  }

  /** keyOf's scratch counts. */
  private readonly counts = new Int32Array(256);
}

/** The lowest class of an intent die: the +2s that can matter are at most the Aura cap. */
function intentClassFloor(roll: Roll): number {
  return classFloor(Math.min(roll.boostsPerRoll, roll.auraMax), roll.boostSize);
}

/** Dice of the same size on the same intent share a group. */
function groupKey(die: Roll['dice'][number]): string {
  return `${die.intent}/${die.sides}`;
}

/** How many dice each intent group of a roll has (the area die aside), as a RollModel groups them. */
function intentGroupDice(roll: Roll): number[] {
  const dice = new Map<string, number>();
  for (const die of roll.dice) {
    if (die.area) continue;
    const key = groupKey(die);
    dice.set(key, (dice.get(key) ?? 0) + 1);
  }
  return [...dice.values()];
}

/**
 * A roll's dice-state keys ignoring the area die ({@link RollModel.valueKeySpace}), counted
 * without building its groups' multisets (for a roll too large to solve they would not fit in
 * memory): what an exact solve's size is checked by before its model is built.
 * @example valueKeySpaceOf(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }, { sides: 8, intent: 0 }] })) // 15
 */
export function valueKeySpaceOf(roll: Roll): number {
  const classes = 2 - intentClassFloor(roll);
  let keys = 1;
  for (const n of intentGroupDice(roll)) keys *= multisetCount(n, classes);
  return keys;
}

/**
 * The entries of a roll's groups' `replace` tables (multisets × classes², for each group of
 * more than one die), counted without building them: with many +2s (classes) they, not the
 * dice-and-Aura states, are the bulk of an exact solve's time and memory.
 * @example moveEntriesOf(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }, { sides: 8, intent: 0 }] })) // 375
 */
export function moveEntriesOf(roll: Roll): number {
  const classes = 2 - intentClassFloor(roll);
  let entries = 0;
  for (const n of intentGroupDice(roll))
    if (n > 1) entries += multisetCount(n, classes) * classes * classes;
  return entries;
}

function buildGroup(
  intent: number,
  sides: number,
  dice: number[],
  classes: number,
  stride: number,
): Group {
  return { intent, sides, dice, classes, stride, ...multisetsOf(dice.length, classes) };
}

/** The multisets of n dice over `classes` classes, and how a reroll moves between them. */
export interface Multisets {
  readonly counts: Int8Array;
  readonly size: number;
  readonly best: Int8Array;
  readonly replace: Int32Array;
}

/** Built once per (dice, classes) for every roll: they do not depend on the dice's sides. */
const multisetCache = new Map<string, Multisets>();

/**
 * The multisets of `n` interchangeable dice over `classes` classes (see {@link Group}), cached
 * across rolls, each at its rank ({@link multisetRank}). O(multisets · classes²) the first time.
 * @throws RangeError when there are more than `most` of them (the engine could not hold their states).
 * @example multisetsOf(2, 3).size // 6
 */
export function multisetsOf(n: number, classes: number, most = MOST_MULTISETS): Multisets {
  const cacheKey = `${n}/${classes}`;
  const cached = multisetCache.get(cacheKey);
  if (cached) return cached;
  const size = multisetCount(n, classes);
  if (size > most)
    throw new RangeError('this roll has too many distinct dice for the exact engine');
  const counts = new Int8Array(size * classes);
  const best = new Int8Array(size);
  const acc = new Int32Array(classes);
  const walk = (k: number, left: number) => {
    if (k === classes - 1) {
      acc[k] = left;
      const m = multisetRank(acc, n, classes);
      for (let c = 0; c < classes; c++) {
        counts[m * classes + c] = acc[c]!;
        if (acc[c]! > 0) best[m] = c;
      }
      return;
    }
    for (let c = left; c >= 0; c--) {
      acc[k] = c;
      walk(k + 1, left - c);
    }
  };
  walk(0, n);
  const replace = new Int32Array(n === 1 ? 0 : size * classes * classes).fill(-1);
  const next = new Int32Array(classes);
  for (let m = 0; m < size && n > 1; m++) {
    for (let from = 0; from < classes; from++) {
      if (counts[m * classes + from] === 0) continue;
      for (let to = 0; to < classes; to++) {
        for (let c = 0; c < classes; c++) next[c] = counts[m * classes + c]!;
        next[from]!--;
        next[to]!++;
        replace[(m * classes + from) * classes + to] = multisetRank(next, n, classes);
      }
    }
  }
  const built = { counts, size, best, replace };
  multisetCache.set(cacheKey, built);
  return built;
}

/** Most multisets one group may have: past it no exact solve could hold its states. */
const MOST_MULTISETS = 1 << 23;

/**
 * Multisets of m dice over k classes, C(m + k − 1, k − 1) (1 when m = 0), exact while below
 * 2^53 (Pascal's triangle, cached): what ranks are counted in.
 */
export function multisetCount(m: number, k: number): number {
  if (k <= 0) return m === 0 ? 1 : 0;
  return binomial(m + k - 1, k - 1);
}

const pascal: number[][] = [[1]];
function binomial(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  while (pascal.length <= n) {
    const last = pascal[pascal.length - 1]!;
    pascal.push(last.map((x, i) => x + (last[i - 1] ?? 0)).concat(1));
  }
  return pascal[n]![r]!;
}

/**
 * The index of a multiset (`counts[k]` dice in class k, n in all) among all multisets of n
 * dice over `classes` classes, in the order of their count vectors read from the highest class
 * down (so a lone die's index is its class index). Counted, never coded: a code in base n + 1
 * passes 2^53 with many classes (many +2s) and a few dice, and two multisets then shared one.
 * O(Σ counts). @example multisetRank([0, 1, 1], 2, 3) // 4
 */
export function multisetRank(counts: ArrayLike<number>, n: number, classes: number): number {
  let rank = 0;
  let left = n;
  for (let k = classes - 1; k >= 1; k--) {
    const c = counts[k]!;
    for (let v = 0; v < c; v++) rank += multisetCount(left - v, k);
    left -= c;
  }
  return rank;
}
