import type { TopLevelSpec } from 'vega-lite';
import { formatGain } from '../../format/format-gain.ts';
import { formatPercent } from '../../format/format-percent.ts';
import type { RerollRow } from '../../systems/zidara/analyses/rerolls.ts';
import { challengeName } from '../../systems/zidara/roll/notation.ts';
import type { RollSetup } from '../../systems/zidara/roll/split-roll.ts';
import { challengeField, percentField } from '../charts/chart-field.ts';
import { heatmap } from '../charts/heatmap.ts';
import { type Column, csvColumns } from '../column.ts';
import { describeSetup } from './describe-setup.ts';
import { withSubtitle } from './with-subtitle.ts';

/** How each kind of reroll is named in tables, and (shorter) on the chart's axis. */
const REROLL_NAMES = {
  one: 'reroll one die',
  all: 'reroll all dice',
  any: 'optimal (one or all)',
} as const;
const SHORT_NAMES = { one: 'one die', all: 'all dice', any: 'optimal' } as const;

/** A heatmap cell: a Resolve level and kind of reroll against a Challenge. */
type Cell = { setting: string; challenge: number; winChance: number };

/**
 * Win chance by Challenge (across) and by Resolve and kind of reroll (down: no Resolve, then
 * each level with each kind), each cell labelled. With no Resolve the kinds agree, so that row
 * appears once. Against one Challenge, the title names it.
 * @example rerollsChart(rerolls({ split: [[8]] }), { split: 'd8', setup: {} }).title.text // "What is Resolve worth to d8 against each Challenge?"
 */
export function rerollsChart(
  rows: readonly RerollRow[],
  context: { readonly split: string; readonly setup: Omit<RollSetup, 'resolve' | 'rerolls'> },
): TopLevelSpec {
  const cells: Cell[] = [];
  const seen = new Set<string>();
  for (const row of [...rows].sort((a, b) => a.resolve - b.resolve)) {
    const setting =
      row.resolve === 0 ? 'no Resolve' : `${row.resolve} Resolve, ${SHORT_NAMES[row.rerolls]}`;
    const key = `${setting}/${row.challenge}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cells.push({ setting, challenge: row.challenge, winChance: row.winChance });
  }
  const settings = new Set(cells.map((c) => c.setting)).size;
  const intents = context.split.split('|').length;
  const challenges = new Set(cells.map((c) => c.challenge));
  const spec = heatmap<Cell>({
    title: `What is Resolve worth to ${context.split} against ${challenges.size === 1 ? challengeName([...challenges][0]!) : 'each Challenge'}?`,
    rows: cells,
    x: challengeField('challenge'),
    y: { field: 'setting', title: 'Resolve, rerolls', sort: 'data' },
    value: percentField('winChance', intents === 1 ? 'Win chance' : 'Every intent won'),
    height: Math.max(120, 30 * settings),
  });
  return withSubtitle(spec, [
    `${intents === 1 ? 'Win chance' : 'Chance every intent wins'} with each Resolve reroll: ${rerollKindsText(rows)}`,
    describeSetup({ ...context.setup, resolve: 0 }).replace('no Resolve · ', ''),
  ]);
}

/** Each kind of reroll as the subtitle says it, in the order it says them. */
const KIND_WORDS = {
  one: 'one die of your choice',
  all: 'every die',
  any: 'whichever is better',
} as const;

/**
 * The kinds of reroll the rows were asked for, in words: "one die of your choice, every die, or
 * whichever is better"; without both others beside it, the optimal kind says what it chooses
 * between. The chart's subtitle and the report's description both say them so.
 * @example rerollKindsText([{ rerolls: 'one' }, { rerolls: 'all' }]) // "one die of your choice or every die"
 */
export function rerollKindsText(rows: readonly Pick<RerollRow, 'rerolls'>[]): string {
  const asked = new Set(rows.map((r) => r.rerolls));
  const kinds = (Object.keys(KIND_WORDS) as (keyof typeof KIND_WORDS)[]).filter((k) =>
    asked.has(k),
  );
  const words = kinds.map((k) =>
    k === 'any' && !(asked.has('one') && asked.has('all'))
      ? `${KIND_WORDS.any} of one die and ${KIND_WORDS.all}`
      : KIND_WORDS[k],
  );
  if (words.length < 3) return words.join(' or ');
  return `${words.slice(0, -1).join(', ')}, or ${words[words.length - 1]}`;
}

/** Table columns (terminal and HTML). */
export const REROLLS_COLUMNS: Column<RerollRow>[] = [
  { key: 'challenge', header: 'Challenge', format: (c) => challengeName(c) },
  { key: 'rerolls', header: 'Rerolls', format: (k) => REROLL_NAMES[k] },
  { key: 'resolve', header: 'Resolve' },
  { key: 'winChance', header: 'Win chance', format: (p) => formatPercent(p) },
  // Over the level listed before, which is the last Resolve's worth only when levels go 0, 1, 2….
  { key: 'gain', header: 'Over the level before', format: formatGain, align: 'right' },
  { key: 'resolveEnd', header: 'Resolve left', format: (x) => x.toFixed(2) },
];

/** CSV columns: every field of a row (the table shows them all), raw. */
export const REROLLS_CSV_COLUMNS = csvColumns(REROLLS_COLUMNS);
