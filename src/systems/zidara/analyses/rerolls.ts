import { z } from '#zod';
import { choice } from '../../../input/field-schemas.ts';
import { parseSpec } from '../../../input/issue-messages.ts';
import { answerOptions } from '../../../input/library-options.ts';
import { defineAnalysis, type WhatIfShape } from '../../analysis-declaration.ts';
import { REROLL_KINDS, type RerollKinds } from '../engine/roll-play.ts';
import { ROLL_SHAPE_SCHEMAS } from '../roll/spec.ts';
import { canonicalSplit, type Split } from '../roll/split.ts';
import {
  ROLL_SETUP_SHAPE,
  type RollSetup,
  type SplitQuestion,
  splitRoll,
  splitsOdds,
} from '../roll/split-roll.ts';

/**
 * What {@link rerolls} compares when told nothing: a lone d8 against C1 to C6 with 0 to 3
 * Resolve, rerolling one die only, all dice only, and either ('any': the rules' optimum).
 */
export const REROLLS_DEFAULTS = {
  split: [[8]],
  challenges: [1, 2, 3, 4, 5, 6],
  resolve: [0, 1, 2, 3],
  kinds: ['one', 'all', 'any'],
} as const satisfies Record<string, unknown> & { kinds: readonly RerollKinds[] };

/** Options of {@link rerolls}. The setup's own `resolve` and `rerolls` are what this varies. */
export interface RerollsOptions extends Omit<RollSetup, 'resolve' | 'rerolls' | 'policy'> {
  /** The roll's dice and intents. @defaultValue {@link REROLLS_DEFAULTS}.split */
  readonly split?: Split;
  /** The Challenges to face. @defaultValue {@link REROLLS_DEFAULTS}.challenges */
  readonly challenges?: readonly number[];
  /** The Resolve available, one row each. @defaultValue {@link REROLLS_DEFAULTS}.resolve */
  readonly resolve?: readonly number[];
  /** The rerolls the optimal policy may use. @defaultValue {@link REROLLS_DEFAULTS}.kinds */
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

// The setup's Resolve, rerolls and play are what the analysis varies: not the setup's to set.
const { resolve: _resolve, rerolls: _rerolls, policy: _policy, ...setupShape } = ROLL_SETUP_SHAPE;

/** The options' fields: the analysis' own, and the setup's (checked again by its rolls). */
export const rerollsOptionsSchema = z.strictObject({
  split: z
    .array(
      z
        .array(ROLL_SHAPE_SCHEMAS.sides, { error: "an intent's dice: a list of die sizes" })
        .min(1, { error: 'at least one die on each intent' }),
      { error: 'a split: a list of intents, each a list of die sizes' },
    )
    .min(1, { error: 'at least one intent' })
    .optional(),
  challenges: ROLL_SHAPE_SCHEMAS.challenges.optional(),
  resolve: z
    .array(ROLL_SHAPE_SCHEMAS.resolve, { error: 'a list of Resolve levels' })
    .min(1, { error: 'at least one Resolve level' })
    .optional(),
  kinds: z
    .array(choice(REROLL_KINDS), { error: `a list from ${REROLL_KINDS.join(', ')}` })
    .min(1, { error: `some of ${REROLL_KINDS.join(', ')}` })
    .optional(),
  ...setupShape,
});

/**
 * The win chance with 0, 1, 2, … Resolve when rerolls may only reroll one die, only reroll all
 * dice, or either (the optimum), per Challenge, and what each extra Resolve adds. Play is
 * optimal within the allowed kind, for the rules' utility (every intent weight 1, plus the
 * setup's auraValue). Rows by Challenge, then kind, then Resolve.
 * One exact solve per cell: a lone die takes microseconds; six dice with 3 Resolve, ~50 ms.
 * @throws InputError naming the field (`options.resolve[0]`), an unknown one too (`policy`).
 * @example rerolls({ split: [[8]], challenges: [4], resolve: [0, 1], kinds: ['any'], auraMax: 0 })
 *   .map((r) => r.winChance) // [0.4375, 0.6015625]
 */
export function rerolls(options: RerollsOptions = {}): RerollRow[] {
  return answerOptions(rerollsOptionsSchema.shape, options, rerollsRows);
}

/** {@link rerolls} as its job runs it, naming a field bare (`kinds`: see `answerOptions`). */
function rerollsRows(options: RerollsOptions): RerollRow[] {
  const {
    split: stated = REROLLS_DEFAULTS.split,
    challenges = REROLLS_DEFAULTS.challenges,
    resolve = REROLLS_DEFAULTS.resolve,
    kinds = REROLLS_DEFAULTS.kinds,
  } = parseSpec(rerollsOptionsSchema, options);
  const split = canonicalSplit(stated);
  const levels = [...resolve].sort((a, b) => a - b);
  const {
    split: _split,
    challenges: _challenges,
    resolve: _resolve,
    kinds: _kinds,
    ...setup
  } = options;
  // Every cell solved at once: one solve per kind serves every Challenge and Resolve level.
  const solved = splitsOdds(
    challenges.flatMap((challenge) =>
      kinds.flatMap((kind) =>
        levels.map(
          (resolve): SplitQuestion => ({
            split,
            challenge,
            setup: { ...setup, resolve, rerolls: kind },
          }),
        ),
      ),
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

/** How a What if pairs two runs' rows (`--against`, the page's What if). */
export const REROLLS_WHAT_IF = {
  keys: ['challenge', 'resolve', 'rerolls'],
  figures: { winChance: 'chance', resolveEnd: 'number' },
} as const satisfies WhatIfShape<RerollRow>;

/** The rerolls analysis (`dicelab zidara rerolls`). */
const declareRerolls = /* @__PURE__ */ defineAnalysis<RerollsOptions, unknown, RerollRow>();
export const REROLLS_ANALYSIS = /* @__PURE__ */ declareRerolls({
  name: 'rerolls',
  command: {
    name: 'rerolls',
    description:
      'win chance with 0, 1, 2… Resolve: reroll one die vs reroll all vs optimal, per Challenge',
  },
  run: (job) => ({ rows: rerollsRows(job.options) }),
  check(job) {
    const o = parseSpec(rerollsOptionsSchema, job.options);
    const { resolve: _resolve, ...setup } = job.options;
    splitRoll(o.split ?? [[8]], o.challenges?.[0] ?? 1, setup);
  },
  whatIf: REROLLS_WHAT_IF,
});
