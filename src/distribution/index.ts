export { type Comparison, DIST_LIMITS, Dist, maxOf, ratio } from './dist.ts';
export { type Exploded, explode } from './explode.ts';
