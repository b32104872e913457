import { readInteger } from '../../spec-fields.ts';
import {
  FIGHT_LIMITS,
  type Fight,
  type FightOdds,
  type FightOptions,
  fightOdds,
  parseFight,
} from '../fight/fight.ts';

/** Options of {@link fightCurves}: a character's pool (or steps) and the fights to try. */
export interface FightCurvesOptions extends Omit<FightOptions, 'challenge' | 'tags'> {
  /** Tags the threats have (default 1, 2 and 3). */
  readonly tags?: readonly number[];
  /** Challenges of the threats (default 2, 3 and 4). */
  readonly challenges?: readonly number[];
}

/** P(the threat falls within `round` rounds), for one (Challenge, tags) fight. */
export type FightCurveRow = {
  readonly challenge: number;
  readonly tags: number;
  /** "C3 (d6), 2 tags": the curve's name. */
  readonly fight: string;
  readonly round: number;
  readonly winWithin: number;
  /** P(this round is played at all). */
  readonly reached: number;
  /** The split the first round rolls. */
  readonly opening: string;
};

/**
 * Fight curves: for every (Challenge, tags) pair, the chance the threat falls within 1, 2, …
 * `maxRounds` rounds, each fight solved exactly as a Markov chain over (tags, Aura, Resolve)
 * (see fight/fight.ts). Cost: one fight solve per pair (milliseconds to a second each).
 * @example fightCurves({ pool: [8], challenges: [4], tags: [1], auraMax: 0, titles: 0, maxRounds: 2 })[1].winWithin
 * // 1 − (36/64)² = 0.68359375
 */
export function fightCurves(options: FightCurvesOptions): FightCurveRow[] {
  const { tags = [1, 2, 3], challenges = [2, 3, 4], ...character } = options;
  const rows: FightCurveRow[] = [];
  for (const [i, t] of tags.entries()) readInteger(t, `tags[${i}]`, 1, FIGHT_LIMITS.tags);
  for (const challenge of challenges) {
    for (const t of tags) {
      const fight = parseFight({ ...character, challenge, tags: t });
      rows.push(...fightCurveRows(fight, fightOdds(fight)));
    }
  }
  return rows;
}

/**
 * One fight's solved odds as curve rows, one per round: what {@link fightCurves} returns for
 * each (Challenge, tags) pair, for callers that solve the fight themselves.
 * @example fightCurveRows(fight, fightOdds(fight))[0].round // 1
 */
export function fightCurveRows(fight: Fight, odds: FightOdds): FightCurveRow[] {
  const { challenge, tags } = fight;
  return odds.pWinWithin.map((winWithin, k) => ({
    challenge,
    tags,
    fight: `C${challenge} (d${2 * challenge}), ${tags} tag${tags === 1 ? '' : 's'}`,
    round: k + 1,
    winWithin,
    reached: odds.pReached[k]!,
    opening: odds.openingSplit,
  }));
}
