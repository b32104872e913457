import { invalid } from '../../../input-error.ts';
import { readChoice, readInteger } from '../../spec-fields.ts';
import type { RerollKinds } from '../engine/roll-solver.ts';
import { ROLL_LIMITS } from '../roll/spec.ts';
import { canonicalSplit, formatSplit, type Split } from '../roll/split.ts';
import {
  REROLL_KINDS,
  type RollSetup,
  type SplitQuestion,
  splitsOdds,
} from '../roll/split-roll.ts';

/** Options of {@link rerolls}. The setup's own `resolve` and `rerolls` are what this varies. */
export interface RerollsOptions extends Omit<RollSetup, 'resolve' | 'rerolls' | 'policy'> {
  /** The roll's dice and intents (default [[8]]: a lone d8). */
  readonly split?: Split;
  /** The Challenges to face (default 1..6). */
  readonly challenges?: readonly number[];
  /** The Resolve available, one row each (default 0..3). */
  readonly resolve?: readonly number[];
  /** The rerolls the optimal policy may use (default: 'one', 'all', 'any'; 'any' is the rules'
   * optimum, choosing between rerolling one die and rerolling all). */
  readonly kinds?: readonly RerollKinds[];
}

/** One (Challenge, Resolve, kind of reroll) cell. */
export type RerollRow = {
  readonly challenge: number;
  readonly resolve: number;
  /** The rerolls allowed: 'one', 'all' or 'any' (optimal). */
  readonly rerolls: RerollKinds;
  /** P(every intent won); for a single intent, its win chance. */
  readonly winChance: number;
  /** Win chance gained over the previous Resolve level (same kind, same Challenge): with levels
   * 0, 1, 2, … the worth of the last Resolve; null for the lowest level. In [0, 1]: ×100 for
   * percentage points. */
  readonly gain: number | null;
  /** Expected Resolve left unspent. */
  readonly resolveEnd: number;
};

/**
 * The win chance with 0, 1, 2, … Resolve when rerolls may only reroll one die, only reroll all
 * dice, or either (the optimum), per Challenge, and what each extra Resolve adds. Play is
 * optimal within the allowed kind, for the rules' utility (every intent weight 1, plus the
 * setup's auraValue). Rows by Challenge, then kind, then Resolve.
 * One exact solve per cell: a lone die takes microseconds; six dice with 3 Resolve, ~50 ms.
 * @example rerolls({ split: [[8]], challenges: [4], resolve: [0, 1], kinds: ['any'], auraMax: 0 })
 *   .map((r) => r.winChance) // [0.4375, 0.6015625]
 */
export function rerolls(options: RerollsOptions = {}): RerollRow[] {
  const split = canonicalSplit(options.split ?? [[8]]);
  if (split.length === 0 || split.some((dice) => dice.length === 0))
    throw invalid('split', formatSplit(split), 'at least one intent, each with a die');
  const challenges = (options.challenges ?? [1, 2, 3, 4, 5, 6]).map((c, i) =>
    readInteger(c, `challenges[${i}]`, 1, ROLL_LIMITS.challenge),
  );
  const levels = [...(options.resolve ?? [0, 1, 2, 3])]
    .map((r, i) => readInteger(r, `resolve[${i}]`, 0, ROLL_LIMITS.resolve))
    .sort((a, b) => a - b);
  const kinds = (options.kinds ?? (['one', 'all', 'any'] as const)).map((k, i) =>
    readChoice(k, `kinds[${i}]`, REROLL_KINDS),
  );
  if (challenges.length === 0) throw invalid('challenges', [], 'at least one Challenge');
  if (levels.length === 0) throw invalid('resolve', [], 'at least one Resolve level');
  if (kinds.length === 0) throw invalid('kinds', [], `some of ${REROLL_KINDS.join(', ')}`);
  const { policy: _p, rerolls: _r, ...setup } = options as RollSetup;
  // Every cell solved at once: one solve per kind serves every Challenge and Resolve level.
  const cells = challenges.flatMap((challenge) =>
    kinds.flatMap((kind) => levels.map((resolve) => ({ challenge, kind, resolve }))),
  );
  const solved = splitsOdds(
    cells.map(
      ({ challenge, kind, resolve }): SplitQuestion => ({
        split,
        challenge,
        setup: { ...setup, resolve, rerolls: kind },
      }),
    ),
  );
  const rows: RerollRow[] = [];
  let cell = 0;
  for (const challenge of challenges) {
    for (const kind of kinds) {
      let previous: number | null = null;
      for (const resolve of levels) {
        const odds = solved[cell++]!;
        rows.push({
          challenge,
          resolve,
          rerolls: kind,
          winChance: odds.pAllWin,
          gain: previous === null ? null : odds.pAllWin - previous,
          resolveEnd: odds.expectedResolveEnd,
        });
        previous = odds.pAllWin;
      }
    }
  }
  return rows;
}
