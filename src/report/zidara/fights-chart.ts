import type { TopLevelSpec } from 'vega-lite';
import { formatChance } from '../../format/format-chance.ts';
import { countOf } from '../../format/format-count.ts';
import { type FightCurveRow, shownWinWithin } from '../../systems/zidara/analyses/fight-curves.ts';
import type { FightPolicy } from '../../systems/zidara/fight/fight.ts';
import { challengeName } from '../../systems/zidara/roll/notation.ts';
import type { RollSetup } from '../../systems/zidara/roll/split-roll.ts';
import { DASH_PATTERNS } from '../chart-theme.ts';
import { challengeField, percentField } from '../charts/chart-field.ts';
import { lineChart } from '../charts/line-chart.ts';
import { type Column, csvColumns, type FieldColumn, tableColumns } from '../column.ts';
import { describeSetup } from './describe-setup.ts';
import {
  DOWN_WITHIN_LABEL,
  OPENING_SPLIT_LABEL,
  ROUND_LABEL,
  ROUND_PLAYED_LABEL,
  STILL_STANDING_LABEL,
} from './fight-figure-labels.ts';
import { withSubtitle } from './with-subtitle.ts';

/**
 * Fight curves: P(the threat falls within N rounds) against N, one line per (Challenge, tags),
 * its colour the Challenge and its dash the tags; its subtitle says how the rounds are played
 * (whole-fight play: for the last round's chance).
 * @example fightsChart(fightCurves({ steps: 8 }), { character: '8 steps', titles: 2, setup: {} }).title.text
 * // "How many rounds does 8 steps need to bring a threat down?"
 */
export function fightsChart(
  rows: readonly FightCurveRow[],
  context: {
    readonly character: string;
    readonly titles: number;
    readonly setup: RollSetup;
    readonly fightPolicy?: FightPolicy | undefined;
  },
): TopLevelSpec {
  const spec = lineChart<FightCurveRow>({
    title: `How many rounds does ${context.character} need to bring a threat down?`,
    rows,
    x: { field: 'round', title: 'Rounds', type: 'ordinal', sort: 'ascending' },
    y: percentField('winWithin', 'Threat down within N rounds'),
    ...threatSeries(rows),
  });
  const play =
    context.fightPolicy === 'whole-fight'
      ? `played for the chance it is down within ${countOf(Math.max(...rows.map((r) => r.round)), 'round')} (whole-fight play)`
      : 'played optimally';
  return withSubtitle(spec, [
    `Exact, round by round: each round the pool is split among the tags left and ${play}; ${countOf(context.titles, 'Title')} of Resolve for the fight`,
    describeSetup({ ...context.setup, resolve: 0 }).replace('no Resolve · ', ''),
  ]);
}

/**
 * How the lines are told apart: the Challenge by colour and the tags by dash, as a designer
 * reads a threat; with more tag counts than dash patterns, each threat by colour (and shape).
 */
function threatSeries(rows: readonly FightCurveRow[]) {
  const tags = new Set(rows.map((r) => r.tags));
  if (tags.size > DASH_PATTERNS.length)
    return { color: { field: 'fight', title: 'Threat', sort: 'data' } } as const;
  return {
    color: { ...challengeField<FightCurveRow>('challenge'), type: 'nominal' },
    dash: {
      field: 'tags',
      title: 'Tags',
      type: 'ordinal',
      labelExpr: "datum.value + (datum.value === 1 ? ' tag' : ' tags')",
    },
  } as const;
}

/**
 * Every field of a row, in CSV order; a table leaves out the chance the threat still stands (the
 * next round's {@link ROUND_PLAYED_LABEL}), and reads {@link DOWN_WITHIN_LABEL} short of certain
 * while it is above 0.
 */
const FIGHTS_FIELDS: readonly FieldColumn<FightCurveRow>[] = [
  { key: 'challenge', header: 'Challenge', format: (c) => challengeName(c) },
  { key: 'tags', header: 'Tags' },
  { key: 'round', header: ROUND_LABEL },
  {
    key: 'winWithin',
    header: DOWN_WITHIN_LABEL,
    format: (_, row) => formatChance(shownWinWithin(row)),
  },
  { key: 'notWonWithin', header: STILL_STANDING_LABEL, table: false },
  { key: 'reached', header: ROUND_PLAYED_LABEL, format: (p) => formatChance(p) },
  { key: 'opening', header: OPENING_SPLIT_LABEL },
];

/** Table columns (terminal and HTML). */
export const FIGHTS_COLUMNS: Column<FightCurveRow>[] = tableColumns(FIGHTS_FIELDS);

/** CSV columns: every field of a row, raw. */
export const FIGHTS_CSV_COLUMNS = csvColumns(FIGHTS_FIELDS);
