import type { TopLevelSpec } from 'vega-lite';
import { formatPercent } from '../../format/format-percent.ts';
import {
  SPLITS_DEFAULTS,
  type SplitObjective,
  type SplitRow,
} from '../../systems/zidara/analyses/splits.ts';
import { challengeName } from '../../systems/zidara/roll/notation.ts';
import type { RollSetup } from '../../systems/zidara/roll/split-roll.ts';
import { barChart } from '../charts/bar-chart.ts';
import { type ChartField, percentField } from '../charts/chart-field.ts';
import { type Column, csvColumns, type FieldColumn, tableColumns } from '../column.ts';
import { describeSetup } from './describe-setup.ts';
import { withSubtitle } from './with-subtitle.ts';

/** What the splits chart needs besides its rows: the question that produced them. */
export interface SplitsChartContext {
  /** The Challenge faced. */
  readonly challenge: number;
  readonly objective: SplitObjective;
  readonly setup: RollSetup;
  /** The roll's steps and actions; absent for a comparison of stated splits. */
  readonly steps?: number;
  readonly actions?: number;
  /** The intent counts considered (for the subtitle), when restricted. */
  readonly intents?: readonly number[];
  /** For a comparison, the splits as the question stated them (the title asks in this order). */
  readonly asked?: readonly string[];
  /** How many splits were ranked, when `rows` holds only the best of them (default: rows.length). */
  readonly total?: number;
  /** Most bars drawn (default 20): the best splits. */
  readonly top?: number;
}

/** How each objective is named on an axis and in words. */
export const OBJECTIVE_NAMES: Record<SplitObjective, string> = {
  primary: "Main intent's win chance",
  wins: 'Expected intents won',
  all: 'Chance every intent wins',
  utility: 'Expected utility',
};

/**
 * The ranked splits as horizontal bars, best on top, coloured by the number of intents, each
 * bar labelled with its score. The title asks the question; the subtitle states the ranking,
 * how many splits are shown, and the setup.
 * @example splitsChart(splits({ steps: 8, challenge: 3 }), { challenge: 3, objective: 'wins', setup: {}, steps: 8 }).title.text
 * // "How should 8 steps and 1 action be split against C3 (d6)?"
 */
export function splitsChart(rows: readonly SplitRow[], context: SplitsChartContext): TopLevelSpec {
  const top = context.top ?? 20;
  const shown = rows.slice(0, top);
  const vs = challengeName(context.challenge);
  const title =
    context.steps === undefined
      ? statedTitle(context.asked ?? shown.map((r) => r.split), vs)
      : `How should ${context.steps} steps and ${plural(context.actions ?? SPLITS_DEFAULTS.actions, 'action')} be split against ${vs}?`;
  const percent = context.objective === 'primary' || context.objective === 'all';
  const value: ChartField<SplitRow> = percent
    ? percentField('score', OBJECTIVE_NAMES[context.objective])
    : {
        field: 'score',
        title: OBJECTIVE_NAMES[context.objective],
        type: 'quantitative',
        // No precision: the axis takes as many decimals as its ticks' step needs (0.0, 0.5, 1.0…
        // or 0.00, 0.02… when the bars are short), never two on a step of 0.2.
        format: 'f',
      };
  // Every intent count the question allows is in the legend, in order, even when the bars
  // shown have one count: each count keeps its colour from chart to chart, and a list of
  // 3-intent splits is not drawn in the colour another chart gives 1 intent.
  const counts = [...new Set(context.intents ?? rows.map((r) => r.intents))].sort((a, b) => a - b);
  const spec = barChart<SplitRow>({
    title,
    rows: shown,
    category: { field: 'split', title: 'Split', sort: 'data' },
    value,
    ...(counts.length > 1
      ? { color: { field: 'intents', title: 'Intents', type: 'nominal', domain: counts } }
      : {}),
    horizontal: true,
    labels: true,
    height: Math.max(120, 26 * shown.length),
  });
  // One bar per split: colour tells the intents apart, without halving each bar side by side.
  delete (spec as { encoding?: { yOffset?: unknown } }).encoding?.yOffset;
  // Bar labels finer than the axis: close splits must read apart.
  labelFormat(spec, percent ? '.1%' : '.2f');
  return withSubtitle(spec, splitsSubtitle(context, shown.length, context.total ?? rows.length));
}

