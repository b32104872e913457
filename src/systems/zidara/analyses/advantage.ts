import { z } from '#zod';
import { parseSpec } from '../../../input/issue-messages.ts';
import { answerOptions } from '../../../input/library-options.ts';
import { defineAnalysis, type WhatIfShape } from '../../analysis-declaration.ts';
import { ROLL_LIMITS, ROLL_SHAPE_SCHEMAS } from '../roll/spec.ts';
import { canonicalSplit, formatSplit } from '../roll/split.ts';
import {
  ROLL_SETUP_SHAPE,
  type RollSetup,
  type SplitQuestion,
  splitRoll,
  splitsOdds,
} from '../roll/split-roll.ts';

/** What {@link advantage} stacks and faces when told nothing: 1 to 6 d6s against C1 to C6. */
export const ADVANTAGE_DEFAULTS = {
  sides: 6,
  most: 6,
  challenges: [1, 2, 3, 4, 5, 6],
} as const;

/** Options of {@link advantage}. */
export interface AdvantageOptions extends RollSetup {
  /** The die stacked: 1, 2, … `most` copies of it on one intent. @defaultValue {@link ADVANTAGE_DEFAULTS}.sides */
  readonly sides?: number;
  /** Most copies stacked. @defaultValue {@link ADVANTAGE_DEFAULTS}.most */
  readonly most?: number;
  /** Instead of copies of one die, these stacks in this order, each a list of die sizes on the
   * one intent (e.g. [[12], [12, 2], [12, 4]]). */
  readonly stacks?: readonly (readonly number[])[];
  /** The Challenges to face. @defaultValue {@link ADVANTAGE_DEFAULTS}.challenges */
  readonly challenges?: readonly number[];
}

/** One stack of dice on one intent against one Challenge. */
export type AdvantageRow = {
  /** The stack in the notation: "d6+d6+d6". */
  readonly stack: string;
  readonly dice: number;
  readonly steps: number;
  readonly challenge: number;
  /** P(the intent wins). */
  readonly winChance: number;
  /** Win chance gained over the previous stack at this Challenge (null for the first stack). */
  readonly gain: number | null;
  /** Expected top faces rolled (Aura gained, before the cap). */
  readonly auraGained: number;
};

/**
 * How the win chance of one intent grows as dice are stacked on it (advantage: the best die
 * counts), per Challenge. Rows are by stack, then by Challenge. One exact solve per cell:
 * 36 cells take a few tens of milliseconds.
 * @throws InputError naming the field (`options.most`), an unknown one too.
 * @example advantage({ sides: 6, most: 2, challenges: [3], auraMax: 0 }).map((r) => r.winChance)
 * // [0.4166…, 0.5787…]  (1 − Σ_D (D/6)^k / 6)
 */
export function advantage(options: AdvantageOptions = {}): AdvantageRow[] {
  return answerOptions(advantageOptionsSchema.shape, options, advantageRows);
}

/** {@link advantage} as its job runs it, naming a field bare (`most`: see `answerOptions`). */
function advantageRows(options: AdvantageOptions): AdvantageRow[] {
  const {
    challenges = ADVANTAGE_DEFAULTS.challenges,
    sides = ADVANTAGE_DEFAULTS.sides,
    most = ADVANTAGE_DEFAULTS.most,
    stacks: stated,
  } = parseSpec(advantageOptionsSchema, options);
  const stacks =
    stated ?? Array.from({ length: most }, (_, k) => new Array<number>(k + 1).fill(sides));
  // Every cell solved at once: one solve per stack serves every Challenge.
  const solved = splitsOdds(
    stacks.flatMap((stack) =>
      challenges.map(
        (challenge): SplitQuestion => ({
          split: canonicalSplit([stack]),
          challenge,
          setup: options,
        }),
      ),
    ),
  );
  const rows: AdvantageRow[] = [];
  stacks.forEach((stack, s) => {
    const split = canonicalSplit([stack]);
    challenges.forEach((challenge, c) => {
      const odds = solved[s * challenges.length + c]!;
      const winChance = odds.intents[0]!.pWin;
      const previous = s > 0 ? rows[(s - 1) * challenges.length + c]!.winChance : null;
      rows.push({
        stack: formatSplit(split),
        dice: stack.length,
        steps: stack.reduce((t, n) => t + n / 2, 0),
        challenge,
        winChance,
        gain: previous === null ? null : winChance - previous,
        auraGained: odds.expectedAuraGained,
      });
    });
  });
  return rows;
}

/** The options' fields: the analysis' own, and the setup's (checked again by its rolls). */
export const advantageOptionsSchema = z.strictObject({
  sides: ROLL_SHAPE_SCHEMAS.sides.optional(),
  most: ROLL_SHAPE_SCHEMAS.dice.optional(),
  stacks: z
    .array(
      z
        .array(ROLL_SHAPE_SCHEMAS.sides, { error: 'a stack: a list of die sizes' })
        .min(1, { error: `1 to ${ROLL_LIMITS.dice} dice` })
        .max(ROLL_LIMITS.dice, { error: `1 to ${ROLL_LIMITS.dice} dice` }),
      { error: 'a list of stacks' },
    )
    .min(1, { error: 'at least one stack of dice' })
    .optional(),
  challenges: ROLL_SHAPE_SCHEMAS.challenges.optional(),
  ...ROLL_SETUP_SHAPE,
});

/** How a What if pairs two runs' rows (`--against`, the page's What if). */
export const ADVANTAGE_WHAT_IF = {
  keys: ['stack', 'challenge'],
  figures: { winChance: 'chance', auraGained: 'number' },
} as const satisfies WhatIfShape<AdvantageRow>;

/** The advantage analysis (`dicelab zidara advantage`). */
const declareAdvantage = /* @__PURE__ */ defineAnalysis<AdvantageOptions, unknown, AdvantageRow>();
export const ADVANTAGE_ANALYSIS = /* @__PURE__ */ declareAdvantage({
  name: 'advantage',
  command: {
    name: 'advantage',
    description: 'how the win chance of one intent grows as dice are stacked on it, per Challenge',
  },
  run: (job) => ({ rows: advantageRows(job.options) }),
  check(job) {
    const o = parseSpec(advantageOptionsSchema, job.options);
    splitRoll([o.stacks?.[0] ?? [o.sides ?? 6]], o.challenges?.[0] ?? 1, job.options);
  },
  whatIf: ADVANTAGE_WHAT_IF,
});
