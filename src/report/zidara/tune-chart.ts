import type { TopLevelSpec } from 'vega-lite';
import { countOf } from '../../format/format-count.ts';
import { formatPercent } from '../../format/format-percent.ts';
import type { PoolRule, TuneAnswer, TuneRow } from '../../systems/zidara/analyses/tune.ts';
import { challengeName } from '../../systems/zidara/roll/notation.ts';
import type { RollSetup } from '../../systems/zidara/roll/split-roll.ts';
import { challengeField, percentField } from '../charts/chart-field.ts';
import { heatmap } from '../charts/heatmap.ts';
import { type Column, csvColumns } from '../column.ts';
import { describeSetup } from './describe-setup.ts';
import { withSubtitle } from './with-subtitle.ts';

/** The rule that chose each cell's pool, in words. */
const POOL_RULE_NAMES: Record<PoolRule, string> = {
  best: 'the best one-intent legal pool',
  natural: 'the unsplit pool',
};

/**
 * The rule that chose the rows' pools, in words; the natural rule's with the pools it gives the
 * grid's fewest and most steps, read from the rows (an example's steps would not be the grid's).
 * @example poolRuleText('natural', tuneGrid({ steps: [3], challenges: [1], pool: 'natural' })) // "the unsplit pool (3 steps: d6)"
 */
export function poolRuleText(rule: PoolRule, rows: readonly TuneRow[]): string {
  const steps = [...new Set(rows.map((r) => r.steps))].sort((a, b) => a - b);
  if (rule === 'best' || steps.length === 0) return POOL_RULE_NAMES[rule];
  const ends = steps.length === 1 ? steps : [steps[0]!, steps.at(-1)!];
  const pools = ends.map((s) => `${countOf(s, 'step')}: ${rows.find((r) => r.steps === s)!.pool}`);
  return `${POOL_RULE_NAMES.natural} (${pools.join(' to ')})`;
}

/**
 * The question a tune answers, its title everywhere (table, chart, JSON, report): the Challenge
 * for each step count (the grid alone, or a target solved for the Challenge), or the steps
 * against the grid's Challenges (a target solved for the steps).
 * @example tuneTitle('steps', [4]) // "How many steps does a character need against C4 (d8)?"
 */
export function tuneTitle(
  solveFor: TuneAnswer['solveFor'] | undefined,
  challenges: readonly number[],
): string {
  if (solveFor !== 'steps') return 'Which Challenge suits a character of each step count?';
  const against = challenges.length === 1 ? challengeName(challenges[0]!) : 'each Challenge';
  return `How many steps does a character need against ${against}?`;
}

/**
 * The steps × Challenge grid as a heatmap: Challenge across, steps down (most on top), each
 * cell's win chance printed in it on a fixed 0–100% viridis scale; titled by what a target
 * solves for (see {@link tuneTitle}).
 * @example tuneChart(tuneGrid({}), { pool: 'best', actions: 1, setup: {} }).title.text // "Which Challenge suits a character of each step count?"
 */
export function tuneChart(
  rows: readonly TuneRow[],
  context: {
    readonly pool: PoolRule;
    readonly actions: number;
    readonly setup: RollSetup;
    /** What a target solves for, if there is one. */
    readonly solveFor?: TuneAnswer['solveFor'];
  },
): TopLevelSpec {
  const steps = new Set(rows.map((r) => r.steps)).size;
  const spec = heatmap<TuneRow>({
    title: tuneTitle(context.solveFor, [...new Set(rows.map((r) => r.challenge))]),
    rows,
    x: challengeField('challenge'),
    y: { field: 'steps', title: 'Steps', type: 'ordinal', sort: 'descending' },
    value: percentField('winChance', 'Win chance'),
    height: Math.max(80, 26 * steps),
  });
  return withSubtitle(spec, [
    `Win chance of ${poolRuleText(context.pool, rows)}${context.pool === 'best' ? ` (${context.actions} action${context.actions === 1 ? '' : 's'})` : ''}`,
    describeSetup(context.setup),
  ]);
}

/** Table columns (terminal and HTML). */
export const TUNE_COLUMNS: Column<TuneRow>[] = [
  { key: 'steps', header: 'Steps' },
  { key: 'challenge', header: 'Challenge', format: (c) => challengeName(c) },
  { key: 'pool', header: 'Pool' },
  { key: 'winChance', header: 'Win chance', format: (p) => formatPercent(p) },
];

/** CSV columns: every field of a row (the table shows them all), raw. */
export const TUNE_CSV_COLUMNS = csvColumns(TUNE_COLUMNS);

/** A row of the CSV with a target: a cell of the grid (`answer` empty), or a point of an answer. */
export type TuneCsvRow = TuneRow & { readonly answer: '' | 'nearest' | 'above' | 'below' };

/** CSV columns with a target: every field of a row, then which point of an answer it is. */
export const TUNE_TARGET_CSV_COLUMNS = [
  ...TUNE_CSV_COLUMNS,
  { key: 'answer', header: 'Answer' },
] as const satisfies readonly { key: keyof TuneCsvRow; header: string }[];

/**
 * The CSV's rows with a target: the grid's, then each answer's nearest point and the points
 * either side of the target (`answer` says which; the nearest is one of them, and may lie off
 * the grid), as the findings name them.
 * @example tuneCsvRows([], [tuneTarget({ target: 0.6, steps: 6, pool: 'natural', auraMax: 0 })]).map((r) => `${r.answer} C${r.challenge}`) // ["nearest C4", "above C4", "below C5"]
 */
export function tuneCsvRows(
  rows: readonly TuneRow[],
  answers: readonly TuneAnswer[],
): TuneCsvRow[] {
  const points = answers.flatMap((a) =>
    (['nearest', 'above', 'below'] as const).flatMap((answer) => {
      const point = a[answer];
      return point ? [{ ...point, answer }] : [];
    }),
  );
  return [...rows.map((row) => ({ ...row, answer: '' as const })), ...points];
}
