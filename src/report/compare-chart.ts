import type { TopLevelSpec } from 'vega-lite';
import { formatPercent } from '../format/format-percent.ts';
import {
  COMPARED_SYSTEMS,
  type ComparedSystem,
  ORDINARY,
  ringSkillLadder,
  type SystemCompareRow,
} from '../systems/compare.ts';
import type { PoolRule } from '../systems/zidara/analyses/tune.ts';
import { challengeName } from '../systems/zidara/roll/notation.ts';
import type { RollSetup } from '../systems/zidara/roll/split-roll.ts';
import { chartTheme } from './chart-theme.ts';
import { inlineRows } from './charts/chart-frame.ts';
import { titleDef } from './charts/encode-field.ts';
import { type Column, csvColumns } from './column.ts';
import { describeSetup } from './zidara/describe-setup.ts';

/** What the rows were computed against, for the legend and the subtitle. */
export interface CompareChartContext {
  /** Zi'Dara's Challenge. */
  readonly challenge: number;
  /** Ring and Skill's TN. */
  readonly tn: number;
  /** Zi'Dara's pool rule. */
  readonly pool: PoolRule;
  /** Zi'Dara's setup. */
  readonly setup: RollSetup;
}

/** Each system's name and competence axis, as the legend and the table show it. */
export function systemName(system: ComparedSystem, context: CompareChartContext): string {
  switch (system) {
    case 'zidara':
      return `Zi'Dara: steps vs ${challengeName(context.challenge)}`;
    case 'd12-action':
      return 'd12 safe roll: proficiency';
    case 'tags-2d6':
      return '2d6 + tags: modifier';
    case 'd6-pool':
      return 'd6 pool: stat';
    case 'ring-skill':
      return `Ring and Skill: dice vs TN ${context.tn}`;
  }
}

/** The bands, in the order of the chart's panels. */
const BANDS = [
  { key: 'full', name: 'Full success' },
  { key: 'partial', name: 'Partial (mixed, cost, paid)' },
  { key: 'failure', name: 'Failure' },
] as const;

/** Plot size of one panel, in pixels. */
const PANEL = { width: 230, height: 250 } as const;

/**
 * The five systems on one chart: three panels (full success, partial, failure), each a line per
 * system against the aligned competence axis (0 = ordinary, one point of the system's own
 * competence per step), chances on a fixed 0–100% scale, a dashed rule at ordinary. Colour
 * and point shape both tell the systems apart; a system with no result of a band (no partial)
 * has no line in its panel.
 * @example compareChart(compareSystems(), { challenge: 3, tn: 2, pool: 'natural', setup: {} }).title.text
 * // "How steep is each system's curve around ordinary competence?"
 */
