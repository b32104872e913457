export { type Comparison, Dist, maxOf, ratio } from './dist.ts';
export { type Exploded, explode } from './explode.ts';
