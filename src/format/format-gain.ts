import { formatPoints } from './format-points.ts';

/**
 * A table cell for what a row adds over the one before it, in percentage points; blank where
 * there is nothing before it to add to (`null`: the first die, no Resolve yet).
 * @example formatGain(0.1640625) // "+16.4 pts"
 * @example formatGain(null) // ""
 */
export function formatGain(gain: number | null): string {
  return gain === null ? '' : formatPoints(gain);
}
