import { invalid } from '../input/input-error.ts';
import { integerText } from '../input/integer-text.ts';
import { checkDist, DIST_LIMITS, Dist, ratio } from './dist.ts';

/** An exploded distribution and the weight of the chains the depth cap stopped. */
export interface Exploded {
  readonly dist: Dist;
  /** Weight (over `dist.total`) of outcomes whose chain hit the cap: reported, never dropped. */
  readonly cappedWeight: bigint;
  readonly pCapped: number;
}

/**
 * X that, on its highest outcome, is rolled again and added, at most `depth` extra rolls.
 * A chain stopped by the cap keeps its value; `depth` is at most {@link DIST_LIMITS}`.explodeDepth`.
 * O(depth · |X|²) at worst.
 * @example explode(Dist.die(4), 1).dist.probability(8) // 1/16: two 4s, capped
 */
export function explode(x: Dist, depth: number): Exploded {
  checkDist('x', x);
  if (!Number.isSafeInteger(depth) || depth < 0 || depth > DIST_LIMITS.explodeDepth)
    throw invalid('depth', depth, integerText(0, DIST_LIMITS.explodeDepth));
  const top = x.max;
  const topWeight = x.weight(top);
  let dist = x;
  let cappedWeight = topWeight;
  for (let i = 0; i < depth; i++) {
    const inner = dist;
    const pairs: [number, bigint][] = [];
    x.outcomes.forEach((o, k) => {
      if (o !== top) pairs.push([o, x.weights[k]! * inner.total]);
    });
    inner.outcomes.forEach((o, k) => {
      pairs.push([top + o, topWeight * inner.weights[k]!]);
    });
    dist = Dist.of(pairs);
    cappedWeight *= topWeight;
  }
  return { dist, cappedWeight, pCapped: ratio(cappedWeight, dist.total) };
}
