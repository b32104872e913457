import { z } from '#zod';
import { choice, integer } from '../input/field-schemas.ts';
import { fieldWithin } from '../input/input-error.ts';
import { parseSpec } from '../input/issue-messages.ts';
import { answerOptions } from '../input/library-options.ts';
import { d6PoolOdds, parseD6PoolSpec } from './d6-pool/index.ts';
import { d12ActionOdds, parseD12ActionSpec } from './d12-action/index.ts';
import type { OutcomeShare } from './outcome-shares.ts';
import { Rational } from './rational.ts';
import { parseRingSkillSpec, RING_SKILL_LIMITS, ringSkillOdds } from './ring-skill/index.ts';
import { parseTags2d6Spec, type Tags2d6Spec, tags2d6Odds } from './tags-2d6/index.ts';
import { POOL_RULES, type PoolRule, tuneRows } from './zidara/analyses/tune.ts';
import { ROLL_SHAPE_SCHEMAS } from './zidara/roll/spec.ts';
import { parseSplit } from './zidara/roll/split.ts';
import { ROLL_SETUP_SHAPE, type RollSetup, splitOdds } from './zidara/roll/split-roll.ts';

/**
 * The five systems side by side: each one's chance of a full success, a partial result and a
 * failure, on its own competence axis, with the axes aligned so that ordinary competence is
 * position 0 and one position is one point of the system's own competence number. The bands,
 * the anchors and the ladders are documented in `docs/compare.md`.
 */

/** The systems compared, in the order they are listed. */
export const COMPARED_SYSTEMS = [
  'zidara',
  'd12-action',
  'tags-2d6',
  'd6-pool',
  'ring-skill',
] as const;
/** One of `COMPARED_SYSTEMS`. */
export type ComparedSystem = (typeof COMPARED_SYSTEMS)[number];

/**
 * Ordinary competence in each system, in its own units (position 0):
 * - `zidara`: 5 steps, the middle of a starting character's set actions (4–6 steps: the action,
 *   a Title and two or three lines from permissions, items and traits);
 * - `d12-action`: proficiency 7 (e.g. rating 2 + capacity 5), mid-range on a d12;
 * - `tags-2d6`: +1, the one tag an action that fits calls;
 * - `d6-pool`: stat 3, "the balanced, ordinary competence the game is tuned around";
 * - `ring-skill`: 3 dice, ring 2 + skill 1 (a starting character's usual ring, one rank).
 */
export const ORDINARY: Readonly<Record<ComparedSystem, number>> = {
  zidara: 5,
  'd12-action': 7,
  'tags-2d6': 1,
  'd6-pool': 3,
  'ring-skill': 3,
};

/** Options of {@link compareSystems}; every field is optional. */
export interface CompareSystemsOptions {
  /** Zi'Dara: the Challenge every roll is against (default 3: C3, a d6). */
  readonly challenge?: number;
  /** Ring and Skill: the target number of successes (default 2, the seed's "normally 2"). */
  readonly tn?: number;
  /** Positions shown on each side of ordinary, 1..3 (default 2: positions −2..+2). */
  readonly span?: number;
  /** Zi'Dara: the pool rolled at each step count, all dice on one intent (default 'natural':
   * the steps turned into dice without a split; 'best': the legal pool that wins most). */
  readonly pool?: PoolRule;
  /** Zi'Dara: the character's Aura, Resolve and play (default: the rules page's: Aura full
   * at 5, one +2 a roll, ties bought with Aura, no Resolve, optimal play). */
  readonly setup?: RollSetup;
}

/** The defaults of {@link CompareSystemsOptions}. */
export const COMPARE_DEFAULTS = { challenge: 3, tn: 2, span: 2, pool: 'natural' } as const;

/** Most positions on each side of ordinary (the d6 pool and Ring and Skill run out below). */
export const MAX_SPAN = 3;

/**
 * One system at one level of competence. `full + partial + failure` is 1 (to
 * {@link ZIDARA_DECIMALS} places for Zi'Dara, whose figures are given to that many).
 */
export type SystemCompareRow = {
  readonly system: ComparedSystem;
  /** The system's own competence value: "stat 3", "5 steps: d10", "ring 2 + skill 1". */
  readonly level: string;
  /** Points of competence above (+) or below (−) ordinary; 0 is ordinary. */
  readonly position: number;
  /** P(full success). */
  readonly full: number;
  /** P(partial: mixed, cost, or a win paid for). */
  readonly partial: number;
  /** P(failure). */
  readonly failure: number;
};

