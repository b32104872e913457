import { formatPoints, pointsSize } from './format-points.ts';

/**
 * A table cell for what a row adds over the one before it, in percentage points; blank where
 * there is nothing before it to add to (`null`: the first die, no Resolve yet).
 * @example formatGain(0.1640625) // "+16.4 pts"
 * @example formatGain(null) // ""
 */
export function formatGain(gain: number | null): string {
  return gain === null ? '' : formatPoints(gain);
}

/** Below this, a difference of two exact runs is float noise (sums taken in another order). */
const NOISE = 5e-13;

/**
 * A What if's change, signed, its size read by `size` (the figure's own format; a chance's, by
 * default, in points). A change that reads as none at the shown digits (float noise, or too small
 * for them) reads as no change at all, "±" and the size of 0, as `formatGain(0)` does: a designer
 * reads "−0.0 pts" as a slight loss. O(1) beside `size`.
 * @example formatChange(-0.02) // "−2.0 pts"
 * @example formatChange(-1.1102230246251565e-16) // "±0.0 pts"
 * @example formatChange(0.0004, (x) => x.toFixed(3)) // "±0.000"
 */
export function formatChange(change: number, size: (size: number) => string = pointsSize): string {
  if (!Number.isFinite(change)) return 'n/a';
  const text = size(Math.abs(change));
  const none = Math.abs(change) < NOISE || !/[1-9]/.test(text);
  return none ? `±${size(0)}` : `${change > 0 ? '+' : '−'}${text}`;
}
