import type { Interval } from '../../montecarlo/interval.ts';
import type { Kernel } from '../../montecarlo/kernel.ts';
import { rollDie, type Stream } from '../../rng/index.ts';
import { countFigures } from '../outcome-count-kernel.ts';
import { type SimulatedShare, simulatedMean, simulatedShares } from '../outcome-shares.ts';
import {
  ACTION_OUTCOMES,
  actionLuck,
  balanceGained,
  CAPACITY_OUTCOMES,
  CRITICAL_FAILURE,
  type D12Plan,
  FAILURE,
  judgeCapacity,
  judgeRisky,
  judgeSafe,
  MAX_TOKENS,
  planD12Roll,
  SUPPORT_DICE,
  score,
} from './plan.ts';
import { type D12ActionRoll, parseD12ActionSpec } from './spec.ts';

/** A simulated roll: outcome shares and means with 95% intervals. */
export interface D12ActionSimulation {
  readonly system: 'd12-action';
  readonly spec: D12ActionRoll;
  readonly trials: number;
  readonly outcomes: SimulatedShare[];
  /** Action rolls: utility of the outcome − tokenValue per token spent, averaged. */
  readonly expectedUtility?: Interval;
  readonly expectedTokensSpent: Interval;
  readonly expectedBalanceTokens: Interval;
  readonly expectedInterruptionTokens: Interval;
  /** Group rolls: each supporter's roll and outcome shares. */
  readonly supporters?: { roll: string; outcomes: SimulatedShare[] }[];
}

/** Tally slots: (outcome, spend) counts, then Σx, Σx² of tokens gained and of interruptions, then supporters' outcomes. */
const SPENDS = MAX_TOKENS + 1;
const GAINED = 4 * SPENDS;
const INTERRUPTIONS = GAINED + 2;
const SUPPORTERS = INTERRUPTIONS + 2;

/**
 * A d12 action roll, sampled. Every decision (token spends, the stacked stopping rule, the
 * supporters' rolls) is looked up in the plan the exact engine solves, so both play one policy.
 */
