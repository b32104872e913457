import { type OutcomeTable, outcomeKey, outcomeTable } from './die-outcome.ts';
import { workingMasses } from './masses.ts';
import { multisetsOf } from './roll-model.ts';

/**
 * A group's dice rolled together against one defence (see roll-model.ts): each way they can
 * land as the group's multiset index, the top faces gained (capped at `auraMax`: no state holds
 * more), its chance, and the part of the chance where a chain was capped.
 */
export interface GroupRoll {
  readonly size: number;
  readonly key: Int32Array;
  readonly gain: Int32Array;
  readonly p: Float64Array;
  readonly pCapped: Float64Array;
  /** E[top faces] of the whole group, before any cap. */
  readonly meanTops: number;
}

/** Most group rolls kept across rolls; past it the cache starts again. */
const GROUP_CACHE_SIZE = 2048;
const cache = new Map<number, GroupRoll>();

/**
 * `count` dice of `sides` (an intent's group, or the area die when `defence` is null) rolled
 * together, cached across rolls by everything it depends on: sides, count, defence, class
 * floor, Aura cap and explosion. Another roll, Challenge or analysis with the same group
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
): GroupRoll {
  const cacheKey = outcomeKey(sides, defence, floor, auraMax, exploding, depth) * 16 + count;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const outcomes = outcomeTable(sides, defence, floor, auraMax, exploding, depth);
  if (count === 1) return remember(cacheKey, loneDie(outcomes));
  const classes = defence === null ? (exploding ? depth + 2 : 2) : 2 - floor;
  const { indexOfCode } = multisetsOf(count, classes);
  const A = auraMax + 1;
  const top = auraMax;
  const base = count + 1;
  // Count vectors as base-(count+1) codes while dice are added one at a time.
  // Working tables shared with the engine's other passes (roles 5 and 6 are the group rolls').
  let mine = workingMasses(5, 1);
  mine.add(0, 1, 0);
  for (let die = 0; die < count; die++) {
    const next = workingMasses(die % 2 === 0 ? 6 : 5, base ** classes * A);
    for (let i = 0; i < mine.size; i++) {
      const code = Math.floor(mine.states[i]! / A);
      const gain = mine.states[i]! % A;
      const p = mine.clean[i]!;
      const pc = mine.capped[i]!;
      for (let o = 0; o < outcomes.p.length; o++) {
        const q = outcomes.p[o]!;
        const qc = outcomes.pCapped[o]!;
        next.add(
          (code + base ** outcomes.cls[o]!) * A + Math.min(top, gain + outcomes.gain[o]!),
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
    (roll.key as Int32Array)[j] = indexOfCode.get(Math.floor(mine.states[j]! / A))!;
    (roll.gain as Int32Array)[j] = mine.states[j]! % A;
    (roll.p as Float64Array)[j] = mine.clean[j]!;
    (roll.pCapped as Float64Array)[j] = mine.capped[j]!;
  }
  return remember(cacheKey, roll);
}

/** A lone die: its multiset index is its class index (see roll-model.ts), one entry per outcome. */
function loneDie(outcomes: OutcomeTable): GroupRoll {
  return {
    size: outcomes.p.length,
    key: outcomes.cls,
    gain: outcomes.gain,
    p: outcomes.p,
    pCapped: outcomes.pCapped,
    meanTops: outcomes.meanTops,
  };
}

function remember(cacheKey: number, roll: GroupRoll): GroupRoll {
  if (cache.size >= GROUP_CACHE_SIZE) cache.clear();
  cache.set(cacheKey, roll);
  return roll;
}
