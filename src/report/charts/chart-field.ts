import { CHALLENGE_LABEL_EXPR } from '../challenge-label.ts';

/**
 * A row field drawn on a chart channel (x, y, colour…): which field, its axis or legend
 * title, its measurement type and how its values are printed.
 * @example { field: 'winChance', title: 'Win chance', format: '.0%' } // not run: a value of the type
 */
export interface ChartField<Row extends object> {
  /** The row field (a top-level key; dots and brackets are taken literally). */
  readonly field: keyof Row & string;
  /** The axis or legend title, in words ("Win chance", "Aura spent"). */
  readonly title: string;
  /** Measurement type; the default depends on the channel (see each builder). */
  readonly type?: 'quantitative' | 'ordinal' | 'nominal';
  /** A d3-format string for the labels: '.0%' for chances, 'd' for integers, '.2f'… */
  readonly format?: string;
  /** A Vega expression over `datum.value` that replaces the labels, e.g. CHALLENGE_LABEL_EXPR. */
  readonly labelExpr?: string;
  /** Fixed scale domain ([0, 1] for chances that should not be zoomed in on). */
  readonly domain?: readonly number[] | readonly string[];
  /** Order of discrete values: ascending (the default), descending, or as in the data. */
  readonly sort?: 'ascending' | 'descending' | 'data';
}

/**
 * A chance in [0, 1], labelled as a whole percentage, on a fixed 0–100% scale.
 * @example percentField('winChance', 'Win chance') // { field: 'winChance', title: 'Win chance', type: 'quantitative', format: '.0%', domain: [0, 1] }
 */
export function percentField<Row extends object>(
  field: keyof Row & string,
  title: string,
): ChartField<Row> {
  return { field, title, type: 'quantitative', format: '.0%', domain: [0, 1] };
}

/**
 * A Challenge number shown as discrete steps labelled "C3 (d6)".
 * @example challengeField('challenge') // { field: 'challenge', title: 'Challenge', type: 'ordinal', labelExpr: CHALLENGE_LABEL_EXPR }
 */
export function challengeField<Row extends object>(
  field: keyof Row & string,
  title = 'Challenge',
): ChartField<Row> {
  return { field, title, type: 'ordinal', labelExpr: CHALLENGE_LABEL_EXPR };
}
