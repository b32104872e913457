import type { RollOdds } from '../../../src/systems/zidara/engine/roll-play.ts';

/**
 * The largest difference between two answers for one roll, over every figure they report
 * (per-intent chances, the wins distribution, every Aura and Resolve figure, capped chains,
 * the area's sizes, the joint endings); Infinity when they do not report the same things.
 */
export function figureGap(a: RollOdds, b: RollOdds): number {
  let gap = 0;
  const near = (x: number | undefined, y: number | undefined) => {
    if (x === undefined || y === undefined) gap = x === y ? gap : Number.POSITIVE_INFINITY;
    else gap = Math.max(gap, Math.abs(x - y));
  };
  if (a.policy !== b.policy || a.intents.length !== b.intents.length)
    return Number.POSITIVE_INFINITY;
  near(a.expectedUtility, b.expectedUtility);
  for (const [i, intent] of a.intents.entries()) near(intent.pWin, b.intents[i]!.pWin);
  if (a.winsDistribution.length !== b.winsDistribution.length) return Number.POSITIVE_INFINITY;
  for (const [k, p] of a.winsDistribution.entries()) near(p, b.winsDistribution[k]);
  near(a.expectedWins, b.expectedWins);
  near(a.pAllWin, b.pAllWin);
  near(a.expectedAuraGained, b.expectedAuraGained);
  near(a.expectedAuraSpent, b.expectedAuraSpent);
  near(a.expectedAuraShared, b.expectedAuraShared);
  near(a.expectedAuraEnd, b.expectedAuraEnd);
  near(a.expectedResolveEnd, b.expectedResolveEnd);
  near(a.pExplodeCapped, b.pExplodeCapped);
  if (Boolean(a.area) !== Boolean(b.area)) return Number.POSITIVE_INFINITY;
  if (a.area && b.area) {
    near(a.area.expectedSize, b.area.expectedSize);
    if (a.area.distribution.length !== b.area.distribution.length) return Number.POSITIVE_INFINITY;
    for (const [k, x] of a.area.distribution.entries()) near(x.p, b.area.distribution[k]!.p);
  }
  if (Boolean(a.joint) !== Boolean(b.joint)) return Number.POSITIVE_INFINITY;
  if (a.joint && b.joint) {
    // Endings of (near) zero chance may be listed by one route and not the other.
    const of = (odds: RollOdds) =>
      new Map(odds.joint!.map((e) => [`${e.won}/${e.auraEnd}/${e.resolveEnd}`, e.p]));
    const x = of(a);
    const y = of(b);
    for (const key of new Set([...x.keys(), ...y.keys()])) near(x.get(key) ?? 0, y.get(key) ?? 0);
  }
  return gap;
}

/**
 * How far the Aura balance is from closing: start + gained − shared against end + spent.
 * @example auraImbalance(roll, odds) // 0 up to rounding
 */
export function auraImbalance(start: number, odds: RollOdds): number {
  return Math.abs(
    start +
      odds.expectedAuraGained -
      odds.expectedAuraShared -
      (odds.expectedAuraEnd + odds.expectedAuraSpent),
  );
}
