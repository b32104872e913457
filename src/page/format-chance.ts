import { formatPercent } from '../report/format-percent.ts';

/**
 * A chance for people, never rounded to a certainty it is not: one decimal, or as many more
 * (up to four) as it takes to tell 99.99% from 100% and 0.01% from 0%.
 * @example formatChance(0.9999198) // "99.99%"
 * @example formatChance(0.5) // "50.0%"
 */
export function formatChance(p: number): string {
  for (let digits = 1; digits <= 4; digits++) {
    const text = formatPercent(p, digits);
    const shown = Number.parseFloat(text);
    if ((shown !== 100 || p === 1) && (shown !== 0 || p === 0)) return text;
  }
  return p > 0.5 ? '> 99.9999%' : '< 0.0001%';
}