export const kernel: Kernel<unknown, D12Plan> = {
  prepare: (spec) => planD12Roll(parseD12ActionSpec(spec)),
  tallySize: (plan) => SUPPORTERS + 4 * plan.roll.supporters.length,
  tallyShape: (plan) => [
    { kind: 'distribution', name: 'outcome and tokens spent', from: 0, to: GAINED },
    { kind: 'sumAndSquares', name: 'balance tokens gained', slot: GAINED, max: 1 },
    {
      kind: 'sumAndSquares',
      name: 'interruption tokens',
      slot: INTERRUPTIONS,
      max: plan.roll.supporters.length + 1,
    },
    ...plan.roll.supporters.map((_, i) => ({
      kind: 'distribution' as const,
      name: `supporter ${i + 1}'s outcomes`,
      from: SUPPORTERS + 4 * i,
      to: SUPPORTERS + 4 * i + 4,
    })),
  ],
  run(plan: D12Plan, stream: Stream, trials: number, tally: Float64Array) {
    const { roll } = plan;
    const dice = actionLuck(roll.rating);
    for (let t = 0; t < trials; t++) {
      let outcome: number;
      let spend = 0;
      let interruptions = 0;
      switch (roll.roll) {
        case 'capacity':
          outcome = judgeCapacity(rollDie(stream, 12), roll.capacity);
          break;
        case 'safe': {
          const c = plan.safe[rollDie(stream, 12) - 1]!;
          outcome = c.outcome;
          spend = c.spend;
          break;
        }
        case 'risky': {
          const c = plan.risky[lowestOf(stream, dice) - 1]!;
          outcome = c.outcome;
          spend = c.spend;
          break;
        }
        case 'stacked': {
          let value = 12;
          for (let j = 0; j < dice; j++) {
            value = rollDie(stream, 12);
            if (plan.keep[j]![value - 1]) break;
          }
          const c = plan.safe[value - 1]!;
          outcome = c.outcome;
          spend = c.spend;
          break;
        }
        case 'group': {
          let lead = dice;
          roll.supporters.forEach((s, i) => {
            const o =
              plan.support[i] === 'safe'
                ? judgeSafe(rollDie(stream, 12), s.rating + s.capacity)
                : judgeRisky(lowestOf(stream, actionLuck(s.rating)));
            lead += SUPPORT_DICE[o]!;
            if (o === CRITICAL_FAILURE) interruptions++;
            const slot = SUPPORTERS + 4 * i + o;
            tally[slot] = tally[slot]! + 1;
          });
          if (lead <= 0) {
            outcome = CRITICAL_FAILURE;
          } else {
            const c = plan.risky[lowestOf(stream, lead) - 1]!;
            outcome = c.outcome;
            spend = c.spend;
          }
          break;
        }
      }
      const slot = outcome * SPENDS + spend;
      tally[slot] = tally[slot]! + 1;
      const capacity = roll.roll === 'capacity';
      const failed = capacity ? outcome === 1 : outcome >= FAILURE;
      const gained = balanceGained(failed, roll.tokens - spend, roll.demoralized);
      if (!capacity && outcome === CRITICAL_FAILURE) interruptions++;
      tally[GAINED] = tally[GAINED]! + gained;
      tally[GAINED + 1] = tally[GAINED + 1]! + gained;
      tally[INTERRUPTIONS] = tally[INTERRUPTIONS]! + interruptions;
      tally[INTERRUPTIONS + 1] = tally[INTERRUPTIONS + 1]! + interruptions * interruptions;
    }
  },
  summarize(plan, tally, trials): D12ActionSimulation {
    const { roll } = plan;
    const { capacity, names, byOutcome, u, u2, utilityRange, spent, spent2 } = sums(plan, tally);
    // Token counts: their intervals start at 0 or above.
    const count = [0, Number.POSITIVE_INFINITY] as const;
    return {
      system: 'd12-action',
      spec: roll,
      trials,
      outcomes: simulatedShares(names, byOutcome, trials),
      ...(capacity ? {} : { expectedUtility: simulatedMean(u, u2, trials, utilityRange) }),
      expectedTokensSpent: simulatedMean(spent, spent2, trials, count),
      expectedBalanceTokens: simulatedMean(tally[GAINED]!, tally[GAINED + 1]!, trials, count),
      expectedInterruptionTokens: simulatedMean(
        tally[INTERRUPTIONS]!,
        tally[INTERRUPTIONS + 1]!,
        trials,
        count,
      ),
      ...(roll.roll === 'group'
        ? {
            supporters: roll.supporters.map((_, i) => ({
              roll: plan.support[i]!,
              outcomes: simulatedShares(
                ACTION_OUTCOMES,
                tally.slice(SUPPORTERS + 4 * i, SUPPORTERS + 4 * i + 4),
                trials,
              ),
            })),
          }
        : {}),
    };
  },
  sampledFigures(plan, tally) {
    const { capacity, names, byOutcome, u, u2, spent, spent2 } = sums(plan, tally);
    const sum = (s: number, squares: number) => ({ kind: 'sum', sum: s, squares }) as const;
    return {
      ...countFigures(names, byOutcome),
      ...(capacity ? {} : { expectedUtility: sum(u, u2) }),
      expectedTokensSpent: sum(spent, spent2),
      expectedBalanceTokens: sum(tally[GAINED]!, tally[GAINED + 1]!),
      expectedInterruptionTokens: sum(tally[INTERRUPTIONS]!, tally[INTERRUPTIONS + 1]!),
    };
  },
};

/** The counts and sums a summary and the sampled figures share. */
function sums(plan: D12Plan, tally: ArrayLike<number>) {
  const capacity = plan.roll.roll === 'capacity';
  const names = capacity ? CAPACITY_OUTCOMES : ACTION_OUTCOMES;
  const byOutcome = names.map((_, o) => {
    let n = 0;
    for (let s = 0; s < SPENDS; s++) n += tally[o * SPENDS + s]!;
    return n;
  });
  // Utility and tokens spent are functions of the (outcome, spend) slot: their sums follow.
  let u = 0;
  let u2 = 0;
  let spent = 0;
  let spent2 = 0;
  // The range of the utility, over every outcome and spend of the tokens held (played or not).
  const utilityRange: [number, number] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const scale = Number(plan.utilities.scale);
  for (let slot = 0; slot < 4 * SPENDS; slot++) {
    const n = tally[slot]!;
    const spend = slot % SPENDS;
    const x = Number(score(plan.utilities, Math.floor(slot / SPENDS), spend)) / scale;
    if (spend <= plan.roll.tokens) {
      utilityRange[0] = Math.min(utilityRange[0], x);
      utilityRange[1] = Math.max(utilityRange[1], x);
    }
    if (n === 0) continue;
    u += n * x;
    u2 += n * x * x;
    spent += n * spend;
    spent2 += n * spend * spend;
  }
  return { capacity, names, byOutcome, u, u2, utilityRange, spent, spent2 };
}

/** The lowest of n d12. */
function lowestOf(stream: Stream, n: number): number {
  let lowest = 12;
  for (let d = 0; d < n; d++) {
    const v = rollDie(stream, 12);
    if (v < lowest) lowest = v;
  }
  return lowest;
}
