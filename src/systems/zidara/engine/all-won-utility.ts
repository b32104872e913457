import type { Roll } from '../roll/spec.ts';

/**
 * The terminal utility "every intent won", in the layout of RollSolver's `terminal` option:
 * 1 when all of the roll's intents are won, else 0, whatever Aura and Resolve are left. Played
 * for, it maximises P(all won) — an all-or-nothing goal no linear utility expresses (expected
 * wins may stop on one sure intent where P(all) wants the reroll). It never falls with more Aura.
 * O(intents · Aura states · Resolve levels).
 * @example ((roll) => new RollSolver(roll, { terminal: allWonUtility(roll) }).odds().expectedUtility)(splitRoll([[8], [6]], 4, { aura: 3, resolve: 1 }))
 * // 3151/4608, 0.68381 for d8 | d6 against C4 with 3 Aura and 1 Resolve (0.67936 played for wins)
 */
export function allWonUtility(roll: Roll): Float64Array {
  const n = roll.intents.length;
  const block = (roll.auraMax + 1) * (roll.resolve + 1);
  const terminal = new Float64Array((n + 1) * block);
  // Index (wins · (auraMax + 1) + auraEnd) · (resolve + 1) + resolveEnd: the last block is wins = n.
  terminal.fill(1, n * block);
  return terminal;
}
