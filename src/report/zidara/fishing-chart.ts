import type { TopLevelSpec } from 'vega-lite';
import { formatPercent } from '../../format/format-percent.ts';
import type { FishingRow } from '../../systems/zidara/analyses/fishing.ts';
import { challengeName } from '../../systems/zidara/roll/notation.ts';
import type { RollSetup } from '../../systems/zidara/roll/split-roll.ts';
import { scatterChart } from '../charts/scatter-chart.ts';
import { csvColumns, type FieldColumn, tableColumns } from '../column.ts';
import { describeSetup } from './describe-setup.ts';
import { withSubtitle } from './with-subtitle.ts';

/** The question behind a fishing chart. */
export interface FishingChartContext {
  readonly steps: number;
  readonly actions: number;
  readonly challenge: number;
  readonly setup: RollSetup;
}

/**
 * Every split as a point: expected Aura gained across, the main intent's win chance up (zoomed
 * to the data: the differences are a few points), the Pareto frontier joined and labelled.
 * @example fishingChart(fishing({ steps: 8, actions: 2, challenge: 3 }), { steps: 8, actions: 2, challenge: 3, setup: {} }).title.text
 * // "Does splitting small dice off to fish for Aura pay against C3 (d6)?"
 */
export function fishingChart(
  rows: readonly FishingRow[],
  context: FishingChartContext,
): TopLevelSpec {
  const frontier = rows.filter((r) => r.frontier).sort((a, b) => a.auraGained - b.auraGained);
  const spec = scatterChart<FishingRow>({
    title: `Does splitting small dice off to fish for Aura pay against ${challengeName(context.challenge)}?`,
    rows,
    x: {
      field: 'auraGained',
      title: 'Expected Aura gained a roll (top faces shown)',
      format: '.1f',
    },
    y: { field: 'mainWin', title: "Main intent's win chance", format: '.0%' },
    name: 'Other splits',
    highlight: { rows: frontier, name: 'Pareto frontier', label: 'split' },
    width: 640,
    height: 380,
  });
  const zoomed = spec as { encoding: { y: Record<string, unknown> } };
  zoomed.encoding.y = { ...zoomed.encoding.y, scale: { zero: false } };
  const [pools, ...setup] = fishingSubtitle(context);
  // Only the chart has an up and a right.
  return withSubtitle(spec, [`${pools} · up and right is better`, ...setup]);
}

/**
 * The lines under a fishing table's title (the chart adds how to read its axes): the pools
 * tried, and the setup.
 * @example fishingSubtitle({ steps: 8, actions: 2, challenge: 3, setup: {} })[0]
 * // "8 steps, 2 actions: every legal pool, the largest die's intent kept as the main one"
 */
export function fishingSubtitle(context: FishingChartContext): string[] {
  return [
    `${context.steps} steps, ${context.actions} action${context.actions === 1 ? '' : 's'}: every legal pool, the largest die's intent kept as the main one`,
    describeSetup(context.setup),
  ];
}

/** Expected Aura gained, as the table and the findings print it. */
export function formatAuraGained(aura: number): string {
  return aura.toFixed(3);
}

/** Every field of a row, in CSV order; the table leaves out the pool, its minor dice and the Aura shared. */
const FISHING_FIELDS: readonly FieldColumn<FishingRow>[] = [
  { key: 'split', header: 'Split' },
  { key: 'pool', header: 'Pool', table: false },
  { key: 'minorDice', header: 'Minor dice', table: false },
  { key: 'mainWin', header: 'Main intent wins', format: (p) => formatPercent(p) },
  { key: 'auraGained', header: 'Aura gained', format: formatAuraGained },
  { key: 'auraEnd', header: 'Aura at the end', format: (x) => x.toFixed(2) },
  { key: 'auraShared', header: 'Aura shared', table: false },
  { key: 'minorWins', header: 'Minor wins', format: (x) => x.toFixed(3) },
  { key: 'frontier', header: 'Frontier', format: (f) => (f ? 'yes' : '') },
];

/** Table columns (terminal and HTML). */
export const FISHING_COLUMNS = tableColumns(FISHING_FIELDS);

/** CSV columns: every field of a row, raw. */
export const FISHING_CSV_COLUMNS = csvColumns(FISHING_FIELDS);
