import { BoundedCache } from './bounded-cache.ts';
import { type LandingTable, type OutcomeTable, outcomeKey, outcomeTable } from './die-outcome.ts';
import { workingMasses } from './masses.ts';
import { multisetRank, multisetsOf } from './roll-model.ts';

/**
 * A group's dice rolled together against one defence (see roll-model.ts): each way they can
 * land as the group's multiset index, the top faces gained (capped at `auraMax`: no state holds
 * more), its chance, and the part of the chance where a chain was capped.
 */
export interface GroupRoll extends LandingTable {
  readonly size: number;
  readonly key: Int32Array;
}

/** Most group rolls kept across rolls; past it the cache starts again. */
const GROUP_CACHE_SIZE = 2048;
const cache = new BoundedCache<number, GroupRoll>(GROUP_CACHE_SIZE);

/**
 * `count` dice of `sides` (an intent's group, or the area die when `defence` is null) rolled
 * together, cached across rolls by everything it depends on: sides, count, defence, class
 * floor, Aura cap, explosion and Aura per top face. Another roll, Challenge or analysis with the same group
 * reads the same table. O(count · multisets · outcomes) the first time.
 * @example groupRoll(6, 2, 3, -3, 5, false, 20).p.reduce((a, b) => a + b) // 1 (to rounding)
 */
export function groupRoll(
  sides: number,
  count: number,
  defence: number | null,
  floor: number,
  auraMax: number,
  exploding: boolean,
  depth: number,
  perTop = 1,
): GroupRoll {
  const cacheKey =
    outcomeKey(sides, defence, floor, auraMax, exploding, depth, perTop) * 16 + count;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const outcomes = outcomeTable(sides, defence, floor, auraMax, exploding, depth, perTop);
  if (count === 1) return cache.remember(cacheKey, loneDieRoll(outcomes));
  const classes = defence === null ? (exploding ? depth + 2 : 2) : 2 - floor;
  const A = auraMax + 1;
  const top = auraMax;
  // Multisets of the dice so far by their rank (see multisetRank), while dice are added one
  // at a time: `grown` takes a multiset of i dice and one more die's class to one of i + 1.
  // Working tables shared with the engine's other passes (roles 5 and 6 are the group rolls').
  let mine = workingMasses(5, 1);
  mine.add(0, 1, 0);
  for (let die = 0; die < count; die++) {
    const grown = grownRanks(die, classes);
    const next = workingMasses(die % 2 === 0 ? 6 : 5, multisetsOf(die + 1, classes).size * A);
    for (let i = 0; i < mine.size; i++) {
      const m = Math.floor(mine.states[i]! / A);
      const gain = mine.states[i]! % A;
      const p = mine.clean[i]!;
      const pc = mine.capped[i]!;
      for (let o = 0; o < outcomes.p.length; o++) {
        const q = outcomes.p[o]!;
        const qc = outcomes.pCapped[o]!;
        next.add(
          grown[m * classes + outcomes.cls[o]!]! * A + Math.min(top, gain + outcomes.gain[o]!),
          p * q,
          p * q - (p - pc) * (q - qc),
        );
      }
    }
    mine = next;
  }
  const size = mine.size;
  const roll: GroupRoll = {
    size,
    key: new Int32Array(size),
    gain: new Int32Array(size),
    p: new Float64Array(size),
    pCapped: new Float64Array(size),
    meanTops: count * outcomes.meanTops,
  };
  for (let j = 0; j < size; j++) {
    (roll.key as Int32Array)[j] = Math.floor(mine.states[j]! / A);
    (roll.gain as Int32Array)[j] = mine.states[j]! % A;
    (roll.p as Float64Array)[j] = mine.clean[j]!;
    (roll.pCapped as Float64Array)[j] = mine.capped[j]!;
  }
  return cache.remember(cacheKey, roll);
}

/** grown[m · classes + c]: the rank of multiset m of `n` dice with one die of class c added. */
function grownRanks(n: number, classes: number): Int32Array {
  const key = `${n}/${classes}`;
  let grown = grownCache.get(key);
  if (grown) return grown;
  const { counts, size } = multisetsOf(n, classes);
  grown = new Int32Array(size * classes);
  const next = new Int32Array(classes);
  for (let m = 0; m < size; m++)
    for (let c = 0; c < classes; c++) {
      for (let k = 0; k < classes; k++) next[k] = counts[m * classes + k]!;
      next[c]!++;
      grown[m * classes + c] = multisetRank(next, n + 1, classes);
    }
  grownCache.set(key, grown);
  return grown;
}
const grownCache = new Map<string, Int32Array>();

/** A lone die: its multiset index is its class index (see roll-model.ts), one entry per outcome. */
export function loneDieRoll(outcomes: OutcomeTable): GroupRoll {
  return {
    size: outcomes.p.length,
    key: outcomes.cls,
    gain: outcomes.gain,
    p: outcomes.p,
    pCapped: outcomes.pCapped,
    meanTops: outcomes.meanTops,
  };
}
