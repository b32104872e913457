import { ratio } from '../../distribution/index.ts';
import { type OutcomeShare, rationalShares } from '../outcome-shares.ts';
import { Rational } from '../rational.ts';
import {
  ACTION_OUTCOMES,
  actionLuck,
  balanceGained,
  bonusDice,
  CAPACITY_OUTCOMES,
  CRITICAL_FAILURE,
  type D12Plan,
  FAILURE,
  judgeCapacity,
  lowestDieWeights,
  MAX_TOKENS,
  mostLeadDice,
  planD12Roll,
  type SupportRoll,
  score,
  supporterOutcomes,
} from './plan.ts';
import type { D12ActionRoll } from './spec.ts';

/** Slots of a spread: outcome × tokens spent (0..6). */
const SPENDS = MAX_TOKENS + 1;

/**
 * The exact joint distribution of (outcome, tokens spent) of one roll under its plan: the
 * weight of slot outcome · 7 + spend, over `total`.
 */
export interface Spread {
  readonly weights: bigint[];
  readonly total: bigint;
}

/** A supporter's part in a group roll. */
export interface SupporterResult {
  readonly roll: SupportRoll;
  readonly outcomes: OutcomeShare[];
  readonly expectedBalanceTokens: number;
}

/** The exact result of a roll, as the CLI prints it. */
export interface D12ActionResult {
  readonly system: 'd12-action';
  readonly spec: D12ActionRoll;
  /** Four outcomes for action rolls, pass/fail for a capacity roll; fractions when decision-free. */
  readonly outcomes: OutcomeShare[];
  /** Optimal expected utility (action rolls): utility of the outcome − tokenValue per token spent. */
  readonly expectedUtility?: number;
  /** The same, as an exact fraction of the decimal utilities given. */
  readonly expectedUtilityFraction?: string;
  readonly expectedTokensSpent: number;
  /** Balance tokens the roller gains: 1 per failure of either kind (capped stock, Demoralized). */
  readonly expectedBalanceTokens: number;
  /** Interruption tokens the DM gains: 1 per critical failure (the lead's and the supporters'). */
  readonly expectedInterruptionTokens: number;
  /** Group rolls: each supporter's chosen roll and results. */
  readonly supporters?: SupporterResult[];
}

/**
 * The exact (outcome, spend) distribution of a planned roll. O(12 · dice) for safe, risky and
 * stacked rolls; group rolls add the supporters' bonus-dice distribution.
 */
function d12Spread(plan: D12Plan): Spread {
  const { roll } = plan;
  const weights = new Array<bigint>(4 * SPENDS).fill(0n);
  const put = (outcome: number, spend: number, w: bigint) => {
    weights[outcome * SPENDS + spend]! += w;
  };
  let total = 12n;
  switch (roll.roll) {
    case 'safe':
      for (const c of plan.safe) put(c.outcome, c.spend, 1n);
      break;
    case 'capacity':
      for (let v = 1; v <= 12; v++) put(judgeCapacity(v, roll.capacity), 0, 1n);
      break;
    case 'risky': {
      const dice = actionLuck(roll.rating);
      total = 12n ** BigInt(dice);
      lowestDieWeights(dice).forEach((w, i) => {
        put(plan.risky[i]!.outcome, plan.risky[i]!.spend, w);
      });
      break;
    }
    case 'stacked': {
      // Die j is reached with weight `reach` over 12^j; a keep there weighs reach·12^(n−1−j) over 12^n.
      const dice = actionLuck(roll.rating);
      total = 12n ** BigInt(dice);
      let reach = 1n;
      for (let j = 0; j < dice; j++) {
        const scale = 12n ** BigInt(dice - 1 - j);
        let onward = 0n;
        plan.keep[j]!.forEach((kept, i) => {
          if (kept) put(plan.safe[i]!.outcome, plan.safe[i]!.spend, reach * scale);
          else onward += reach;
        });
        reach = onward;
      }
      break;
    }
    case 'group': {
      // Weights over (supporters' total) · 12^most: a lead with d dice weighs 12^(most − d) more.
      const most = mostLeadDice(roll);
      const bonus = bonusDice(roll.supporters, plan.support);
      total = bonus.total * 12n ** BigInt(most);
      for (const [extra, w] of bonus.weights) {
        const dice = actionLuck(roll.rating) + extra;
        if (dice <= 0) {
          put(CRITICAL_FAILURE, 0, w * 12n ** BigInt(most));
          continue;
        }
        const scale = w * 12n ** BigInt(most - dice);
        lowestDieWeights(dice).forEach((v, i) => {
          put(plan.risky[i]!.outcome, plan.risky[i]!.spend, v * scale);
        });
      }
      break;
    }
  }
  return { weights, total };
}

