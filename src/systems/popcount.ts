/**
 * The set bits of a mask: intents won in a won-mask, supporters in a group's subset.
 * O(bits set).
 * @example popcount(0b1011) // 3
 */
export function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m; m &= m - 1) count++;
  return count;
}
