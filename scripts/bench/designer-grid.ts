import { legalPools } from '../../src/systems/zidara/roll/pool.ts';

/**
 * The designer's grid of the speed issue: every legal pool of 1 to 24 steps with 1 or 2
 * actions, each distinct pool once (584 pools), high die first. The benchmarks time it; the
 * tests hold every shortcut of the exact engine to the general engine over it.
 * @example designerPools().length // 584
 */
export function designerPools(): number[][] {
  const pools = new Map<string, number[]>();
  for (let steps = 1; steps <= 24; steps++)
    for (const actions of [1, 2])
      for (const pool of legalPools(steps, actions)) pools.set(pool.join(','), pool);
  return [...pools.values()];
}
