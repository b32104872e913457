import { z } from '#zod';
import { number } from '../../../input/field-schemas.ts';
import { parseSpec } from '../../../input/issue-messages.ts';
import { answerOptions } from '../../../input/library-options.ts';
import {
  type AnalysisProgress,
  defineAnalysis,
  type WhatIfShape,
} from '../../analysis-declaration.ts';
import { stepsToDice } from '../roll/pool.ts';
import { ROLL_LIMITS, ROLL_SHAPE_SCHEMAS } from '../roll/spec.ts';
import { formatPool, formatSplit, minorSplitsOfPool } from '../roll/split.ts';
import { ROLL_SETUP_SHAPE, type RollSetup, splitRoll, splitsAgainst } from '../roll/split-roll.ts';
import {
  exactPools,
  refuseSplitsRun,
  reportRunStart,
  scoreInShares,
  splitsRunStates,
} from './splits.ts';

/**
 * What {@link fishing} assumes when told nothing: one action; fishing is done with d2s and d4s;
 * minor intents exist to show top faces (weight 0: what they win is a bonus, never bought at the
 * main intent's cost).
 */
export const FISHING_DEFAULTS = {
  actions: 1,
  minorMaxSides: 4,
  minorWeight: 0,
} as const;

/** Options of {@link fishing}. */
export interface FishingOptions extends RollSetup {
  /** Steps in the roll (required). */
  readonly steps: number;
  /** Actions in the roll: each gives one split. @defaultValue {@link FISHING_DEFAULTS}.actions */
  readonly actions?: number;
  /** The Challenge every intent aims at (required). */
  readonly challenge: number;
  /** Largest die a minor intent may hold. @defaultValue {@link FISHING_DEFAULTS}.minorMaxSides */
  readonly minorMaxSides?: number;
  /** Weight of each minor intent in the utility play maximises. @defaultValue {@link FISHING_DEFAULTS}.minorWeight */
  readonly minorWeight?: number;
}

/** One way to fish: a split with its main intent's chance and the Aura it brings. */
export type FishingRow = {
  /** The split, main intent first: "d10 | d2". */
  readonly split: string;
  readonly pool: string;
  /** Dice split off onto minor intents. */
  readonly minorDice: number;
  /** P(the main intent wins). */
  readonly mainWin: number;
  /** Expected top faces rolled (Aura gained, before the cap). */
  readonly auraGained: number;
  /** Expected Aura at the end of the roll, and past the cap (shared with a friend). */
  readonly auraEnd: number;
  readonly auraShared: number;
  /** Expected minor intents won. */
  readonly minorWins: number;
  /** On the Pareto frontier: no other split has a main win chance and an Aura gain both at
   * least as high, one of them higher. */
  readonly frontier: boolean;
};

/**
 * Aura fishing: for every legal pool of (steps, actions) and every way to keep the largest die's
 * intent as the main one while splitting small dice off onto minor intents (no split at all
 * included), the main intent's win chance against the expected Aura gained, with the Pareto
 * frontier marked. Rows sorted by main win chance, then Aura gained, both high first.
 * One exact solve per split; tens of splits for 8 steps.
 * @throws InputError naming the field (`options.steps`), an unknown one too.
 * @example fishing({ steps: 6, challenge: 3 }).find((r) => r.split === 'd10 | d2').auraGained // 0.6
 */
export function fishing(options: FishingOptions): FishingRow[] {
  return answerOptions(fishingOptionsSchema.shape, options, fishingRows);
}

/**
 * {@link fishing} as its job runs it, naming a field bare (`steps`: see `answerOptions`): its
 * splits sized and solved as the splits analysis' are (`scoreInShares`: refused before any is
 * solved when too large, `progress` told how far it is).
 */
