import { Dist } from '../../distribution/index.ts';
import { exactShares, type OutcomeShare } from '../outcome-shares.ts';
import type { D6PoolCheck } from './spec.ts';

/** The outcomes, by hits: 0 failure, 1 mixed, 2+ success. */
export const D6_POOL_OUTCOMES = ['failure', 'mixed', 'success'] as const;

/** Lowest face that is a hit (5 or 6). */
export const HIT_FACE = 5;

/** The outcome index of a number of hits: min(hits, 2). @example outcomeOfHits(5) // 2 */
export function outcomeOfHits(hits: number): number {
  return Math.min(hits, 2);
}

/** One die's hits: 1 on a 5 or a 6, else 0. */
const HITS_OF_ONE_DIE = Dist.die(6).map((face) => (face >= HIT_FACE ? 1 : 0));

/**
 * The exact outcome distribution of a check: outcome index (0 failure, 1 mixed, 2 success)
 * with weights over 6^stat. Built die by die with the hit count clipped at 2, so it is O(stat).
 * @example d6PoolDist({ stat: 3 }).weights // [64n, 96n, 56n] over 216: 8/27, 4/9, 7/27
 */
export function d6PoolDist(check: D6PoolCheck): Dist {
  let outcome = Dist.constant(0);
  for (let i = 0; i < check.stat; i++) outcome = outcome.add(HITS_OF_ONE_DIE).map(outcomeOfHits);
  return outcome;
}

/** The exact result of a check, as the CLI prints it. */
export interface D6PoolResult {
  readonly system: 'd6-pool';
  readonly spec: D6PoolCheck;
  readonly outcomes: OutcomeShare[];
  /** stat / 3. */
  readonly expectedHits: number;
}

/**
 * Failure, mixed and success chances as reduced fractions (no decision shapes them).
 * @example d6PoolOdds({ stat: 3 }).outcomes.map((o) => o.fraction) // ['8/27', '4/9', '7/27']
 */
export function d6PoolOdds(check: D6PoolCheck): D6PoolResult {
  const dist = d6PoolDist(check);
  return {
    system: 'd6-pool',
    spec: { stat: check.stat },
    outcomes: exactShares(
      D6_POOL_OUTCOMES,
      D6_POOL_OUTCOMES.map((_, i) => dist.weight(i)),
      dist.total,
      true,
    ),
    expectedHits: check.stat / 3,
  };
}
