import { Rational } from '../rational.ts';
import { type D6PoolResult, d6PoolDist, d6PoolOdds } from './exact.ts';
import type { D6PoolCheck } from './spec.ts';

/** The seed text's rounded claim for three dice: mixed about 4 in 10, the others about 3 in 10. */
export const SEED_CLAIM = {
  stat: 3,
  text: 'with three dice: mixed about four in ten, failure and success about three in ten each',
  shares: { failure: 0.3, mixed: 0.4, success: 0.3 },
} as const;

/** One outcome of the claim against the exact figure. */
export interface ClaimGap {
  readonly name: 'failure' | 'mixed' | 'success';
  readonly claimed: number;
  readonly exact: number;
  readonly fraction: string;
  /**
   * exact − claimed, as a probability (−0.0037 is 0.37 percentage points below the claim):
   * subtracted exactly, then rounded once.
   */
  readonly off: number;
  /** {@link ClaimGap.off} as a reduced fraction ("-1/270"). */
  readonly offFraction: string;
}

/** How far the seed's claim is from the exact three-dice figures. */
export interface SeedClaimGap {
  readonly stat: number;
  readonly claim: string;
  readonly outcomes: readonly ClaimGap[];
  /** The largest |off|: how far the claim is off at worst (rounding keeps the order: exact too). */
  readonly largestGap: number;
}

/**
 * The seed's claim against the exact figures 8/27, 4/9 and 7/27.
 * @example seedClaimGap().largestGap // 0.0444… (mixed is 4/9, not 4 in 10)
 */
export function seedClaimGap(): SeedClaimGap {
  const check = { stat: SEED_CLAIM.stat };
  const exact = d6PoolOdds(check).outcomes;
  const dist = d6PoolDist(check);
  const outcomes = exact.map((o, i) => {
    const name = o.name as ClaimGap['name'];
    const claimed = SEED_CLAIM.shares[name];
    // The claim is a decimal (0.3 is 3/10): subtracted from the exact share as fractions, so
    // 8/27 − 3/10 is −1/270, not the floats' −0.003703703703703709.
    const off = Rational.of(dist.weight(i), dist.total).sub(Rational.fromDecimal(claimed));
    return {
      name,
      claimed,
      exact: o.p,
      fraction: o.fraction ?? '',
      off: off.toNumber(),
      offFraction: off.toString(),
    };
  });
  return {
    stat: SEED_CLAIM.stat,
    claim: SEED_CLAIM.text,
    outcomes,
    largestGap: Math.max(...outcomes.map((o) => Math.abs(o.off))),
  };
}

/** A check's exact result, with, for the seed's three dice, how far its claim is off. */
export type D6PoolReport = D6PoolResult & { readonly seedClaim?: SeedClaimGap };

/**
 * What `dicelab d6-pool odds --json` prints for a check: its exact result, and at the seed's
 * stat (3) the seed's claim against it.
 * @example d6PoolReport({ stat: 3 }).seedClaim.largestGap // 0.0444…
 */
export function d6PoolReport(check: D6PoolCheck): D6PoolReport {
  const result = d6PoolOdds(check);
  return check.stat === SEED_CLAIM.stat ? { ...result, seedClaim: seedClaimGap() } : result;
}
