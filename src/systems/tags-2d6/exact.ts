import { Dist } from '../../distribution/index.ts';
import { exactShares, type OutcomeShare } from '../outcome-shares.ts';
import { Rational } from '../rational.ts';
import type { ItemRole, Tags2d6Roll } from './spec.ts';

/** The bands, best first: clean (10+), cost (7–9), miss (6−). */
export const TAGS_BANDS = ['clean', 'cost', 'miss'] as const;

/** Lowest totals of the clean and cost bands. */
const CLEAN_FROM = 10;
const COST_FROM = 7;

/** The item's modifier. */
const ITEM_MODIFIER: Readonly<Record<ItemRole, number>> = { help: 1, hinder: -1, none: 0 };

/** The band index of a total (0 clean, 1 cost, 2 miss). @example bandOfTotal(9) // 1 */
export function bandOfTotal(total: number): number {
  return total >= CLEAN_FROM ? 0 : total >= COST_FROM ? 1 : 2;
}

/** What is added to 2d6: tags + item − 1 for an invoked weakness. @example rollModifier({ tags: 2, item: 'hinder', weakness: true }) // 0 */
export function rollModifier(roll: Pick<Tags2d6Roll, 'tags' | 'item' | 'weakness'>): number {
  return roll.tags + ITEM_MODIFIER[roll.item] - (roll.weakness ? 1 : 0);
}

const TWO_D6 = Dist.die(6).repeat(2);

/** Band index (0 clean, 1 cost, 2 miss) of 2d6 + modifier, weights over 36. O(1). */
function bandDist(modifier: number): Dist {
  return TWO_D6.map((sum) => bandOfTotal(sum + modifier));
}

/** The answer to "is invoking the weakness worth it" for one roll and one improvement value. */
export interface WeaknessVerdict {
  readonly improvementValue: number;
  /** Expected band value without the weakness (same tags and item). */
  readonly valueWithout: number;
  /** Expected band value with the weakness (total − 1), plus the improvement point's value. */
  readonly valueWith: number;
  /** valueWith − valueWithout, and as an exact fraction of the decimal values given. */
  readonly gain: number;
  readonly gainFraction: string;
  /** The improvement value at which invoking breaks even (the band value the −1 costs). */
  readonly breakEven: number;
  readonly verdict: 'invoke' | 'do-not-invoke' | 'even';
}

/** The exact result of a roll, as the CLI prints it. */
export interface Tags2d6Result {
  readonly system: 'tags-2d6';
  readonly spec: Tags2d6Roll;
  readonly modifier: number;
  readonly outcomes: OutcomeShare[];
  /** Improvement points earned: 1 when the weakness is invoked. */
  readonly improvementPoints: number;
  /** Expected band value plus the value of the improvement points earned. */
  readonly expectedUtility: number;
  readonly weakness: WeaknessVerdict;
}

/**
 * The band distribution of a roll (exact fractions, no decision in it) and whether invoking the
 * weakness pays for the given improvement value, compared in exact arithmetic.
 * @example tags2d6Odds(parseTags2d6Spec({})).weakness.verdict // 'invoke' (the −1 costs 0.125 < 0.25)
 */
export function tags2d6Odds(roll: Tags2d6Roll): Tags2d6Result {
  const modifier = rollModifier(roll);
  const dist = bandDist(modifier);
  const values = [roll.bandValues.clean, roll.bandValues.cost, roll.bandValues.miss].map((v) =>
    Rational.fromDecimal(v),
  );
  const improvement = Rational.fromDecimal(roll.improvementValue);
  const expectedBand = (m: number) => {
    const d = bandDist(m);
    return values
      .reduce((acc, v, i) => acc.add(v.mul(d.weight(i))), Rational.ZERO)
      .mul(Rational.of(1n, d.total));
  };
  const base = rollModifier({ ...roll, weakness: false });
  const without = expectedBand(base);
  const cost = without.sub(expectedBand(base - 1));
  const withWeakness = without.sub(cost).add(improvement);
  const gain = withWeakness.sub(without);
  const sign = gain.compare(Rational.ZERO);
  return {
    system: 'tags-2d6',
    spec: roll,
    modifier,
    outcomes: exactShares(
      TAGS_BANDS,
      TAGS_BANDS.map((_, i) => dist.weight(i)),
      dist.total,
      true,
    ),
    improvementPoints: roll.weakness ? 1 : 0,
    expectedUtility: (roll.weakness ? withWeakness : without).toNumber(),
    weakness: {
      improvementValue: roll.improvementValue,
      valueWithout: without.toNumber(),
      valueWith: withWeakness.toNumber(),
      gain: gain.toNumber(),
      gainFraction: gain.toString(),
      breakEven: cost.toNumber(),
      verdict: sign > 0 ? 'invoke' : sign < 0 ? 'do-not-invoke' : 'even',
    },
  };
}
