import { formatFraction } from '../format/format-fraction.ts';
import { formatPercent, shortOfCertain } from '../format/format-percent.ts';
import { formatProbability } from '../format/format-probability.ts';
import type { Column } from '../report/column.ts';
import { formatTable, type TableOptions } from '../report/table.ts';
import type { OutcomeShare, SimulatedShare } from '../systems/outcome-shares.ts';

/**
 * An exact outcome distribution as a text table: name, chance, and the reduced fraction where
 * the result gives one.
 * @example outcomeTable([{ name: 'mixed', p: 4 / 9, fraction: '4/9' }])
 * // "outcome  chance         p  exact\n-------  ------  --------  -----\nmixed    44.44%  0.444444  4/9"
 */
export function outcomeTable(outcomes: readonly OutcomeShare[], title?: string): string {
  const exact = outcomes.some((o) => o.fraction !== undefined);
  // An outcome whose float p reached 1 while another has a chance is short of certain (1000d6's
  // success is 1 − 4e-174): it reads "> 99.99%", as a tiny chance reads "< 0.01%".
  const total = (except: OutcomeShare) =>
    outcomes.reduce((sum, o) => (o === except ? sum : sum + o.p), 0);
  const rows = outcomes.map((o) => ({ ...o, p: shortOfCertain(o.p, total(o)) }));
  return formatTable(
    [
      { key: 'name', header: 'outcome' },
      { key: 'p', header: 'chance', format: (p: number) => formatPercent(p, 2) },
      { key: 'p', header: 'p', format: (p: number) => decimalShortOfCertain(p, 6) },
      ...(exact ? [{ key: 'fraction' as const, header: 'exact', format: formatFraction }] : []),
    ],
    rows,
    title === undefined ? {} : { title },
  );
}

/**
 * A chance as {@link formatProbability} writes it, but one short of certain that rounds to 1
 * reads "> 0.999999" (as {@link formatPercent} reads it "> 99.99%"), never "1.000000".
 */
function decimalShortOfCertain(p: number, digits: number): string {
  const text = formatProbability(p, digits);
  return p < 1 && Number(text) >= 1 ? `> ${(1 - 10 ** -digits).toFixed(digits)}` : text;
}

/**
 * What a simulated result's heading adds when Ctrl-C stopped its run (its summary carries
 * `interrupted: true`, as `summarizeRun` marks it): the printed figures cover only the trials
 * played, and say so on stdout, not only on stderr and in the exit status.
 * @example stoppedEarly({ interrupted: true }) // " (interrupted: stopped early, a partial result)"
 * @example stoppedEarly({ trials: 10 }) // ""
 */
export function stoppedEarly(summary: object): string {
  return 'interrupted' in summary && summary.interrupted === true
    ? ' (interrupted: stopped early, a partial result)'
    : '';
}

/** A simulated outcome distribution as a text table: name, share and its 95% interval. */
export function simulatedTable(outcomes: readonly SimulatedShare[], title?: string): string {
  return formatTable(
    [
      { key: 'name', header: 'outcome' },
      { key: 'p', header: 'share', format: (p: number) => formatPercent(p, 2) },
      { key: 'lo', header: '95% from', format: (p: number) => formatPercent(p, 2) },
      { key: 'hi', header: 'to', format: (p: number) => formatPercent(p, 2) },
    ],
    outcomes,
    title === undefined ? {} : { title },
  );
}

/**
 * A simulated mean with its 95% interval, on one line: `label: 0.5 (95% 0.49 to 0.51)`; an
 * interval with no bound above (one trial of a count) reads `(95% 0.0000 or more)`, one with none
 * below (one trial of a utility that weighs strife as a cost) `(95% 1.0000 or less)`.
 */
export function simulatedMean(
  label: string,
  interval: { estimate: number; lo: number; hi: number },
): string {
  const { estimate, lo, hi } = interval;
  const [from, to] = [Number.isFinite(lo), Number.isFinite(hi)];
  const within =
    from && to
      ? `${formatProbability(lo)} to ${formatProbability(hi)}`
      : from
        ? `${formatProbability(lo)} or more`
        : to
          ? `${formatProbability(hi)} or less`
          : 'any value';
  return `${label}: ${formatProbability(estimate)} (95% ${within})`;
}

/**
 * The choices of an advice, best first: a `#` column numbering them from 1, then `columns`.
 * @example rankedTable([{ key: 'what', header: 'action' }], [{ what: 'stop' }, { what: 'roll' }])
 * // "#  action\n-  ------\n1  stop\n2  roll"
 */
export function rankedTable<Row extends object>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  options: TableOptions = {},
): string {
  type Ranked = Row & { rank: number };
  // A mapped Column over a generic row does not resolve `rank` as one of its keys.
  const rank = { key: 'rank', header: '#' } as Column<Ranked>;
  const ranked = rows.map((row, i) => ({ rank: i + 1, ...row }));
  return formatTable<Ranked>([rank, ...(columns as readonly Column<Ranked>[])], ranked, options);
}
