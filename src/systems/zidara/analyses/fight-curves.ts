import { z } from '#zod';
import { shortOfCertain } from '../../../format/format-percent.ts';
import { integer } from '../../../input/field-schemas.ts';
import { parseSpec } from '../../../input/issue-messages.ts';
import { answerOptions } from '../../../input/library-options.ts';
import {
  type AnalysisProgress,
  defineAnalysis,
  type WhatIfShape,
} from '../../analysis-declaration.ts';
import {
  FIGHT_LIMITS,
  type Fight,
  type FightOdds,
  type FightOptions,
  fightOdds,
  fightSpecSchema,
  parseFight,
} from '../fight/fight.ts';
import { challengeName } from '../roll/notation.ts';
import { ROLL_SHAPE_SCHEMAS } from '../roll/spec.ts';

/** The fights {@link fightCurves} tries when told nothing, and how many rounds it follows. */
export const FIGHT_CURVES_DEFAULTS = {
  tags: [1, 2, 3],
  challenges: [2, 3, 4],
  maxRounds: 5,
} as const;

/** Options of {@link fightCurves}: a character's pool (or steps) and the fights to try. */
export interface FightCurvesOptions extends Omit<FightOptions, 'challenge' | 'tags'> {
  /** Tags the threats have. @defaultValue {@link FIGHT_CURVES_DEFAULTS}.tags */
  readonly tags?: readonly number[];
  /** Challenges of the threats. @defaultValue {@link FIGHT_CURVES_DEFAULTS}.challenges */
  readonly challenges?: readonly number[];
  /** Rounds each curve follows. @defaultValue {@link FIGHT_CURVES_DEFAULTS}.maxRounds */
  readonly maxRounds?: number;
}

/** P(the threat falls within `round` rounds), for one (Challenge, tags) fight. */
export type FightCurveRow = {
  readonly challenge: number;
  readonly tags: number;
  /** "C3 (d6), 2 tags": the curve's name. */
  readonly fight: string;
  readonly round: number;
  readonly winWithin: number;
  /**
   * P(the threat still stands after this round): the next round's `reached`, after the last the
   * fight's P(not won). 1 − `winWithin` in exact arithmetic; above 0, it says the fight may still
   * go on when the float sum `winWithin` has reached 1 (see `shownWinWithin`).
   */
  readonly notWonWithin: number;
  /** P(this round is played at all). */
  readonly reached: number;
  /** The split the first round rolls. */
  readonly opening: string;
};

// Each fight's Challenge and tags are the curves' lists; its rounds, the curves' own.
const {
  challenge: _challenge,
  tags: _tags,
  maxRounds: _maxRounds,
  ...fightShape
} = fightSpecSchema.shape;

/** The options' fields: the analysis' own, and each fight's (checked again by the fight). */
export const fightCurvesOptionsSchema = z.strictObject({
  tags: z
    .array(integer(1, FIGHT_LIMITS.tags), { error: 'a list of tag counts' })
    .min(1, { error: 'at least one tag count' })
    .optional(),
  challenges: ROLL_SHAPE_SCHEMAS.challenges.optional(),
  maxRounds: integer(1, FIGHT_LIMITS.maxRounds).optional(),
  ...fightShape,
});

/**
 * Fight curves: for every (Challenge, tags) pair, the chance the threat falls within 1, 2, …
 * `maxRounds` rounds, each fight solved exactly as a Markov chain over (tags, Aura, Resolve)
 * (see fight/fight.ts). Cost: one fight solve per pair (milliseconds to a second each).
 * @throws InputError naming the field (`options.tags[0]`), an unknown one too.
 * @example fightCurves({ pool: [8], challenges: [4], tags: [1], auraMax: 0, titles: 0, maxRounds: 2 })[1].winWithin
 * // 1 − (36/64)² = 0.68359375
 */
export function fightCurves(options: FightCurvesOptions): FightCurveRow[] {
  return answerOptions(fightCurvesOptionsSchema.shape, options, fightCurvesRows);
}

/**
 * {@link fightCurves} as its job runs it, naming a field bare (`tags[0]`: see `answerOptions`),
 * telling `progress` the fights solved between them.
 */
