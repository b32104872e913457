import { formatPercent } from '../format/format-percent.ts';
import { formatPoints } from '../format/format-points.ts';
import type { FigureUnit } from './figure-catalogue.ts';
import type { Estimate } from './judge.ts';
import type { Bound } from './plan-scenario.ts';

/**
 * A figure's value for people: a chance as a percentage (2 decimals), a gain or a difference of
 * chances in points, a number to 3 decimals, a flag as yes/no.
 * @example formatFigure(0.6235, 'chance') // "62.35%"
 * @example formatFigure(0.1234, 'chance', true) // "+12.34 pts"
 */
export function formatFigure(value: number, unit: FigureUnit, difference = false): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'points') return formatPoints(value, 2);
  if (unit === 'chance') return difference ? formatPoints(value, 2) : formatPercent(value, 2);
  if (unit === 'flag' && !difference) return value >= 0.5 ? 'yes' : 'no';
  const text = trim(value.toFixed(3));
  return difference && value > 0 ? `+${text}` : text.replace(/^-/, '−');
}

/** An estimate: its value, and for a simulated one its interval and trials. */
export function formatEstimate(estimate: Estimate, unit: FigureUnit, difference = false): string {
  const value = formatFigure(estimate.estimate, unit, difference);
  if (estimate.by === 'exact') return value;
  const lo = formatFigure(estimate.lo, unit, difference);
  const hi = formatFigure(estimate.hi, unit, difference);
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

/** The bounds: "55.00% to 70.00%", "≥ +10.00 pts", "≤ 3", "yes". */
export function formatBound(bound: Bound, unit: FigureUnit, difference = false): string {
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
      : formatFigure(v, unit === 'flag' ? 'number' : unit, difference);
  if (bound.atLeast !== undefined && bound.atMost !== undefined)
    return bound.atLeast === bound.atMost
      ? `= ${f(bound.atLeast)}`
      : `${f(bound.atLeast)} to ${f(bound.atMost)}`;
  if (bound.atLeast !== undefined) return `≥ ${f(bound.atLeast)}`;
  return `≤ ${f(bound.atMost!)}`;
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