/**
 * Solves a roll exactly: the outcome distribution under optimal token use (and the stacked
 * stopping rule or the supporters' choice), the optimal expected utility, and the tokens.
 * @example d12ActionOdds(parseD12ActionSpec({ roll: 'safe', rating: 1, capacity: 5, tokens: 2 }))
 *   .expectedUtilityFraction // "7/10"
 */
export function d12ActionOdds(roll: D12ActionRoll): D12ActionResult {
  const plan = planD12Roll(roll);
  const spread = d12Spread(plan);
  const u = plan.utilities;
  const capacity = roll.roll === 'capacity';
  const names = capacity ? CAPACITY_OUTCOMES : ACTION_OUTCOMES;
  const { weights, total } = spread;
  const byOutcome = names.map((_, o) => {
    let w = 0n;
    for (let s = 0; s < SPENDS; s++) w += weights[o * SPENDS + s]!;
    return Rational.of(w, total);
  });
  let utility = 0n;
  let spent = 0n;
  let gained = 0n;
  weights.forEach((w, slot) => {
    if (w === 0n) return;
    const outcome = Math.floor(slot / SPENDS);
    const spend = slot % SPENDS;
    utility += w * score(u, outcome, spend);
    spent += w * BigInt(spend);
    const failed = capacity ? outcome === 1 : outcome >= FAILURE;
    if (balanceGained(failed, roll.tokens - spend, roll.demoralized)) gained += w;
  });
  const decisionFree =
    capacity ||
    (roll.tokens === 0 && (roll.roll === 'safe' || roll.roll === 'risky')) ||
    (roll.tokens === 0 && roll.roll === 'stacked' && roll.policy === 'keep-first-success');
  const supporting = roll.roll === 'group' ? supporterResults(plan) : [];
  const supporters = supporting.map((s) => s.result);
  const interruptions = capacity
    ? Rational.ZERO
    : supporting.reduce((a, s) => a.add(s.criticalFailure), byOutcome[CRITICAL_FAILURE]!);
  const expectedUtility = Rational.of(utility, total * u.scale);
  return {
    system: 'd12-action',
    spec: roll,
    outcomes: rationalShares(names, byOutcome, decisionFree),
    ...(capacity
      ? {}
      : {
          expectedUtility: expectedUtility.toNumber(),
          expectedUtilityFraction: expectedUtility.toString(),
        }),
    expectedTokensSpent: ratio(spent, total),
    expectedBalanceTokens: ratio(gained, total),
    expectedInterruptionTokens: interruptions.toNumber(),
    ...(roll.roll === 'group' ? { supporters } : {}),
  };
}

function supporterResults(plan: D12Plan): { result: SupporterResult; criticalFailure: Rational }[] {
  return plan.roll.supporters.map((s, i) => {
    const roll = plan.support[i]!;
    const { weights, total } = supporterOutcomes(s, roll);
    const shares = weights.map((w) => Rational.of(w, total));
    const failed = shares[FAILURE]!.add(shares[CRITICAL_FAILURE]!);
    return {
      result: {
        roll,
        outcomes: rationalShares(ACTION_OUTCOMES, shares, false),
        expectedBalanceTokens: failed.toNumber() * balanceGained(true, s.tokens, s.demoralized),
      },
      criticalFailure: shares[CRITICAL_FAILURE]!,
    };
  });
}