/** The options' fields (the Zi'Dara setup's are checked again by its rolls). */
export const compareSystemsOptionsSchema = z.strictObject({
  challenge: ROLL_SHAPE_SCHEMAS.challenge.optional(),
  tn: integer(1, RING_SKILL_LIMITS.tn).optional(),
  span: integer(1, MAX_SPAN).optional(),
  pool: choice(POOL_RULES).optional(),
  setup: z.strictObject(ROLL_SETUP_SHAPE, { error: 'an object' }).optional(),
});

/**
 * Every system at every position from −span to +span that exists in it (the d6 pool's stat is
 * 1..4; Ring and Skill needs a die; a 2d6 roll goes no lower than −2), rows by system in
 * {@link COMPARED_SYSTEMS} order, then by position. The d6 pool, 2d6, d12 and Ring and Skill
 * figures are exact fractions (as the nearest number); Zi'Dara's come from its engine's
 * floating-point solve under optimal play, to {@link ZIDARA_DECIMALS} decimal places.
 * Bands: Zi'Dara full = won on the dice alone, partial = won only by paying Aura (a +2, a bought
 * tie) or Resolve, failure = lost; d12 safe roll full = success or critical success, failure =
 * failure or critical failure, no partial; 2d6 clean / cost / miss; d6 pool success / mixed /
 * failure; Ring and Skill success / failure, no partial.
 * Cost: about 0.2 s at the defaults (the Ring and Skill solves and ~10 Zi'Dara solves).
 * @throws InputError naming the field (`options.span`, `options.setup.auraMax`), an unknown one too.
 * @example compareSystems().find((r) => r.system === 'd6-pool' && r.position === 0)
 * // { system: 'd6-pool', level: 'stat 3', position: 0, full: 7/27, partial: 4/9, failure: 8/27 }
 */
export function compareSystems(options: CompareSystemsOptions = {}): SystemCompareRow[] {
  return answerOptions(compareSystemsOptionsSchema.shape, options, compareRows);
}

/** {@link compareSystems} as its job runs it, naming a field bare (`span`: see `answerOptions`). */
export function compareRows(options: CompareSystemsOptions): SystemCompareRow[] {
  const d = COMPARE_DEFAULTS;
  const {
    challenge = d.challenge,
    tn = d.tn,
    span = d.span,
    pool = d.pool,
  } = parseSpec(compareSystemsOptionsSchema, options);
  const positions = Array.from({ length: 2 * span + 1 }, (_, i) => i - span);
  const rowsOf = (row: (position: number) => SystemCompareRow | null) =>
    positions.flatMap((position) => row(position) ?? []);
  let zidara: SystemCompareRow[];
  try {
    zidara = zidaraRows(positions, challenge, pool, options.setup ?? {});
  } catch (error) {
    // What its rolls refuse is the setup's (an Aura past its cap, rules refused together).
    throw fieldWithin(error, 'setup.');
  }
  return [
    ...zidara,
    ...rowsOf(d12Row),
    ...rowsOf(tags2d6Row),
    ...rowsOf(d6PoolRow),
    ...rowsOf((position) => ringSkillRow(position, tn)),
  ];
}

/** The Ring and Skill pool of `dice` dice: below ordinary the skill rank goes first, then the
 * ring; above it, a skill rank then a ring point, alternately. @example ringSkillLadder(5) // { ring: 3, skill: 2 } */
export function ringSkillLadder(dice: number): { ring: number; skill: number } {
  if (dice <= 2) return { ring: dice, skill: 0 };
  return { ring: Math.ceil(dice / 2), skill: Math.floor(dice / 2) };
}

/** Zi'Dara: steps 5 + p (at least 1), the pool by the rule, against the Challenge. */
function zidaraRows(
  positions: readonly number[],
  challenge: number,
  pool: PoolRule,
  setup: RollSetup,
): SystemCompareRow[] {
  const stepsOf = (p: number) => ORDINARY.zidara + p;
  const shown = positions.filter((p) => stepsOf(p) >= 1);
  const grid = tuneRows({ ...setup, steps: shown.map(stepsOf), challenges: [challenge], pool });
  return shown.map((position, i) => {
    const cell = grid[i]!;
    const onDice = splitOdds(parseSplit(cell.pool), challenge, { ...setup, policy: 'never' })
      .intents[0]!.pWin;
    const won = cell.winChance;
    return {
      system: 'zidara',
      level: `${cell.steps} steps: ${cell.pool}`,
      position,
      full: toDecimals(onDice),
      // A win the dice alone make is made by every policy without a spend (rerolls only
      // follow a failed roll, spends only help an intent not yet won), so the rest was paid.
      partial: toDecimals(won - onDice),
      failure: toDecimals(1 - won),
    };
  });
}

