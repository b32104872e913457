import { formatPercent } from '../format/format-percent.ts';
import { formatPoints } from '../format/format-points.ts';
import type { FigureUnit } from './figure-catalogue.ts';
import type { Estimate } from './judge.ts';
import type { Bound } from './plan-scenario.ts';

/**
 * The most decimals a figure is shown with (of a percentage for a chance, of points for a
 * difference of chances): enough to show a bound as typed, or tell apart two figures one line
 * compares (a value and the bound it breaks, a baseline's and a run's), down to 1e-10 of a chance.
 */
export const FIGURE_MAX_DECIMALS = 8;

/**
 * A figure's value for people: a chance as a percentage (2 decimals), a gain or a difference of
 * chances in points, a number to 3 decimals, a flag as yes/no; `decimals` (see
 * {@link decimalsShowing}, {@link decimalsTelling}) shows more.
 * @example formatFigure(0.6235, 'chance') // "62.35%"
 * @example formatFigure(0.1234, 'chance', true) // "+12.34 pts"
 * @example formatFigure(0.50001, 'chance', false, 3) // "50.001%"
 */
export function formatFigure(
  value: number,
  unit: FigureUnit,
  difference = false,
  decimals = defaultDecimals(unit),
): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'points') return formatPoints(value, decimals);
  if (unit === 'chance')
    return difference ? formatPoints(value, decimals) : formatPercent(value, decimals);
  if (unit === 'flag' && !difference) return value >= 0.5 ? 'yes' : 'no';
  const text = trim(value.toFixed(decimals));
  return difference && value > 0 ? `+${text}` : text.replace(/^-/, '−');
}

/** The decimals a unit is shown with by default: 2 of a percentage or of points, 3 of a number. */
function defaultDecimals(unit: FigureUnit): number {
  return unit === 'points' || unit === 'chance' ? 2 : 3;
}

/** A value in the unit it is read in: a chance or a difference of chances ×100. */
function shownScale(unit: FigureUnit): number {
  return unit === 'points' || unit === 'chance' ? 100 : 1;
}

/**
 * The fewest decimals (from the unit's own, at most {@link FIGURE_MAX_DECIMALS}) that show every
 * value exactly: a bound as it was typed (`0.5834`, `50.001%`).
 * @example decimalsShowing([0.5834], 'number') // 4
 * @example decimalsShowing([0.55, 0.7], 'chance') // 2
 */
export function decimalsShowing(values: readonly number[], unit: FigureUnit): number {
  const scale = shownScale(unit);
  for (let d = defaultDecimals(unit); d < FIGURE_MAX_DECIMALS; d++)
    if (
      values.every((v) => {
        const scaled = Math.abs(v * scale);
        return !Number.isFinite(scaled) || Math.abs(Number(scaled.toFixed(d)) - scaled) <= 1e-9;
      })
    )
      return d;
  return FIGURE_MAX_DECIMALS;
}

/**
 * The fewest decimals (from `decimals`, at most {@link FIGURE_MAX_DECIMALS}) at which two
 * different values read differently: a figure and the bound it breaks, a move from a baseline.
 * @example decimalsTelling(0.416666, 0.41667, 'chance') // 4 ("41.6666%", "41.6670%")
 */
export function decimalsTelling(
  a: number,
  b: number,
  unit: FigureUnit,
  difference = false,
  decimals = defaultDecimals(unit),
): number {
  let d = decimals;
  while (
    d < FIGURE_MAX_DECIMALS &&
    a !== b &&
    formatFigure(a, unit, difference, d) === formatFigure(b, unit, difference, d)
  )
    d++;
  return d;
}

/** An estimate: its value, and for a simulated one its interval and trials. */
export function formatEstimate(
  estimate: Estimate,
  unit: FigureUnit,
  difference = false,
  decimals = defaultDecimals(unit),
): string {
  const value = formatFigure(estimate.estimate, unit, difference, decimals);
  if (estimate.by === 'exact') return value;
  const lo = formatFigure(estimate.lo, unit, difference, decimals);
  const hi = formatFigure(estimate.hi, unit, difference, decimals);
  const trials = estimate.trials === undefined ? '' : `, ${compact(estimate.trials)} trials`;
  return `${value} [${lo} to ${hi}${trials}]`;
}

/**
 * The size of a move, either way: "±1.23 pts" for a chance, "±0.042" for a number.
 * @example formatMove(0.0123, 'chance') // "±1.23 pts"
 */
export function formatMove(move: number, unit: FigureUnit): string {
  return `±${formatFigure(Math.abs(move), unit === 'flag' ? 'number' : unit, true).replace(/^\+/, '')}`;
}

/**
 * The bounds, as typed: "55.00% to 70.00%", "≥ +10.00 pts", "≤ 3", "≤ 0.0001", "yes"; with
 * `decimals`, at least that many.
 */
export function formatBound(
  bound: Bound,
  unit: FigureUnit,
  difference = false,
  decimals = boundDecimals(bound, unit),
): string {
  if (unit === 'flag' && !difference) {
    if (bound.atLeast !== undefined && bound.atLeast > 0) return 'yes';
    if (bound.atMost !== undefined && bound.atMost < 1) return 'no';
  }
  const f = (v: number) =>
    v === 0
      ? unit === 'points' || (unit === 'chance' && difference)
        ? '0 pts'
        : unit === 'chance'
          ? '0%'
          : '0'
      : formatFigure(v, unit === 'flag' ? 'number' : unit, difference, decimals);
  if (bound.atLeast !== undefined && bound.atMost !== undefined)
    return bound.atLeast === bound.atMost
      ? `= ${f(bound.atLeast)}`
      : `${f(bound.atLeast)} to ${f(bound.atMost)}`;
  if (bound.atLeast !== undefined) return `≥ ${f(bound.atLeast)}`;
  return `≤ ${f(bound.atMost!)}`;
}

/** The decimals that show a bound's values as typed (see {@link decimalsShowing}). */
export function boundDecimals(bound: Bound, unit: FigureUnit): number {
  const values = [bound.atLeast, bound.atMost].filter((v): v is number => v !== undefined);
  return decimalsShowing(values, unit);
}

/** 20000 → "20k", 1000000 → "1M". */
export function compact(n: number): string {
  if (n >= 1e6 && n % 1e5 === 0) return `${trim((n / 1e6).toFixed(1))}M`;
  if (n >= 1e3 && n % 100 === 0) return `${trim((n / 1e3).toFixed(1))}k`;
  return String(n);
}

function trim(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
