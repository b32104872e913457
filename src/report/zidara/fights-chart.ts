import type { TopLevelSpec } from 'vega-lite';
import { formatPercent } from '../../format/format-percent.ts';
import type { FightCurveRow } from '../../systems/zidara/analyses/fight-curves.ts';
import { challengeName } from '../../systems/zidara/roll/notation.ts';
import type { RollSetup } from '../../systems/zidara/roll/split-roll.ts';
import { percentField } from '../charts/chart-field.ts';
import { lineChart } from '../charts/line-chart.ts';
import { type Column, csvColumns } from '../column.ts';
import { describeSetup } from './describe-setup.ts';
import { withSubtitle } from './with-subtitle.ts';

/**
 * Fight curves: P(the threat falls within N rounds) against N, one line per (Challenge, tags).
 * @example fightsChart(fightCurves({ steps: 8 }), { character: '8 steps', titles: 2, setup: {} }).title.text
 * // "How many rounds does 8 steps need to bring a threat down?"
 */
export function fightsChart(
  rows: readonly FightCurveRow[],
  context: { readonly character: string; readonly titles: number; readonly setup: RollSetup },
): TopLevelSpec {
  const spec = lineChart<FightCurveRow>({
    title: `How many rounds does ${context.character} need to bring a threat down?`,
    rows,
    x: { field: 'round', title: 'Rounds', type: 'ordinal', sort: 'ascending' },
    y: percentField('winWithin', 'Threat down within N rounds'),
    color: { field: 'fight', title: 'Threat', sort: 'data' },
  });
  return withSubtitle(spec, [
    `Exact, round by round: each round the pool is split among the tags left and played optimally; ${context.titles} Titles of Resolve for the fight`,
    describeSetup({ ...context.setup, resolve: 0 }).replace('no Resolve · ', ''),
  ]);
}

/** Table columns (terminal and HTML). */
export const FIGHTS_COLUMNS: Column<FightCurveRow>[] = [
  { key: 'challenge', header: 'Challenge', format: (c) => challengeName(c) },
  { key: 'tags', header: 'Tags' },
  { key: 'round', header: 'Rounds' },
  { key: 'winWithin', header: 'Down within', format: (p) => formatPercent(p) },
  { key: 'reached', header: 'Round played', format: (p) => formatPercent(p) },
  { key: 'opening', header: 'First split' },
];

/** CSV columns: every field of a row (the table shows them all), raw. */
export const FIGHTS_CSV_COLUMNS = csvColumns(FIGHTS_COLUMNS);
