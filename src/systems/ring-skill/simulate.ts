import type { Interval } from '../../montecarlo/interval.ts';
import type { Kernel } from '../../montecarlo/kernel.ts';
import type { TallyPart } from '../../montecarlo/tally-shape.ts';
import { wilsonInterval } from '../../montecarlo/wilson-interval.ts';
import { rollDie, type Stream } from '../../rng/index.ts';
import { type SimulatedShare, simulatedMean, simulatedShares } from '../outcome-shares.ts';
import { Rational } from '../rational.ts';
import { RING_SKILL_OUTCOMES } from './exact.ts';
import { KIND_COUNT, RING_FACES, SKILL_FACES } from './faces.ts';
import { bonusSuccesses, expectedUtilityOf, RingSkillSolver, succeeds } from './solver.ts';
import { parseRingSkillSpec, type RingSkillCheck } from './spec.ts';

/** A simulated check: success share and the means, each with its 95% interval. */
export interface RingSkillSimulation {
  readonly system: 'ring-skill';
  readonly spec: RingSkillCheck;
  readonly trials: number;
  readonly outcomes: SimulatedShare[];
  readonly expectedStrife: Interval;
  readonly expectedBonusSuccesses: Interval;
  readonly expectedOpportunity: Interval;
  readonly expectedSuccesses: Interval;
  /** P(capped), its Wilson interval in the means' shape. */
  readonly pCapped: Interval;
  /** The objective's utility (P(success), successes or the weighted sum), as `odds` gives it exactly. */
  readonly expectedUtility: Interval;
}

interface Prepared {
  readonly check: RingSkillCheck;
  /** The exact engine: every keep and reroll decision is its decision. */
  readonly solver: RingSkillSolver;
}

/** Tally slots. */
const SUCCEEDED = 0;
const STRIFE = 1; // Σ strife, then Σ strife² at +1
const BONUS = 3;
const OPPORTUNITY = 5;
const SUCCESSES = 7;
const CAPPED = 9;
const SLOTS = 10;

/**
 * The figures the weighted utility weighs, by their Σx slot: success (0 or 1, its own square),
 * strife, bonus successes, opportunity. The weighted objective also tallies Σxy of each pair of
 * them from slot {@link SLOTS} on, in this order, for the spread of the utility.
 */
const WEIGHED = [SUCCEEDED, STRIFE, BONUS, OPPORTUNITY] as const;
const PAIRS = WEIGHED.flatMap((a, i) => WEIGHED.slice(i + 1).map((b) => [a, b] as const));
const NAMES: Record<(typeof WEIGHED)[number], string> = {
  [SUCCEEDED]: 'success',
  [STRIFE]: 'strife',
  [BONUS]: 'bonus successes',
  [OPPORTUNITY]: 'opportunity',
};

const weighted = ({ check }: Prepared) => check.objective === 'weighted';

/**
 * A Ring and Skill check, sampled: roll the pool, reroll, keep, roll the waves; every decision
 * asks the exact solver (memoised on the multiset in play), so the simulation plays exactly the
 * optimal policy. Tally: successes, capped trials, and Σx, Σx² of strife, bonus successes,
 * opportunity and successes; for the weighted objective also Σxy of each pair it weighs.
 */
