export { D6_POOL_OUTCOMES, type D6PoolResult, d6PoolDist, d6PoolOdds } from './exact.ts';
export {
  type ClaimGap,
  type D6PoolReport,
  d6PoolReport,
  SEED_CLAIM,
  type SeedClaimGap,
  seedClaimGap,
} from './seed-claim.ts';
export type { D6PoolSimulation } from './simulate.ts';
export { type D6PoolCheck, MAX_STAT, parseD6PoolSpec } from './spec.ts';
