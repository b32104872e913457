/**
 * `dicelab/distribution`: exact distributions as values. A `Dist` holds BigInt weights over
 * integer outcomes, immutable, with a small algebra (die, map, add, max, compare) and
 * explosion with an explicit depth whose cut-off mass is reported, never dropped. A wrong-typed
 * argument or a size past `DIST_LIMITS` throws an InputError naming the argument, its value and
 * what is allowed (exported here for `instanceof`).
 * @example Dist.die(6).add(Dist.die(6)).probability(7) // 0.1666…
 * @packageDocumentation
 */
export { type Comparison, DIST_LIMITS, Dist, maxOf, ratio } from '../distribution/dist.ts';
export { type Exploded, explode } from '../distribution/explode.ts';
export { InputError } from '../input/input-error.ts';