/** d12 safe roll at proficiency 7 + p (at least 1): roll-under, no balance tokens. */
function d12Row(position: number): SystemCompareRow | null {
  const proficiency = ORDINARY['d12-action'] + position;
  if (proficiency < 1) return null;
  const { outcomes } = d12ActionOdds(
    parseD12ActionSpec({ roll: 'safe', rating: 0, capacity: proficiency }),
  );
  return bands('d12-action', `proficiency ${proficiency}`, position, outcomes, {
    full: ['critical-success', 'success'],
    partial: [],
  });
}

/** 2d6 + modifier 1 + p: tags for 0 and up, a hindering item for −1, and a weakness for −2. */
function tags2d6Row(position: number): SystemCompareRow | null {
  const modifier = ORDINARY['tags-2d6'] + position;
  if (modifier < -2) return null;
  const spec: Tags2d6Spec =
    modifier >= 0
      ? { tags: modifier }
      : modifier === -1
        ? { item: 'hinder' }
        : { item: 'hinder', weakness: true };
  const how =
    modifier >= 0
      ? `${modifier} tag${modifier === 1 ? '' : 's'}`
      : modifier === -1
        ? 'hindering item'
        : 'hindering item, weakness';
  const sign = modifier < 0 ? '-' : '+';
  const { outcomes } = tags2d6Odds(parseTags2d6Spec(spec));
  return bands('tags-2d6', `2d6${sign}${Math.abs(modifier)}: ${how}`, position, outcomes, {
    full: ['clean'],
    partial: ['cost'],
  });
}

/** d6 pool at stat 3 + p, within the stats in play (1..4). */
function d6PoolRow(position: number): SystemCompareRow | null {
  const stat = ORDINARY['d6-pool'] + position;
  if (stat < 1 || stat > 4) return null;
  const { outcomes } = d6PoolOdds(parseD6PoolSpec({ stat }));
  return bands('d6-pool', `stat ${stat}`, position, outcomes, {
    full: ['success'],
    partial: ['mixed'],
  });
}

/** Ring and Skill with 3 + p dice (see {@link ringSkillLadder}) against the TN. */
function ringSkillRow(position: number, tn: number): SystemCompareRow | null {
  const dice = ORDINARY['ring-skill'] + position;
  if (dice < 1) return null;
  const { ring, skill } = ringSkillLadder(dice);
  const result = ringSkillOdds(parseRingSkillSpec({ ring, skill, tn }));
  const success = fractionOf(result.exact.pSuccess);
  return {
    system: 'ring-skill',
    level: `ring ${ring} + skill ${skill}`,
    position,
    full: success.toNumber(),
    partial: 0,
    failure: Rational.ONE.sub(success).toNumber(),
  };
}

/** A row from decision-free outcomes: the named ones summed exactly; the rest is failure. */
function bands(
  system: ComparedSystem,
  level: string,
  position: number,
  outcomes: readonly OutcomeShare[],
  names: { readonly full: readonly string[]; readonly partial: readonly string[] },
): SystemCompareRow {
  const sum = (wanted: readonly string[]) =>
    outcomes
      .filter((o) => wanted.includes(o.name))
      .reduce((total, o) => total.add(fractionOf(o.fraction)), Rational.ZERO);
  const full = sum(names.full);
  const partial = sum(names.partial);
  return {
    system,
    level,
    position,
    full: full.toNumber(),
    partial: partial.toNumber(),
    failure: Rational.ONE.sub(full).sub(partial).toNumber(),
  };
}

/** "4/9" or "1" as a rational. */
function fractionOf(text: string | undefined): Rational {
  const match = /^(-?\d+)(?:\/(\d+))?$/.exec(text ?? '');
  if (!match) throw new Error(`expected an exact fraction, got ${text}`);
  return Rational.of(BigInt(match[1]!), BigInt(match[2] ?? '1'));
}

/**
 * Decimal places of Zi'Dara's figures. Its engine solves in floating point, so a figure is
 * good to about 15 digits and a difference of two (partial = won − on the dice) shows the last
 * bits' noise (0.2500000000000001 for 1/4); 12 places hide it in every figure alike.
 */
export const ZIDARA_DECIMALS = 12;

/** A Zi'Dara chance to {@link ZIDARA_DECIMALS} places (dust of either sign to 0, not −0). */
function toDecimals(x: number): number {
  return Number(x.toFixed(ZIDARA_DECIMALS)) + 0;
}