export const kernel: Kernel<unknown, Prepared> = {
  prepare(spec) {
    const check = parseRingSkillSpec(spec);
    return { check, solver: new RingSkillSolver(check) };
  },
  tallySize: (prepared) => SLOTS + (weighted(prepared) ? PAIRS.length : 0),
  tallyShape: (prepared) => [
    { kind: 'count', name: 'succeeded', slot: SUCCEEDED },
    { kind: 'sumAndSquares', name: 'strife', slot: STRIFE },
    { kind: 'sumAndSquares', name: 'bonus successes', slot: BONUS },
    { kind: 'sumAndSquares', name: 'opportunity', slot: OPPORTUNITY },
    { kind: 'sumAndSquares', name: 'successes', slot: SUCCESSES },
    { kind: 'count', name: 'capped', slot: CAPPED },
    ...(weighted(prepared)
      ? PAIRS.map(
          ([a, b], k): TallyPart => ({
            kind: 'sum',
            name: `${NAMES[a]} × ${NAMES[b]}`,
            slot: SLOTS + k,
          }),
        )
      : []),
  ],
  run(prepared: Prepared, stream: Stream, trials: number, tally: Float64Array) {
    const { check, solver } = prepared;
    const products = weighted(prepared);
    const x = new Float64Array(SLOTS);
    const ring = new Int8Array(KIND_COUNT);
    const skill = new Int8Array(KIND_COUNT);
    const pool = new Int8Array(KIND_COUNT);
    const add = (slot: number, x: number) => {
      tally[slot] = tally[slot]! + x;
      tally[slot + 1] = tally[slot + 1]! + x * x;
    };
    for (let t = 0; t < trials; t++) {
      ring.fill(0);
      skill.fill(0);
      for (let d = 0; d < check.ring; d++) ring[RING_FACES[rollDie(stream, 6) - 1]!]!++;
      for (let d = 0; d < check.skill; d++) skill[SKILL_FACES[rollDie(stream, 12) - 1]!]!++;
      if (check.rerolls > 0) {
        const r = solver.rerollChoice(ring, skill, check.rerolls);
        for (let k = 0; k < KIND_COUNT; k++) {
          for (let m = 0; m < r.ring[k]!; m++) {
            ring[k]!--;
            ring[RING_FACES[rollDie(stream, 6) - 1]!]!++;
          }
          for (let m = 0; m < r.skill[k]!; m++) {
            skill[k]!--;
            skill[SKILL_FACES[rollDie(stream, 12) - 1]!]!++;
          }
        }
      }
      for (let k = 0; k < KIND_COUNT; k++) pool[k] = ring[k]! + skill[k]!;
      let kept = solver.keepChoice(pool);
      let successes = kept.successes;
      let strife = kept.strife;
      let opportunity = kept.opportunity;
      for (
        let level = check.explodeDepth;
        level >= 1 && kept.addsRing + kept.addsSkill > 0;
        level--
      ) {
        pool.fill(0);
        for (let d = 0; d < kept.addsRing; d++) pool[RING_FACES[rollDie(stream, 6) - 1]!]!++;
        for (let d = 0; d < kept.addsSkill; d++) pool[SKILL_FACES[rollDie(stream, 12) - 1]!]!++;
        kept = solver.waveChoice(level, successes, pool);
        successes += kept.successes;
        strife += kept.strife;
        opportunity += kept.opportunity;
      }
      if (kept.addsRing + kept.addsSkill > 0) tally[CAPPED] = tally[CAPPED]! + 1;
      const bonus = bonusSuccesses(successes, check.tn);
      if (succeeds(successes, check.tn)) tally[SUCCEEDED] = tally[SUCCEEDED]! + 1;
      add(STRIFE, strife);
      add(BONUS, bonus);
      add(OPPORTUNITY, opportunity);
      add(SUCCESSES, successes);
      if (products) {
        x[SUCCEEDED] = succeeds(successes, check.tn) ? 1 : 0;
        x[STRIFE] = strife;
        x[BONUS] = bonus;
        x[OPPORTUNITY] = opportunity;
        for (let k = 0; k < PAIRS.length; k++) {
          const [a, b] = PAIRS[k]!;
          tally[SLOTS + k] = tally[SLOTS + k]! + x[a]! * x[b]!;
        }
      }
    }
  },
  summarize(prepared, tally, trials): RingSkillSimulation {
    const { check } = prepared;
    // Each mean is of a count: its interval starts at 0 or above (no bound above short of the
    // explosions).
    const mean = (slot: number) =>
      simulatedMean(tally[slot]!, tally[slot + 1]!, trials, [0, Number.POSITIVE_INFINITY]);
    return {
      system: 'ring-skill',
      spec: check,
      trials,
      outcomes: simulatedShares(
        RING_SKILL_OUTCOMES,
        [tally[SUCCEEDED]!, trials - tally[SUCCEEDED]!],
        trials,
      ),
      expectedStrife: mean(STRIFE),
      expectedBonusSuccesses: mean(BONUS),
      expectedOpportunity: mean(OPPORTUNITY),
      expectedSuccesses: mean(SUCCESSES),
      pCapped: wilsonInterval(tally[CAPPED]!, trials),
      expectedUtility: utilityInterval(check, tally, trials),
    };
  },
  sampledFigures({ check }, tally, trials) {
    const count = (n: number) => ({ kind: 'count', count: n }) as const;
    const sum = (slot: number) =>
      ({ kind: 'sum', sum: tally[slot]!, squares: tally[slot + 1]! }) as const;
    return {
      success: count(tally[SUCCEEDED]!),
      failure: count(trials - tally[SUCCEEDED]!),
      pSuccess: count(tally[SUCCEEDED]!),
      expectedStrife: sum(STRIFE),
      expectedBonusSuccesses: sum(BONUS),
      expectedOpportunity: sum(OPPORTUNITY),
      expectedSuccesses: sum(SUCCESSES),
      pCapped: count(tally[CAPPED]!),
      expectedUtility: { kind: 'sum', ...utilitySums(check, tally) },
    };
  },
};