function fightCurvesRows(
  options: FightCurvesOptions,
  progress?: AnalysisProgress,
): FightCurveRow[] {
  parseSpec(fightCurvesOptionsSchema, options);
  const {
    tags = FIGHT_CURVES_DEFAULTS.tags,
    challenges = FIGHT_CURVES_DEFAULTS.challenges,
    maxRounds = FIGHT_CURVES_DEFAULTS.maxRounds,
    ...character
  } = options;
  const rows: FightCurveRow[] = [];
  const fights = challenges.length * tags.length;
  let done = 0;
  for (const challenge of challenges) {
    for (const t of tags) {
      const fight = parseFight({ ...character, maxRounds, challenge, tags: t });
      rows.push(...fightCurveRows(fight, fightOdds(fight)));
      if (++done < fights) progress?.(done, fights, 'fights');
    }
  }
  return rows;
}

/**
 * One fight's solved odds as curve rows, one per round: what {@link fightCurves} returns for
 * each (Challenge, tags) pair, for callers that solve the fight themselves.
 * @example ((fight) => fightCurveRows(fight, fightOdds(fight)))(parseFight({ challenge: 3, tags: 1, pool: [8] }))[0].fight // "C3 (d6), 1 tag"
 */
export function fightCurveRows(fight: Fight, odds: FightOdds): FightCurveRow[] {
  const { challenge, tags } = fight;
  return odds.pWinWithin.map((winWithin, k) => ({
    challenge,
    tags,
    fight: `${challengeName(challenge)}, ${tags} tag${tags === 1 ? '' : 's'}`,
    round: k + 1,
    winWithin,
    notWonWithin: k + 1 < odds.pWinWithin.length ? odds.pReached[k + 1]! : odds.pNotWon,
    reached: odds.pReached[k]!,
    opening: odds.openingSplit,
  }));
}

/**
 * A row's `winWithin` as every surface shows it (the CLI's fight, the table, the report, the
 * page): short of certain while the fight may still go on after the round, though the float sum
 * reached 1, so it never reads 100% ({@link shortOfCertain}).
 * @example shownWinWithin({ winWithin: 1, notWonWithin: 4e-16 }) < 1 // true
 */
export function shownWinWithin(row: Pick<FightCurveRow, 'winWithin' | 'notWonWithin'>): number {
  return shortOfCertain(row.winWithin, row.notWonWithin);
}

/**
 * How a What if pairs two runs' rows (`--against`, the page's What if): every figure of the
 * plain CSV; a terminal leaves out `notWonWithin`, which its won-within reads through.
 */
export const FIGHT_CURVES_WHAT_IF = {
  keys: ['challenge', 'tags', 'round'],
  figures: { winWithin: 'chance', notWonWithin: 'chance', reached: 'chance', opening: 'text' },
  /** The figures a terminal shows: `notWonWithin` left out. */
  printed: () => ['winWithin', 'reached', 'opening'],
} as const satisfies WhatIfShape<FightCurveRow>;

/**
 * The fight-curves analysis (`dicelab zidara fight-curves`). A scenario's `analysis: fight` is
 * one fight of it, its table the fight's rounds (see fight-rounds.ts).
 */
const declareFightCurves = /* @__PURE__ */ defineAnalysis<
  FightCurvesOptions,
  unknown,
  FightCurveRow
>();
export const FIGHT_CURVES_ANALYSIS = /* @__PURE__ */ declareFightCurves({
  name: 'fight-curves',
  command: {
    name: 'fight-curves',
    description:
      'P(a threat falls within N rounds) for threats of several Challenges and tags, exactly',
  },
  run: (job, progress) => ({ rows: fightCurvesRows(job.options, progress) }),
  check(job) {
    const o = parseSpec(fightCurvesOptionsSchema, job.options);
    const { tags: _tags, challenges: _challenges, ...fight } = job.options;
    parseFight({ ...fight, challenge: o.challenges?.[0] ?? 1, tags: o.tags?.[0] ?? 1 });
  },
  whatIf: FIGHT_CURVES_WHAT_IF,
});
