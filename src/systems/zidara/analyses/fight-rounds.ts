import { shortOfCertain } from '../../../format/format-percent.ts';
import { checkFightOdds, type FightOdds } from '../fight/fight.ts';

/** One round of a fight solved exactly; chances in [0, 1], means given the round is played. */
export type FightRoundRow = {
  readonly round: number;
  /**
   * P(the threat has lost its last tag by the end of this round): short of certain while it may
   * still stand after the round, though the float sum reached 1 (`shortOfCertain`), as a
   * scenario's `fallsWithin` of the same fight.
   */
  readonly fallsWithin: number;
  /** P(the last tag falls in this round). */
  readonly wonInRound: number;
  /** P(this round is played: the fight is not over before it). */
  readonly reached: number;
  readonly auraAtStart: number;
  readonly resolveAtStart: number;
  readonly auraSpent: number;
  readonly resolveSpent: number;
};

/**
 * A fight's figures as a table, one row per round (what a scenario's `fight` analysis is).
 * @throws InputError naming `odds` when they are not a fight's odds.
 * @example fightRounds(fight({ challenge: 4, tags: 1, pool: [8], auraMax: 0, titles: 0, maxRounds: 2 }))[1].fallsWithin // 0.68359375
 */
export function fightRounds(odds: FightOdds): FightRoundRow[] {
  checkFightOdds(odds);
  return odds.pWinWithin.map((fallsWithin, k) => ({
    round: k + 1,
    fallsWithin: shortOfCertain(fallsWithin, odds.pReached[k + 1] ?? odds.pNotWon),
    wonInRound: odds.roundsToWin[k]!,
    reached: odds.pReached[k]!,
    auraAtStart: odds.auraAtStart[k]!,
    resolveAtStart: odds.resolveAtStart[k]!,
    auraSpent: odds.auraSpent[k]!,
    resolveSpent: odds.resolveSpent[k]!,
  }));
}
