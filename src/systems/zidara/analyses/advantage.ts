import { invalid } from '../../../input-error.ts';
import { readInteger } from '../../spec-fields.ts';
import { DIE_SIDES } from '../roll/pool.ts';
import { ROLL_LIMITS } from '../roll/spec.ts';
import { canonicalSplit, formatSplit } from '../roll/split.ts';
import { type RollSetup, type SplitQuestion, splitsOdds } from '../roll/split-roll.ts';

/** Options of {@link advantage}. */
export interface AdvantageOptions extends RollSetup {
  /** The die stacked: 1, 2, … `most` copies of it on one intent (default 6: d6). */
  readonly sides?: number;
  /** Most copies stacked (default 6). */
  readonly most?: number;
  /** Instead of copies of one die, these stacks in this order, each a list of die sizes on the
   * one intent (e.g. [[12], [12, 2], [12, 4]]). */
  readonly stacks?: readonly (readonly number[])[];
  /** The Challenges to face (default 1..6). */
  readonly challenges?: readonly number[];
}

/** One stack of dice on one intent against one Challenge. */
export type AdvantageRow = {
  /** The stack in the notation: "d6+d6+d6". */
  readonly stack: string;
  readonly dice: number;
  readonly steps: number;
  readonly challenge: number;
  /** P(the intent wins). */
  readonly winChance: number;
  /** Win chance gained over the previous stack at this Challenge (null for the first stack). */
  readonly gain: number | null;
  /** Expected top faces rolled (Aura gained, before the cap). */
  readonly auraGained: number;
};

/**
 * How the win chance of one intent grows as dice are stacked on it (advantage: the best die
 * counts), per Challenge. Rows are by stack, then by Challenge. One exact solve per cell:
 * 36 cells take a few tens of milliseconds.
 * @example advantage({ sides: 6, most: 2, challenges: [3], auraMax: 0 }).map((r) => r.winChance)
 * // [0.4166…, 0.5787…]  (1 − Σ_D (D/6)^k / 6)
 */
export function advantage(options: AdvantageOptions = {}): AdvantageRow[] {
  const challenges = (options.challenges ?? [1, 2, 3, 4, 5, 6]).map((c, i) =>
    readInteger(c, `challenges[${i}]`, 1, ROLL_LIMITS.challenge),
  );
  if (challenges.length === 0) throw invalid('challenges', [], 'at least one Challenge');
  const stacks = options.stacks ? checkStacks(options.stacks) : copies(options);
  // Every cell solved at once: one solve per stack serves every Challenge.
  const solved = splitsOdds(
    stacks.flatMap((stack) =>
      challenges.map(
        (challenge): SplitQuestion => ({
          split: canonicalSplit([stack]),
          challenge,
          setup: options,
        }),
      ),
    ),
  );
  const rows: AdvantageRow[] = [];
  stacks.forEach((stack, s) => {
    const split = canonicalSplit([stack]);
    challenges.forEach((challenge, c) => {
      const odds = solved[s * challenges.length + c]!;
      const winChance = odds.intents[0]!.pWin;
      const previous = s > 0 ? rows[(s - 1) * challenges.length + c]!.winChance : null;
      rows.push({
        stack: formatSplit(split),
        dice: stack.length,
        steps: stack.reduce((t, n) => t + n / 2, 0),
        challenge,
        winChance,
        gain: previous === null ? null : winChance - previous,
        auraGained: odds.expectedAuraGained,
      });
    });
  });
  return rows;
}

function copies(options: AdvantageOptions): number[][] {
  const sides = options.sides ?? 6;
  if (!(DIE_SIDES as readonly number[]).includes(sides))
    throw invalid('sides', sides, `one of ${DIE_SIDES.join(', ')}`);
  const most = readInteger(options.most, 'most', 1, ROLL_LIMITS.dice, 6);
  return Array.from({ length: most }, (_, k) => new Array<number>(k + 1).fill(sides));
}

function checkStacks(stacks: readonly (readonly number[])[]): number[][] {
  if (stacks.length === 0) throw invalid('stacks', [], 'at least one stack of dice');
  return stacks.map((stack, i) => {
    if (stack.length === 0 || stack.length > ROLL_LIMITS.dice)
      throw invalid(`stacks[${i}]`, stack, `1 to ${ROLL_LIMITS.dice} dice`);
    stack.forEach((sides, j) => {
      if (!(DIE_SIDES as readonly number[]).includes(sides))
        throw invalid(`stacks[${i}][${j}]`, sides, `one of ${DIE_SIDES.join(', ')}`);
    });
    return [...stack];
  });
}
