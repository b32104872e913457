import type { Roll } from '../roll/spec.ts';
import { classFloor } from './die-outcome.ts';

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
  /** replace[(m * classes + from) * classes + to]: the multiset with one die moved; −1 if none at `from`. */
  readonly replace: Int32Array;
  /** Place value of this group's digit in a dice-state key. */
  readonly stride: number;
  /** Multiset index from a base-(n+1) code of its counts. */
  readonly indexOfCode: ReadonlyMap<number, number>;
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
  /** Top faces the area die can show at most (its class count − 1). */
  readonly areaMaxTops: number;
  /** Threats some intent targets, in order: the defences a roll must enumerate. */
  readonly activeThreats: readonly number[];
  /** Aura states 0..auraMax. */
  readonly auraStates: number;
  /** Group of each die, and the group's position of the die. */
  readonly groupOfDie: Int32Array;

  constructor(roll: Roll) {
    this.roll = roll;
    const boosts = Math.min(roll.boostsPerRoll, roll.auraMax);
    this.floor = classFloor(boosts);
    this.classes = 2 - this.floor;
    this.intentCount = roll.intents.length;
    this.areaMaxTops = roll.explode ? roll.explodeDepth + 1 : 1;
    this.auraStates = roll.auraMax + 1;

    const byKey = new Map<string, number[]>();
    roll.dice.forEach((die, i) => {
      const key = die.area ? 'area' : `${die.intent}/${die.sides}`;
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
      const classes = key === 'area' ? this.areaMaxTops + 1 : this.classes;
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
   * for the area die). O(dice).
   */
  keyOf(classIndex: ArrayLike<number>): number {
    let key = 0;
    for (const group of this.groups) {
      // A lone die's multiset index is its class index (see buildGroup): no lookup.
      if (group.dice.length === 1) {
        key += classIndex[group.dice[0]!]! * group.stride;
        continue;
      }
      let code = 0;
      const base = group.dice.length + 1;
      for (const d of group.dice) code += base ** classIndex[d]!;
      const m = group.indexOfCode.get(code);
      if (m === undefined) throw new RangeError(`class out of range in group of d${group.sides}`);
      key += m * group.stride;
    }
    return key;
  }
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
  readonly indexOfCode: ReadonlyMap<number, number>;
}

/** Built once per (dice, classes) for every roll: they do not depend on the dice's sides. */
const multisetCache = new Map<string, Multisets>();

/**
 * The multisets of `n` interchangeable dice over `classes` classes (see {@link Group}), cached
 * across rolls. O(multisets · classes²) the first time.
 * @example multisetsOf(2, 3).size // 6
 */
export function multisetsOf(n: number, classes: number): Multisets {
  const cacheKey = `${n}/${classes}`;
  const cached = multisetCache.get(cacheKey);
  if (cached) return cached;
  const multisets: number[][] = [];
  const walk = (k: number, left: number, acc: number[]) => {
    if (k === classes - 1) {
      multisets.push([...acc, left]);
      return;
    }
    for (let c = left; c >= 0; c--) walk(k + 1, left - c, [...acc, c]);
  };
  walk(0, n, []);
  // A single die's multiset index is its class index (the simulator and the area report rely on it).
  multisets.sort((a, b) => codeOf(a, n) - codeOf(b, n));
  const size = multisets.length;
  const counts = new Int8Array(size * classes);
  const best = new Int8Array(size);
  const indexOfCode = new Map<number, number>();
  multisets.forEach((ms, m) => {
    ms.forEach((c, k) => {
      counts[m * classes + k] = c;
      if (c > 0) best[m] = k;
    });
    indexOfCode.set(codeOf(ms, n), m);
  });
  const replace = new Int32Array(size * classes * classes).fill(-1);
  multisets.forEach((ms, m) => {
    for (let from = 0; from < classes; from++) {
      if (ms[from] === 0) continue;
      for (let to = 0; to < classes; to++) {
        const next = [...ms];
        next[from]!--;
        next[to]!++;
        replace[(m * classes + from) * classes + to] = indexOfCode.get(codeOf(next, n))!;
      }
    }
  });
  const built = { counts, size, best, replace, indexOfCode };
  multisetCache.set(cacheKey, built);
  return built;
}

/** Counts as a base-(n+1) number: digit k is the count of class k. */
function codeOf(counts: number[], n: number): number {
  return counts.reduce((code, c, k) => code + c * (n + 1) ** k, 0);
}
