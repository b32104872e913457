import type { TopLevelSpec } from 'vega-lite';
import { formatGain } from '../../format/format-gain.ts';
import { formatPercent } from '../../format/format-percent.ts';
import type { AdvantageRow } from '../../systems/zidara/analyses/advantage.ts';
import { challengeName } from '../../systems/zidara/roll/notation.ts';
import type { RollSetup } from '../../systems/zidara/roll/split-roll.ts';
import { challengeField, percentField } from '../charts/chart-field.ts';
import { lineChart } from '../charts/line-chart.ts';
import { csvColumns, type FieldColumn, tableColumns } from '../column.ts';
import { describeSetup } from './describe-setup.ts';
import { withSubtitle } from './with-subtitle.ts';

/**
 * Win chance against the dice stacked on one intent, one line per Challenge ("C3 (d6)"). When
 * every stack is copies of one die the x axis counts them; otherwise it lists the stacks in
 * their given order.
 * @example advantageChart(advantage({ sides: 6 }), { setup: {} }).title.text // "How much does each extra d6 stacked on one intent add?"
 */
export function advantageChart(
  rows: readonly AdvantageRow[],
  context: { readonly setup: RollSetup },
): TopLevelSpec {
  const stacks = [...new Set(rows.map((r) => r.stack))];
  const die = sameDie(stacks);
  const spec = lineChart<AdvantageRow>({
    title: die
      ? `How much does each extra ${die} stacked on one intent add?`
      : 'How much does each stack of dice on one intent win?',
    rows,
    x: die
      ? { field: 'dice', title: `${die}s stacked on the intent (the best one counts)`, format: 'd' }
      : {
          field: 'stack',
          title: 'Dice on the intent (the best one counts)',
          type: 'ordinal',
          sort: 'data',
        },
    y: percentField('winChance', 'Win chance'),
    color: { ...challengeField<AdvantageRow>('challenge'), type: 'nominal' },
  });
  const challenges = [...new Set(rows.map((r) => r.challenge))];
  return withSubtitle(spec, [
    `One intent against ${challengesText(challenges)}`,
    describeSetup(context.setup),
  ]);
}

/**
 * The Challenges faced, in words: a run by its ends ("each Challenge, C1 (d2) to C3 (d6)"),
 * others each by name ("C2 (d4), C3 (d6) and C5 (d10)").
 */
function challengesText(challenges: readonly number[]): string {
  const sorted = [...challenges].sort((a, b) => a - b);
  const names = sorted.map(challengeName);
  if (names.length === 1) return names[0]!;
  if (sorted.every((c, i) => i === 0 || c === sorted[i - 1]! + 1))
    return `each Challenge, ${names[0]} to ${names[names.length - 1]}`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "d6" when every stack is copies of that one die, else undefined. */
function sameDie(stacks: readonly string[]): string | undefined {
  const dice = new Set(stacks.flatMap((s) => s.split('+')));
  return dice.size === 1 ? [...dice][0] : undefined;
}

/** Every field of a row, in CSV order; the table leaves out the stack's dice and steps. */
const ADVANTAGE_FIELDS: readonly FieldColumn<AdvantageRow>[] = [
  { key: 'stack', header: 'Stack' },
  { key: 'dice', header: 'Dice', table: false },
  { key: 'steps', header: 'Steps', table: false },
  { key: 'challenge', header: 'Challenge', format: (c) => challengeName(c) },
  { key: 'winChance', header: 'Win chance', format: (p) => formatPercent(p) },
  { key: 'gain', header: 'Gain', format: formatGain, align: 'right' },
  { key: 'auraGained', header: 'Aura gained', format: (x) => x.toFixed(2) },
];

/** Table columns (terminal and HTML). */
export const ADVANTAGE_COLUMNS = tableColumns(ADVANTAGE_FIELDS);

/** CSV columns: every field of a row, raw. */
export const ADVANTAGE_CSV_COLUMNS = csvColumns(ADVANTAGE_FIELDS);
