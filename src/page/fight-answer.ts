import { formatChance } from '../format/format-chance.ts';
import { OPENING_SPLIT_LABEL } from '../report/zidara/fight-figure-labels.ts';
import { type FightCurveRow, shownWinWithin } from '../systems/zidara/analyses/fight-curves.ts';

/**
 * The plain-language answer to a Fight question: how often the threat is down within a few
 * rounds and by the last, when it falls half the time, and the opening split.
 * @example fightAnswer(rows).headline // not run: needs a solved fight's rows; gives e.g. "The threat is down within 3 rounds 97.7% of the time."
 */
export function fightAnswer(rows: readonly FightCurveRow[]): {
  readonly headline: string;
  readonly detail: string;
} {
  const last = rows.at(-1);
  if (!last) return { headline: 'No rounds to play.', detail: '' };
  const soon = rows[Math.min(3, rows.length) - 1]!;
  const rounds = (n: number) => `${n} round${n === 1 ? '' : 's'}`;
  const headline = `The threat is down within ${rounds(soon.round)} ${formatChance(shownWinWithin(soon))} of the time.`;
  const half = rows.find((row) => row.winWithin >= 0.5);
  const parts = [
    soon !== last ? `Within ${rounds(last.round)}: ${formatChance(shownWinWithin(last))}.` : '',
    half
      ? `Half the time it falls by round ${half.round}.`
      : `Even after ${rounds(last.round)} it is down less than half the time.`,
    `${OPENING_SPLIT_LABEL}: ${last.opening}.`,
  ];
  return { headline, detail: parts.filter(Boolean).join(' ') };
}
