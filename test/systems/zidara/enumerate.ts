/**
 * Hand-checkable figures by direct enumeration, independent of the exact engine: a threat's
 * defence D is uniform on 1..2C, dice are uniform on 1..N, and with no Aura (auraMax 0) an
 * intent wins exactly when its best die is above D.
 */

/** P(best of `dice` ≤ D) for a fixed D: every die at most D. */
export function pAllAtMost(dice: readonly number[], defence: number): number {
  return dice.reduce((p, sides) => p * Math.min(1, defence / sides), 1);
}

/** The mean over D = 1..2C of f(D). */
export function overDefence(challenge: number, f: (defence: number) => number): number {
  let total = 0;
  for (let d = 1; d <= 2 * challenge; d++) total += f(d);
  return total / (2 * challenge);
}

/** P(an intent with these dice beats Challenge C), no Aura, no reroll. */
export function pBeats(dice: readonly number[], challenge: number): number {
  return overDefence(challenge, (d) => 1 - pAllAtMost(dice, d));
}

/** The same by listing every face of every die (a second, slower count). */
export function pBeatsByFaces(dice: readonly number[], challenge: number): number {
  let wins = 0;
  let total = 0;
  const walk = (i: number, best: number) => {
    if (i === dice.length) {
      for (let d = 1; d <= 2 * challenge; d++) {
        total++;
        if (best > d) wins++;
      }
      return;
    }
    for (let face = 1; face <= dice[i]!; face++) walk(i + 1, Math.max(best, face));
  };
  walk(0, 0);
  return wins / total;
}
