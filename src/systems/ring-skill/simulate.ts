import type { Interval } from '../../montecarlo/interval.ts';
import type { Kernel } from '../../montecarlo/kernel.ts';
import { rollDie, type Stream } from '../../rng/index.ts';
import { type SimulatedShare, simulatedMean, simulatedShares } from '../outcome-shares.ts';
import { RING_SKILL_OUTCOMES } from './exact.ts';
import { KIND_COUNT, RING_FACES, SKILL_FACES } from './faces.ts';
import { bonusSuccesses, RingSkillSolver, succeeds } from './solver.ts';
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
  readonly pCapped: SimulatedShare;
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
 * A Ring and Skill check, sampled: roll the pool, reroll, keep, roll the waves; every decision
 * asks the exact solver (memoised on the multiset in play), so the simulation plays exactly the
 * optimal policy. Tally: successes, capped trials, and Σx, Σx² of strife, bonus successes,
 * opportunity and successes.
 */
export const kernel: Kernel<unknown, Prepared> = {
  prepare(spec) {
    const check = parseRingSkillSpec(spec);
    return { check, solver: new RingSkillSolver(check) };
  },
  tallySize: () => SLOTS,
  tallyShape: () => [
    { kind: 'count', name: 'succeeded', slot: SUCCEEDED },
    { kind: 'sumAndSquares', name: 'strife', slot: STRIFE },
    { kind: 'sumAndSquares', name: 'bonus successes', slot: BONUS },
    { kind: 'sumAndSquares', name: 'opportunity', slot: OPPORTUNITY },
    { kind: 'sumAndSquares', name: 'successes', slot: SUCCESSES },
    { kind: 'count', name: 'capped', slot: CAPPED },
  ],
  run({ check, solver }: Prepared, stream: Stream, trials: number, tally: Float64Array) {
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
      if (succeeds(successes, check.tn)) tally[SUCCEEDED] = tally[SUCCEEDED]! + 1;
      add(STRIFE, strife);
      add(BONUS, bonusSuccesses(successes, check.tn));
      add(OPPORTUNITY, opportunity);
      add(SUCCESSES, successes);
    }
  },
  summarize({ check }, tally, trials): RingSkillSimulation {
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
      pCapped: simulatedShares(['capped'], [tally[CAPPED]!], trials)[0]!,
    };
  },
  sampledFigures(_prepared, tally, trials) {
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
    };
  },
};
