import { invalid } from '../../../input/input-error.ts';
import { integerAtLeastText } from '../../../input/integer-text.ts';

/** The die sizes Zi'Dara uses: dN is worth N/2 steps. */
export const DIE_SIDES = [2, 4, 6, 8, 10, 12] as const;

/**
 * The dice of {@link DIE_SIDES} as a refusal lists them, each one named: a range ("d2…d12")
 * reads as if a d7 were one.
 * @example DICE_ALLOWED // "d2, d4, d6, d8, d10 or d12"
 */
export const DICE_ALLOWED = `${DIE_SIDES.slice(0, -1)
  .map((sides) => `d${sides}`)
  .join(', ')} or d${DIE_SIDES.at(-1)}`;

/** Steps → dice without splitting: ⌊S/6⌋ d12 plus d(2·(S mod 6)) when the remainder is not 0. @example stepsToDice(8) // [12, 4] */
export function stepsToDice(steps: number): number[] {
  checkSteps(steps);
  const dice: number[] = Array.from({ length: Math.floor(steps / 6) }, () => 12);
  if (steps % 6 !== 0) dice.push(2 * (steps % 6));
  return dice;
}

/**
 * The die a Challenge rolls: C is d(2C). A Challenge below 1 rolls no die: refused, as the rules
 * ask (a roll's spec refuses it first; this holds the library's callers to it too).
 * @example challengeDie(3) // 6
 * @throws InputError naming `challenge` when it is not an integer ≥ 1.
 */
export function challengeDie(challenge: number): number {
  if (!Number.isSafeInteger(challenge) || challenge < 1)
    throw invalid('challenge', challenge, integerAtLeastText(1));
  return 2 * challenge;
}

/**
 * Every legal pool for `steps` steps and `actions` actions: multisets of die sizes whose steps
 * (N/2 each, 1..6 per die) sum to S, with a count k where ⌈S/6⌉ ≤ k ≤ min(S, ⌈S/6⌉ + actions).
 * Each pool is sorted high to low; the list is in ascending lexicographic order.
 * @example legalPools(4, 1) // [[4, 4], [6, 2], [8]]
 */
export function legalPools(steps: number, actions: number): number[][] {
  checkSteps(steps);
  if (!Number.isSafeInteger(actions) || actions < 1)
    throw invalid('actions', actions, integerAtLeastText(1));
  const base = Math.ceil(steps / 6);
  const most = Math.min(steps, base + actions);
  const pools: number[][] = [];
  // Parts in non-increasing order, each 1..6 steps.
  const walk = (left: number, count: number, largest: number, parts: number[]) => {
    if (count === 0) {
      if (left === 0) pools.push(parts.map((p) => 2 * p));
      return;
    }
    for (let p = Math.min(6, largest, left); p >= 1; p--) {
      if (p * count < left) break; // the rest cannot reach S any more
      walk(left - p, count - 1, p, [...parts, p]);
    }
  };
  for (let k = base; k <= most; k++) walk(steps, k, 6, []);
  return pools.sort(compareLexicographic);
}

function compareLexicographic(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

function checkSteps(steps: number): void {
  if (!Number.isSafeInteger(steps) || steps < 1)
    throw invalid('steps', steps, integerAtLeastText(1));
}