function fishingRows(options: FishingOptions, progress?: AnalysisProgress): FishingRow[] {
  const { challenge, minorWeight = FISHING_DEFAULTS.minorWeight } = parseSpec(
    fishingOptionsSchema,
    options,
  );
  const { candidates, setup } = fishingSearch(options, progress);
  const solved = scoreInShares(
    candidates,
    setup,
    'steps',
    (share) =>
      splitsAgainst(share, challenge, options, (split) =>
        split.map((_, i) => (i === 0 ? 1 : minorWeight)),
      ),
    progress,
  );
  const points = candidates.map((split, c) => {
    const odds = solved[c]!;
    return {
      split: formatSplit(split),
      pool: formatPool(split.flat()),
      minorDice: split.slice(1).flat().length,
      mainWin: odds.intents[0]!.pWin,
      auraGained: odds.expectedAuraGained,
      auraEnd: odds.expectedAuraEnd,
      auraShared: odds.expectedAuraShared,
      minorWins: odds.expectedWins - odds.intents[0]!.pWin,
    };
  });
  const rows = points.map((p) => ({ ...p, frontier: !points.some((q) => dominates(q, p)) }));
  return rows.sort(
    (a, b) =>
      differs(b.mainWin, a.mainWin) ||
      differs(b.auraGained, a.auraGained) ||
      (a.split < b.split ? -1 : 1),
  );
}

/**
 * What a fishing run scores: every split of every legal pool that keeps the main intent's dice
 * and splits off dice of at most `minorMaxSides`, and the setup each is solved with. A run of
 * more than one share tells `progress` so (none done) before its splits are listed.
 */
function fishingSearch(options: FishingOptions, progress?: AnalysisProgress) {
  const {
    steps,
    actions = FISHING_DEFAULTS.actions,
    minorMaxSides: minorMax = FISHING_DEFAULTS.minorMaxSides,
  } = parseSpec(fishingOptionsSchema, options);
  const {
    steps: _steps,
    actions: _actions,
    minorMaxSides: _minorMax,
    minorWeight: _minorWeight,
    ...setup
  } = options;
  const pools = exactPools(steps, actions);
  const splitsOf = (pool: readonly number[]) => minorSplitsOfPool(pool, minorMax);
  // Millions of splits take a minute to list: a run too large is refused before.
  const count = refuseSplitsRun(pools, setup, 'steps', splitsOf, undefined, minorMax);
  reportRunStart(count, progress);
  return { candidates: pools.flatMap(splitsOf), setup };
}

/** The options' fields: the analysis' own, and the setup's (checked again by its rolls). */
export const fishingOptionsSchema = z.strictObject({
  steps: ROLL_SHAPE_SCHEMAS.steps,
  actions: ROLL_SHAPE_SCHEMAS.actions.optional(),
  challenge: ROLL_SHAPE_SCHEMAS.challenge,
  minorMaxSides: ROLL_SHAPE_SCHEMAS.sides.optional(),
  minorWeight: number(0, undefined, ROLL_LIMITS.value).optional(),
  ...ROLL_SETUP_SHAPE,
});

/** Solves agree to about 1e-15; closer figures are taken as equal. */
const TOLERANCE = 1e-12;

function differs(a: number, b: number): number {
  return Math.abs(a - b) > TOLERANCE ? a - b : 0;
}

/** q is at least as good as p on both axes and better on one. */
function dominates(
  q: { mainWin: number; auraGained: number },
  p: { mainWin: number; auraGained: number },
): boolean {
  const win = differs(q.mainWin, p.mainWin);
  const aura = differs(q.auraGained, p.auraGained);
  return win >= 0 && aura >= 0 && (win > 0 || aura > 0);
}

/** How a What if pairs two runs' rows (`--against`, the page's What if). */
export const FISHING_WHAT_IF = {
  keys: ['split'],
  figures: {
    mainWin: 'chance',
    auraGained: 'number',
    auraEnd: 'number',
    auraShared: 'number',
    minorWins: 'number',
  },
  /** The figures a terminal shows (CSV and JSON have every figure). */
  printed: () => ['mainWin', 'auraGained', 'minorWins'],
} as const satisfies WhatIfShape<FishingRow>;

/** The fishing analysis (`dicelab zidara fishing`). */
const declareFishing = /* @__PURE__ */ defineAnalysis<FishingOptions, unknown, FishingRow>();
export const FISHING_ANALYSIS = /* @__PURE__ */ declareFishing({
  name: 'fishing',
  command: {
    name: 'fishing',
    description:
      "Aura fishing: the main intent's win chance against the Aura gained, for each way to split small dice off",
  },
  run: (job, progress) => ({ rows: fishingRows(job.options, progress) }),
  check(job) {
    const o = parseSpec(fishingOptionsSchema, job.options);
    splitRoll([stepsToDice(o.steps)], o.challenge, job.options);
  },
  size(job) {
    const { candidates, setup } = fishingSearch(job.options);
    splitsRunStates(candidates, setup, 'steps');
  },
  whatIf: FISHING_WHAT_IF,
});
