import { Dist, explode } from '../../../distribution/index.ts';
import { BoundedCache } from './bounded-cache.ts';

/**
 * What one die's roll means for the decisions, once the defence D of its threat is known.
 *
 * Within a roll D is fixed, so a die's exact value stops mattering: only its **class**
 * min(value − D, 1) does, clipped below at `floor` = −(2·boosts + 1) (a die there cannot even tie
 * with every +2 spent). Class 1 wins, 0 ties, −1 wins with a +2, and so on. Its Aura is its
 * number of top faces, ⌊value / sides⌋ for plain and exploding dice alike, counted when rolled.
 */
export function classOf(value: number, defence: number, floor: number): number {
  const margin = value - defence;
  return margin >= 1 ? 1 : Math.max(floor, margin);
}

/** Top faces shown by a die (or an exploding chain) of `sides` that came to `value`. */
export function topFaces(value: number, sides: number): number {
  // Values are positive, so truncation is ⌊⌋; `| 0` lets the JIT divide in integers.
  return (value / sides) | 0;
}

/**
 * The lowest class that still matters when at most `boosts` +2s, each adding `boostSize`
 * (rule variant `boostSize`, default 2), can be bought.
 */
export function classFloor(boosts: number, boostSize = 2): number {
  return -(boostSize * boosts + 1);
}

/**
 * The defence classes are counted from: D, or D − 1 when ties go to the roller (rule variant
 * `tiesGoTo`): beating D − 1 is tying D, so class 1 is then "beats or ties", won for free, and a
 * roll whose intents are all there has not failed. Every class, +2 and spend rule then holds
 * unchanged (with no tie left to buy: see {@link tiesBought}).
 */
export function classDefence(roll: { readonly tiesGoTo: string }, defence: number): number {
  return roll.tiesGoTo === 'roller' ? defence - 1 : defence;
}

/** Whether a tie can be bought with Aura: `tieBreak`, unless ties already go to the roller. */
export function tiesBought(roll: {
  readonly tieBreak: boolean;
  readonly tiesGoTo: string;
}): boolean {
  return roll.tieBreak && roll.tiesGoTo !== 'roller';
}

/** One way a die can land, for the decisions: its class, its top faces, and how likely it is. */
export interface DieOutcome {
  /** Class against D (intent dice), or top faces (the area die, whose value is its size). */
  readonly cls: number;
  readonly tops: number;
  readonly p: number;
  /** The part of `p` where the chain was stopped by the explode cap. */
  readonly pCapped: number;
}

/**
 * The value distribution of one die: plain, or exploding on its top face with at most `depth`
 * extra rolls (a plain die is an exploding one with depth 0).
 */
function dieValues(sides: number, exploding: boolean, depth: number): Dist {
  return explode(Dist.die(sides), exploding ? depth : 0).dist;
}

/**
 * The outcomes of one die against defence D, merged by (class, top faces).
 * `defence` null means the area die: its class is its top-face count.
 */
export function dieOutcomes(
  sides: number,
  defence: number | null,
  floor: number,
  exploding: boolean,
  depth: number,
): DieOutcome[] {
  const values = dieValues(sides, exploding, depth);
  const cappedValue = exploding ? (depth + 1) * sides : Number.NaN;
  const merged = new Map<string, { cls: number; tops: number; p: number; pCapped: number }>();
  for (const [value, p] of values.entries()) {
    const tops = topFaces(value, sides);
    const cls = defence === null ? tops : classOf(value, defence, floor);
    const key = `${cls}/${tops}`;
    const entry = merged.get(key) ?? { cls, tops, p: 0, pCapped: 0 };
    entry.p += p;
    if (value === cappedValue) entry.pCapped += p;
    merged.set(key, entry);
  }
  return [...merged.values()];
}

/**
 * The ways dice land as flat arrays, what the engines' inner loops read: each way's Aura gained
 * (top faces × the Aura a top face gives, capped at `auraMax`, since no state holds more), its
 * chance, and the part of that chance where a chain was capped.
 */
export interface LandingTable {
  readonly gain: Int32Array;
  readonly p: Float64Array;
  readonly pCapped: Float64Array;
  /** E[Aura from top faces] of the dice, before any cap. */
  readonly meanTops: number;
}

/**
 * A die's outcomes against one defence: each one's class index (class − floor; for the area
 * die, its top faces) with its Aura and chance.
 */
export interface OutcomeTable extends LandingTable {
  readonly cls: Int32Array;
}

/** Most tables kept across rolls; past it the cache starts again (a table costs < 1 µs to redo). */
const OUTCOME_CACHE_SIZE = 4096;
const outcomeCache = new BoundedCache<number, OutcomeTable>(OUTCOME_CACHE_SIZE);
const valueCache = new BoundedCache<
  number,
  { values: Float64Array; p: Float64Array; capped: number }
>(OUTCOME_CACHE_SIZE);

