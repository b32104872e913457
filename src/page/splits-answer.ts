import { formatChance } from '../format/format-chance.ts';
import { formatChange } from '../format/format-gain.ts';
import { formatPoints } from '../format/format-points.ts';
import type { SplitObjective, SplitRow } from '../systems/zidara/analyses/splits.ts';

/** How the page names each objective: in the choice, and as the figure's column. */
export const OBJECTIVE_LABELS: Record<
  SplitObjective,
  { readonly choice: string; readonly figure: string; readonly column: string }
> = {
  primary: { choice: 'Main intent', figure: 'Main intent wins', column: 'Main' },
  wins: { choice: 'Tags expected', figure: 'Tags expected', column: 'Tags' },
  all: { choice: 'All tags', figure: 'Every intent wins', column: 'All' },
  utility: { choice: 'Utility', figure: 'Utility', column: 'Utility' },
};

/** Whether an objective's figure is a chance (shown as a percentage, gaps in points). */
export function isChance(objective: SplitObjective): boolean {
  return objective === 'primary' || objective === 'all';
}

/** An objective's figure for people. @example formatScore(0.866, 'primary') // "86.6%" */
export function formatScore(score: number, objective: SplitObjective): string {
  return isChance(objective) ? formatChance(score) : score.toFixed(3);
}

/**
 * What if's change of an objective's figure, as `--against`'s change column reads it
 * (`formatChange`): a chance's in points, another's at `formatScore`'s digits; one that reads as
 * none there (float noise of two exact runs, an exact 0) reads "±".
 * @example formatScoreChange(-1.1102230246251565e-16, 'primary') // "±0.0 pts"
 * @example formatScoreChange(0, 'wins') // "±0.000"
 */
export function formatScoreChange(change: number, objective: SplitObjective): string {
  return isChance(objective)
    ? formatChange(change)
    : formatChange(change, (size) => formatScore(size, objective));
}

/** How far a figure is behind the best, for people ("" for the best itself). @example formatGap(-0.0861, 'wins') // "−0.086" */
export function formatGap(gap: number, objective: SplitObjective): string {
  if (Math.abs(gap) <= 1e-12) return '';
  return isChance(objective) ? formatPoints(gap) : `−${Math.abs(gap).toFixed(3)}`;
}

/**
 * A split in words: how many intents and which dice each rolls.
 * @example describeSplit('d8 | d6+d2') // "two intents: d8 on one, d6+d2 on the other (the best die of a stack counts)"
 */
export function describeSplit(split: string): string {
  const intents = split.split(' | ');
  const stacked = intents.some((dice) => dice.includes('+'));
  const note = stacked ? ' (the best die of a stack counts)' : '';
  if (intents.length === 1) return `everything on one intent${note}`;
  if (intents.length === 2)
    return `two intents: ${intents[0]} on one, ${intents[1]} on the other${note}`;
  return `${COUNTS[intents.length] ?? intents.length} intents: ${intents.slice(0, -1).join(', ')} and ${intents.at(-1)}${note}`;
}

const COUNTS: Record<number, string> = { 3: 'three', 4: 'four', 5: 'five', 6: 'six' };

/**
 * The plain-language answer to a Best split question: the best split and its figure, then
 * the runner-up and how far behind it is.
 * @example splitsAnswer(rankSplits({ steps: 8, actions: 1, challenge: 3, intents: [1, 2], objective: 'wins', setup: {} }), 'wins').headline
 * // "Roll d8 | d8: 1.706 tags stripped on average."
 */
export function splitsAnswer(
  rows: readonly SplitRow[],
  objective: SplitObjective,
): { readonly headline: string; readonly detail: string } {
  const [best, next] = rows;
  if (!best) return { headline: 'No split to rank.', detail: '' };
  const figure = formatScore(best.score, objective);
  const headline = {
    primary: `Roll ${best.split}: your main intent wins ${figure} of the time.`,
    wins: `Roll ${best.split}: ${figure} tags stripped on average.`,
    all: `Roll ${best.split}: every intent wins ${figure} of the time.`,
    utility: `Roll ${best.split}: expected utility ${figure}.`,
  }[objective];
  const shape = `That is ${describeSplit(best.split)}.`;
  if (!next) return { headline, detail: shape };
  const gap = next.score - best.score;
  const behind =
    Math.abs(gap) <= 1e-12
      ? `${next.split} does exactly as well.`
      : `Next best: ${next.split}, ${isChance(objective) ? formatPoints(gap).replace('−', '') : Math.abs(gap).toFixed(3)} ${isChance(objective) ? 'lower' : 'less'}.`;
  return { headline, detail: `${shape} ${behind}` };
}

/**
 * The answer in a few words, for the bar that keeps it in sight on a phone.
 * @example shortAnswer(rankSplits({ steps: 8, actions: 1, challenge: 3, intents: [1, 2], objective: 'wins', setup: {} }), 'wins') // "Best: d8 | d8 · 1.706 tags"
 */
export function shortAnswer(rows: readonly SplitRow[], objective: SplitObjective): string {
  const best = rows[0];
  if (!best) return '';
  const unit = { primary: ' main', wins: ' tags', all: ' all', utility: ' utility' }[objective];
  return `Best: ${best.split} · ${formatScore(best.score, objective)}${unit}`;
}
