import { invalid } from '../../../input/input-error.ts';
import type { RowShape, WhatIfUnit } from '../../analysis-declaration.ts';
import { ADVANTAGE_WHAT_IF } from './advantage.ts';
import { FIGHT_CURVES_WHAT_IF } from './fight-curves.ts';
import { FISHING_WHAT_IF } from './fishing.ts';
import { REROLLS_WHAT_IF } from './rerolls.ts';
import { SPLIT_WHAT_IF } from './splits.ts';
import { TUNE_WHAT_IF } from './tune.ts';

export type { RowShape, WhatIfShape, WhatIfUnit } from '../../analysis-declaration.ts';

/**
 * Each analysis' rows as {@link whatIfPairs} pairs them: each analysis' `whatIf`, declared
 * with it (typed against its rows, so a renamed field fails to compile), gathered here for the
 * page and the library without the analyses' code. (`score` reads as its objective does: a
 * chance for `primary` and `all`.)
 */
export const WHAT_IF_SHAPES = {
  splits: SPLIT_WHAT_IF,
  'stated-splits': SPLIT_WHAT_IF,
  advantage: ADVANTAGE_WHAT_IF,
  fishing: FISHING_WHAT_IF,
  rerolls: REROLLS_WHAT_IF,
  tune: TUNE_WHAT_IF,
  'fight-curves': FIGHT_CURVES_WHAT_IF,
  /** @deprecated the old name of `fight-curves`, kept for code that reads it. */
  fights: FIGHT_CURVES_WHAT_IF,
} as const;

/** An analysis `whatIfPairs` pairs rows of (a key of `WHAT_IF_SHAPES`). */
export type WhatIfAnalysis = Exclude<keyof typeof WHAT_IF_SHAPES, 'fights'>;

/** One row of an analysis under two settings. */
export interface WhatIfRow<Row> {
  /** The fields that name the row (its split, Challenge, …). */
  readonly key: Readonly<Record<string, unknown>>;
  /** The row under the base setting, and under the other one; null where that side lacks it. */
  readonly base: Row | null;
  readonly against: Row | null;
  /**
   * Per figure: against − base (a chance's change is in [−1, 1]: ×100 for points); null when
   * a side lacks the row or the figure is not a number; for text, 0 when equal, else null.
   */
  readonly change: Readonly<Record<string, number | null>>;
}

/**
 * An analysis run under two settings (a designer's "what if": another Aura cap, no +2, ties not
 * bought…), paired row by row on the shape's key fields, with each figure's change. Rows keep
 * the base's order; rows only the other setting has come last. Pure; O(rows).
 * @example whatIfPairs(splits({ steps: 8, challenge: 3 }), splits({ steps: 8, challenge: 3, boostsPerRoll: 0 }), WHAT_IF_SHAPES.splits)[0].change.expectedWins
 * // −0.5799 (the best split, d6 | d6 | d4, wins 0.58 fewer intents without its +2)
 */
export function whatIfPairs<Row extends object>(
  base: readonly Row[],
  against: readonly Row[],
  shape: RowShape<Row>,
): WhatIfRow<Row>[] {
  checkRuns({ base, against }, shape);
  const keyOf = (row: Row) => JSON.stringify(shape.keys.map((k) => row[k]));
  const others = new Map<string, Row>();
  for (const row of against) others.set(keyOf(row), row);
  const figures = Object.entries(shape.figures) as [keyof Row & string, WhatIfUnit][];
  const pair = (b: Row | null, a: Row | null): WhatIfRow<Row> => {
    const named = (b ?? a)!;
    const change: Record<string, number | null> = {};
    for (const [field, unit] of figures) {
      const x = b?.[field];
      const y = a?.[field];
      change[field] =
        unit === 'text'
          ? b && a
            ? x === y
              ? 0
              : null
            : null
          : typeof x === 'number' && typeof y === 'number'
            ? y - x
            : null;
    }
    return {
      key: Object.fromEntries(shape.keys.map((k) => [k, named[k]])),
      base: b,
      against: a,
      change,
    };
  };
  const rows = base.map((row) => {
    const key = keyOf(row);
    const other = others.get(key) ?? null;
    others.delete(key);
    return pair(row, other);
  });
  for (const row of others.values()) rows.push(pair(null, row));
  return rows;
}

/**
 * The two runs' rows and the shape {@link whatIfPairs} is given, as a library user may pass
 * anything: each run's rows an array of objects, the shape one of {@link WHAT_IF_SHAPES}' kind.
 * @throws InputError naming the argument (`against`, `base[2]`, `shape`).
 */
function checkRuns(runs: Readonly<Record<string, unknown>>, shape: unknown): void {
  for (const [field, rows] of Object.entries(runs)) {
    if (!Array.isArray(rows)) throw invalid(field, rows, "an analysis' rows (an array)");
    const bad = rows.findIndex((row) => !row || typeof row !== 'object');
    if (bad >= 0)
      throw invalid(`${field}[${bad}]`, rows[bad], "a row of the analysis' (an object)");
  }
  const s = shape as Partial<RowShape<object>> | null | undefined;
  if (
    !s ||
    typeof s !== 'object' ||
    !Array.isArray(s.keys) ||
    !s.figures ||
    typeof s.figures !== 'object'
  )
    throw invalid(
      'shape',
      shape,
      "a row shape: the analysis' entry of WHAT_IF_SHAPES, such as WHAT_IF_SHAPES.splits",
    );
}