/**
 * One number for (sides, defence, floor, Aura cap, explosion, Aura per top face), within the
 * rules' limits (defence 0 to 100, floor ≥ −41, Aura cap ≤ 20, depth ≤ 100, Aura per top face ≤ 3):
 * a cache key built with no string (below 2^36).
 */
export function outcomeKey(
  sides: number,
  defence: number | null,
  floor: number,
  auraMax: number,
  exploding: boolean,
  depth: number,
  perTop = 1,
): number {
  const d = defence === null ? 127 : defence;
  return (
    ((((sides * 128 + d) * 64 - (defence === null ? 0 : floor)) * 64 + auraMax) * 256 +
      (exploding ? depth : 255)) *
      4 +
    perTop
  );
}

/**
 * {@link dieOutcomes} as an {@link OutcomeTable}, cached across rolls by everything it depends on
 * (sides, defence, floor, Aura cap, explosion, Aura per top face): a roll of the same die
 * against the same defence in another roll, another Challenge or another analysis reads the
 * same table.
 * @example outcomeTable(8, 4, -3, 5, false, 20).p.length // 6: classes −3…1, and the 8 (a win with a top face)
 */
export function outcomeTable(
  sides: number,
  defence: number | null,
  floor: number,
  auraMax: number,
  exploding: boolean,
  depth: number,
  perTop = 1,
): OutcomeTable {
  const key = outcomeKey(sides, defence, floor, auraMax, exploding, depth, perTop);
  const cached = outcomeCache.get(key);
  if (cached) return cached;
  const { values, p: pv, capped } = floatValues(sides, exploding, depth);
  // (class, capped gain) → slot, in first-seen order; few slots, so a linear search. Outcomes
  // whose gains differ only past the cap are one: nothing reads more than the capped gain.
  const cls: number[] = [];
  const gains: number[] = [];
  const p: number[] = [];
  const pCapped: number[] = [];
  let meanTops = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const t = topFaces(value, sides);
    const c = defence === null ? t : classOf(value, defence, floor) - floor;
    const g = Math.min(t * perTop, auraMax);
    meanTops += pv[i]! * t * perTop;
    let slot = 0;
    while (slot < cls.length && (cls[slot] !== c || gains[slot] !== g)) slot++;
    if (slot === cls.length) {
      cls.push(c);
      gains.push(g);
      p.push(0);
      pCapped.push(0);
    }
    p[slot]! += pv[i]!;
    if (value === capped) pCapped[slot]! += pv[i]!;
  }
  return outcomeCache.remember(key, {
    cls: Int32Array.from(cls),
    gain: Int32Array.from(gains),
    p: Float64Array.from(p),
    pCapped: Float64Array.from(pCapped),
    meanTops,
  });
}

/**
 * The area die's outcomes by its value (class index value − 1), for rolls whose rerolls keep
 * the better result (rule variant `rerollKeepsBest`): the better of two sizes is a value, not a
 * count of top faces. Aura as in {@link outcomeTable}; cached the same way.
 */
export function areaValueTable(
  sides: number,
  auraMax: number,
  exploding: boolean,
  depth: number,
  perTop: number,
): OutcomeTable {
  const key = -outcomeKey(sides, null, 0, auraMax, exploding, depth, perTop);
  const cached = outcomeCache.get(key);
  if (cached) return cached;
  const { values, p, capped } = floatValues(sides, exploding, depth);
  let meanTops = 0;
  const gain = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const t = topFaces(values[i]!, sides);
    gain[i] = Math.min(t * perTop, auraMax);
    meanTops += p[i]! * t * perTop;
  }
  return outcomeCache.remember(key, {
    cls: Int32Array.from(values, (v) => v - 1),
    gain,
    p,
    pCapped: Float64Array.from(values, (v, i) => (v === capped ? p[i]! : 0)),
    meanTops,
  });
}

/** The area die's class count: its top-face counts, or (kept rerolls) its values. */
export function areaClasses(
  sides: number,
  byValue: boolean,
  exploding: boolean,
  depth: number,
): number {
  return byValue ? (exploding ? depth + 1 : 1) * sides : exploding ? depth + 2 : 2;
}

/** A die's values and their chances as floats (exploding dice through the exact algebra, once). */
function floatValues(
  sides: number,
  exploding: boolean,
  depth: number,
): { values: Float64Array; p: Float64Array; capped: number } {
  const key = sides * 256 + (exploding ? depth : 255);
  const cached = valueCache.get(key);
  if (cached) return cached;
  if (!exploding)
    return valueCache.remember(key, {
      values: Float64Array.from({ length: sides }, (_, i) => i + 1),
      p: new Float64Array(sides).fill(1 / sides),
      capped: Number.NaN,
    });
  const entries = dieValues(sides, true, depth).entries();
  return valueCache.remember(key, {
    values: Float64Array.from(entries, ([v]) => v),
    p: Float64Array.from(entries, ([, q]) => q),
    capped: (depth + 1) * sides,
  });
}
