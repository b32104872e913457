import { Dist, explode } from '../../../distribution/index.ts';

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

/** The lowest class that still matters when at most `boosts` +2s can be bought. */
export function classFloor(boosts: number): number {
  return -(2 * boosts + 1);
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