export function compareChart(
  rows: readonly SystemCompareRow[],
  context: CompareChartContext,
): TopLevelSpec {
  const names = COMPARED_SYSTEMS.map((s) => systemName(s, context));
  // A system without a band (no partial result in the d12 safe roll or Ring and Skill) draws no
  // line in its panel: a flat 0% would only hide another system's line there.
  const hasBand = (system: string, key: (typeof BANDS)[number]['key']) =>
    rows.some((r) => r.system === system && r[key] !== 0);
  const long = rows.flatMap((row) =>
    BANDS.filter((band) => hasBand(row.system, band.key)).map((band) => ({
      system: systemName(row.system, context),
      level: row.level,
      position: row.position,
      band: band.name,
      chance: row[band.key],
    })),
  );
  const positions = rows.map((r) => r.position);
  const lowest = Math.min(...positions);
  const highest = Math.max(...positions);
  const ticks = Array.from({ length: highest - lowest + 1 }, (_, i) => lowest + i);
  // A system with no competence at a point (the d6 pool has no stat 5) says so, or its line
  // stopping short reads as a figure missing.
  const gaps = COMPARED_SYSTEMS.flatMap((system) => {
    const has = new Set(rows.filter((r) => r.system === system).map((r) => r.position));
    const none = has.size ? ticks.filter((p) => !has.has(p)) : [];
    const name = systemName(system, context).split(':')[0];
    return none.length ? [`${name} at ${none.map(formatPosition).join(', ')}`] : [];
  });
  const x = {
    field: 'position',
    type: 'quantitative' as const,
    scale: { domain: [lowest, highest], nice: false },
    axis: {
      title: 'Competence: points from ordinary',
      values: ticks,
      labelExpr:
        "datum.value === 0 ? 'ordinary' : (datum.value > 0 ? '+' : '−') + abs(datum.value)",
      grid: true,
    },
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      ...titleDef("How steep is each system's curve around ordinary competence?"),
      subtitle: [
        `Ordinary (0): Zi'Dara ${ORDINARY.zidara} steps vs ${challengeName(context.challenge)} · d12 proficiency ${ORDINARY['d12-action']} · 2d6+${ORDINARY['tags-2d6']} · d6 stat ${ORDINARY['d6-pool']} · ${ringSkillText(context.tn)}`,
        ...(gaps.length
          ? [`Where a line stops, its system has no such competence: ${gaps.join(' · ')}`]
          : []),
        "Partial: 2d6's cost, the d6 pool's mixed, a Zi'Dara win paid with Aura or Resolve (d12, Ring and Skill: none)",
        `Zi'Dara: ${context.pool === 'natural' ? 'unsplit pool' : 'best one-intent pool'} · ${describeSetup(context.setup)}`,
      ],
    },
    config: chartTheme,
    data: inlineRows(long),
    facet: {
      column: {
        field: 'band',
        type: 'nominal',
        sort: BANDS.map((b) => b.name),
        title: null,
        header: { labelFontSize: 14, labelPadding: 6 },
      },
    },
    spec: {
      width: PANEL.width,
      height: PANEL.height,
      layer: [
        {
          // One dashed rule per panel at ordinary competence.
          transform: [{ aggregate: [{ op: 'count', as: 'rows' }], groupby: ['band'] }],
          mark: { type: 'rule', color: '#888888', strokeDash: [4, 4] },
          encoding: { x: { datum: 0, type: 'quantitative' } },
        },
        {
          mark: { type: 'line', point: true },
          encoding: {
            x,
            y: {
              field: 'chance',
              type: 'quantitative',
              scale: { domain: [0, 1] },
              axis: { title: 'Chance', format: '.0%' },
            },
            color: {
              field: 'system',
              type: 'nominal',
              sort: names,
              scale: { domain: names },
              legend: {
                title: 'System: competence axis',
                orient: 'right',
                labelLimit: 0,
                titleLimit: 0,
              },
            },
            shape: { field: 'system', type: 'nominal', sort: names, scale: { domain: names } },
            tooltip: [
              { field: 'system', type: 'nominal', title: 'System' },
              { field: 'level', type: 'nominal', title: 'Level' },
              { field: 'band', type: 'nominal', title: 'Result' },
              { field: 'chance', type: 'quantitative', title: 'Chance', format: '.1%' },
            ],
          },
        },
      ],
    },
  } as TopLevelSpec;
}

function ringSkillText(tn: number): string {
  const { ring, skill } = ringSkillLadder(ORDINARY['ring-skill']);
  return `ring ${ring} + skill ${skill} vs TN ${tn}`;
}

/** "+1", "−2", or "0 (ordinary)". */
export function formatPosition(position: number): string {
  if (position === 0) return '0 (ordinary)';
  return `${position > 0 ? '+' : '−'}${Math.abs(position)}`;
}

/** Every field of a row, as the table shows it but for the system's name (the context's). */
const COMPARE_FIELDS: readonly Column<SystemCompareRow>[] = [
  { key: 'system', header: 'System' },
  { key: 'level', header: 'Level' },
  { key: 'position', header: 'Position', format: formatPosition, align: 'right' },
  { key: 'full', header: 'Full success', format: (p) => formatPercent(p) },
  { key: 'partial', header: 'Partial', format: (p) => formatPercent(p) },
  { key: 'failure', header: 'Failure', format: (p) => formatPercent(p) },
];

/** Table columns (terminal and HTML): the system's name comes from {@link systemName}. */
export function compareColumns(context: CompareChartContext): Column<SystemCompareRow>[] {
  return COMPARE_FIELDS.map((c) =>
    c.key === 'system' ? { ...c, format: (s: ComparedSystem) => systemName(s, context) } : c,
  );
}

/** CSV columns: every field of a row, raw. */
export const COMPARE_CSV_COLUMNS = csvColumns(COMPARE_FIELDS);