/** The question of stated splits: how one does, which of a few is better, or of more does best. */
function statedTitle(asked: readonly string[], vs: string): string {
  if (asked.length === 1) return `How does ${asked[0]} do against ${vs}?`;
  if (asked.length <= 3) return `Which is better against ${vs}: ${asked.join(' or ')}?`;
  return `Which of these splits does best against ${vs}?`;
}

/**
 * The lines under the splits' title: the ranking, how many of the splits ranked are shown (by
 * the chart's bars or a table's rows: a table shows every row, the chart at most `top`), and
 * the setup.
 * @example splitsSubtitle({ challenge: 3, objective: 'wins', setup: {} }, 20, 23)[0]
 * // "Ranked by expected intents won · best 20 of 23 · | separates intents, + stacks dice on one intent"
 */
export function splitsSubtitle(
  context: SplitsChartContext,
  shown: number,
  total: number,
): string[] {
  const ranking = [
    `Ranked by ${OBJECTIVE_NAMES[context.objective].toLowerCase()}`,
    context.intents ? `${intentRange(context.intents)}` : '',
    total > shown ? `best ${shown} of ${total}` : '',
    '| separates intents, + stacks dice on one intent',
  ].filter(Boolean);
  return [ranking.join(' · '), describeSetup(context.setup)];
}

/** Sets the d3 format of the bar chart's value labels (its text layer). */
function labelFormat(spec: TopLevelSpec, format: string): void {
  const layers = (spec as { layer?: { mark?: { type?: string }; encoding?: { text?: object } }[] })
    .layer;
  for (const layer of layers ?? []) {
    if (layer.mark?.type === 'text' && layer.encoding?.text)
      layer.encoding.text = { ...layer.encoding.text, format };
  }
}

/** Expected utility: a table shows it only when it is the ranking, and then last. */
const UTILITY_COLUMN: Column<SplitRow> = {
  key: 'expectedUtility',
  header: 'Expected utility',
  format: (x) => x.toFixed(3),
};

/** Every field of a row, in CSV order; a table leaves out the pool, its steps and dice, the score and the Aura at the end. */
const SPLITS_FIELDS: readonly FieldColumn<SplitRow>[] = [
  { key: 'rank', header: 'Rank' },
  { key: 'split', header: 'Split' },
  { key: 'pool', header: 'Pool', table: false },
  { key: 'steps', header: 'Steps', table: false },
  { key: 'dice', header: 'Dice', table: false },
  { key: 'intents', header: 'Intents' },
  { key: 'score', header: 'Score', table: false },
  { key: 'mainWin', header: 'Main intent wins', format: (p) => formatPercent(p) },
  { key: 'expectedWins', header: 'Expected wins', format: (x) => x.toFixed(3) },
  { key: 'allWin', header: 'All won', format: (p) => formatPercent(p) },
  { ...UTILITY_COLUMN, table: false },
  { key: 'auraGained', header: 'Aura gained', format: (x) => x.toFixed(2) },
  { key: 'auraEnd', header: 'Aura at the end', table: false },
];

/** Table columns (terminal and HTML) for ranked splits; the objective decides whether utility is shown. */
export function splitsColumns(objective: SplitObjective): Column<SplitRow>[] {
  const columns = tableColumns(SPLITS_FIELDS);
  return objective === 'utility' ? [...columns, UTILITY_COLUMN] : columns;
}

/** CSV columns: every field of a row, raw. */
export const SPLITS_CSV_COLUMNS = csvColumns(SPLITS_FIELDS);

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function intentRange(counts: readonly number[]): string {
  const sorted = [...new Set(counts)].sort((a, b) => a - b);
  const contiguous = sorted.every((k, i) => i === 0 || k === sorted[i - 1]! + 1);
  const text =
    sorted.length > 1 && contiguous
      ? `${sorted[0]}–${sorted[sorted.length - 1]}`
      : sorted.join(', ');
  return `${text} intent${sorted.length === 1 && sorted[0] === 1 ? '' : 's'}`;
}