/** The figures a utility may weigh, by their Σx slot: those {@link WEIGHED}, then successes. */
const UTILITY_SLOTS = [...WEIGHED, SUCCESSES] as const;

/** The objective's utility of figures by {@link UTILITY_SLOTS}, by `expectedUtilityOf`, the exact engine's own. */
function utilityOf(check: RingSkillCheck, x: readonly Rational[]): Rational {
  return expectedUtilityOf(
    {
      pSuccess: x[0]!,
      expectedStrife: x[1]!,
      expectedBonusSuccesses: x[2]!,
      expectedOpportunity: x[3]!,
      expectedSuccesses: x[4]!,
      pCapped: Rational.ZERO,
    },
    check,
  );
}

/**
 * Σu and Σu² of the objective's utility u over the trials, from the tallies (the weights are not
 * applied a second way here): u is linear in the figures, so Σu is the utility of their sums,
 * and Σu² = Σᵢ wᵢ Σⱼ wⱼ Σxᵢxⱼ the utility of each figure's utility of its row of Σxᵢxⱼ. The
 * weighted objective tallies every pair of the figures it weighs; the others weigh one figure
 * (success or successes), whose Σx² is tallied.
 */
function utilitySums(
  check: RingSkillCheck,
  tally: ArrayLike<number>,
): { readonly sum: number; readonly squares: number } {
  const product = (i: number, j: number): number => {
    const [a, b] = [UTILITY_SLOTS[Math.min(i, j)]!, UTILITY_SLOTS[Math.max(i, j)]!];
    if (a === b) return a === SUCCEEDED ? tally[a]! : tally[a + 1]!;
    const pair = PAIRS.findIndex(([p, q]) => p === a && q === b);
    // A pair not tallied holds a figure its objective does not weigh: its Σxy counts for nothing.
    return pair < 0 || check.objective !== 'weighted' ? 0 : tally[SLOTS + pair]!;
  };
  const sums = UTILITY_SLOTS.map((slot) => Rational.of(tally[slot]!));
  const rows = UTILITY_SLOTS.map((_, i) =>
    utilityOf(
      check,
      UTILITY_SLOTS.map((_, j) => Rational.of(product(i, j))),
    ),
  );
  return { sum: utilityOf(check, sums).toNumber(), squares: utilityOf(check, rows).toNumber() };
}

/**
 * The objective's utility's mean and 95% interval from the tallies ({@link utilitySums}). Its
 * range, for one trial and to hold the interval, is what u can be: success is 0 or 1, the others
 * any count ≥ 0.
 */
function utilityInterval(check: RingSkillCheck, tally: Float64Array, trials: number): Interval {
  // Each figure's weight: the utility of one of it and none of the others.
  const weights = UTILITY_SLOTS.map((_, i) =>
    utilityOf(
      check,
      UTILITY_SLOTS.map((_, j) => (i === j ? Rational.ONE : Rational.ZERO)),
    ).toNumber(),
  );
  const [success, ...counts] = weights as [number, ...number[]];
  const range = [
    Math.min(0, success) + counts.reduce((lo, w) => lo + (w < 0 ? Number.NEGATIVE_INFINITY : 0), 0),
    Math.max(0, success) + counts.reduce((hi, w) => hi + (w > 0 ? Number.POSITIVE_INFINITY : 0), 0),
  ] as const;
  const { sum, squares } = utilitySums(check, tally);
  return simulatedMean(sum, squares, trials, range);
}
