import { formatPercent } from './format-percent.ts';

/**
 * A chance for people, never rounded to a certainty it is not: one decimal, or as many more
 * (up to four) as it takes to tell 99.99% from 100% and 0.01% from 0%.
 * @example formatChance(0.9999198) // "99.99%"
 * @example formatChance(0.5) // "50.0%"
 */
export function formatChance(p: number): string {
  // formatPercent says "> 99.9%" for a chance short of certain: more digits may tell it.
  for (let digits = 1; digits < 4; digits++) {
    const text = formatPercent(p, digits);
    if (!/^[<>]/.test(text)) return text;
  }
  return formatPercent(p, 4);
}
