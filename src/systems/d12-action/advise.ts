import { z } from '#zod';
import { integer } from '../../input/field-schemas.ts';
import { invalid } from '../../input/input-error.ts';
import { parseSpec } from '../../input/issue-messages.ts';
import { Rational } from '../rational.ts';
import {
  ACTION_OUTCOMES,
  actionLuck,
  type D12Plan,
  judgeSafe,
  planD12Roll,
  score,
} from './plan.ts';
import { type D12ActionRoll, parseD12ActionSpec } from './spec.ts';

/**
 * Mid-roll advice for a stacked d12 roll: with the dice rolled so far (the last one in front of
 * the player), the tokens held and the dice left, keep this die (and spend how many balance
 * tokens on it) or roll the next. Every action is valued from the plan `odds` plays (its token
 * spends and its stopping rule), never from a second statement of the rules.
 */

/** A stacked roll in progress. */
export interface D12AdviceRequest {
  readonly check: D12ActionRoll;
  /** Each die rolled so far, 1–12, in order; the last is the one to keep or roll past. */
  readonly rolled: readonly number[];
}

/** One action on the die in front of the player. */
export type D12Action = (
  | {
      readonly action: 'keep';
      /** Balance tokens spent lowering the die (one per point). */
      readonly spend: number;
      /** How the kept die ends. */
      readonly outcome: (typeof ACTION_OUTCOMES)[number];
    }
  | {
      readonly action: 'roll';
      /** Dice still to roll after this one. */
      readonly diceLeft: number;
    }
) & {
  /** Expected utility: the outcome's utility minus the tokens' value, and for `roll` the
   * optimal play of the dice after. */
  readonly expectedUtility: number;
  /** The same, as an exact fraction of the decimal utilities given. */
  readonly expectedUtilityFraction: string;
};

/** Advice on one stacked roll in progress. */
export interface D12Advice {
  readonly system: 'd12-action';
  readonly check: D12ActionRoll;
  readonly rolled: readonly number[];
  /** Dice in the whole roll (action luck: rating + 2), and how many remain after this one. */
  readonly dice: number;
  readonly diceLeft: number;
  /** What the optimal stopping rule does (what `odds` and `simulate` play). */
  readonly best: D12Action;
  /** Every action, best first: keep with each possible spend, and rolling on. */
  readonly actions: readonly D12Action[];
}

const requestSchema = z.strictObject(
  {
    // Optional here: the check's own parse says a missing one is missing, in house words (a
    // required unknown is zod's "nonoptional").
    check: z.unknown().optional(),
    rolled: z
      .array(integer(1, 12, undefined, 'a d12 face from 1 to 12'), {
        error: 'a list of the dice rolled so far, each 1 to 12',
      })
      .min(1, { error: 'at least the die in front of you (1 to 12)' }),
  },
  {
    error:
      'an object such as { "check": { "roll": "stacked", "rating": 2, "capacity": 5, "tokens": 1 }, "rolled": [9, 4] }',
  },
);

/**
 * Checks an advice request `{ check, rolled }`: a stacked roll as `odds --spec` takes it, and at
 * most its dice rolled. @throws InputError naming the field (`where` prefixes it).
 * @example parseD12AdviceRequest({ check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [7] }).rolled // [7]
 */
export function parseD12AdviceRequest(input: unknown, where = ''): D12AdviceRequest {
  const raw = parseSpec(requestSchema, input, where);
  const check = parseD12ActionSpec(raw.check, `${where}check.`);
  if (check.roll !== 'stacked')
    throw invalid(
      `${where}check.roll`,
      check.roll,
      'stacked (advice is for a stacked roll: keep the die or roll the next)',
    );
  const dice = actionLuck(check.rating);
  if (raw.rolled.length > dice)
    throw invalid(
      `${where}rolled`,
      raw.rolled,
      `at most ${dice} dice (rating ${check.rating} + 2 in a stacked roll)`,
    );
  return { check, rolled: raw.rolled };
}

/**
 * Every action on the die in front of the player, valued exactly from the roll's plan, best
 * first; the best is the plan's own choice (a tie between keeping and rolling on keeps, a tie
 * between spends spends fewer tokens). O(12 · dice).
 * @example d12Advice(parseD12AdviceRequest({ check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [12] })).best.action // 'roll'
 */
export function d12Advice(
  request: D12AdviceRequest,
  plan: D12Plan = planD12Roll(request.check),
): D12Advice {
  const { check, rolled } = request;
  const u = plan.utilities;
  const dice = actionLuck(check.rating);
  const j = rolled.length - 1;
  const value = rolled[j]!;
  const scaled = (x: Rational) => x.mul(Rational.of(1n, u.scale));
  const keeps = Array.from({ length: Math.min(check.tokens, value - 1) + 1 }, (_, spend) => {
    const outcome = judgeSafe(value - spend, plan.proficiency);
    return {
      action: 'keep' as const,
      spend,
      outcome: ACTION_OUTCOMES[outcome]!,
      exact: scaled(Rational.of(score(u, outcome, spend))),
    };
  });
  const onward = j < dice - 1 ? scaled(onwardScore(plan, j + 1, dice)) : undefined;
  const all = [
    ...keeps,
    ...(onward ? [{ action: 'roll' as const, diceLeft: dice - j - 1, exact: onward }] : []),
  ];
  const kept = plan.keep[j]![value - 1]!;
  const chosen = kept
    ? all.find((a) => a.action === 'keep' && a.spend === plan.safe[value - 1]!.spend)!
    : all.find((a) => a.action === 'roll')!;
  // Best first, then by value; ties keep the order listed (keeps before rolling on, fewer tokens first).
  const rest = all.filter((a) => a !== chosen).sort((a, b) => b.exact.compare(a.exact));
  const actions = [chosen, ...rest].map(
    ({ exact, ...a }): D12Action => ({
      ...a,
      expectedUtility: exact.toNumber(),
      expectedUtilityFraction: exact.toString(),
    }),
  );
  return {
    system: 'd12-action',
    check,
    rolled,
    dice,
    diceLeft: dice - j - 1,
    best: actions[0]!,
    actions,
  };
}

/**
 * The expected score (over the plan's `scale`) of reaching die `from` (0-based) of a stacked
 * roll of `dice` dice and playing the plan's stopping rule and token spends from there on.
 */
function onwardScore(plan: D12Plan, from: number, dice: number): Rational {
  // Backward from the last die, which is always kept.
  let value = Rational.ZERO;
  for (let j = dice - 1; j >= from; j--) {
    let sum = Rational.ZERO;
    for (let v = 0; v < 12; v++)
      sum = sum.add(plan.keep[j]![v] ? Rational.of(plan.safe[v]!.score) : value);
    value = sum.mul(Rational.of(1n, 12n));
  }
  return value;
}
