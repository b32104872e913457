/**
 * A whole count with thousands separators, as people read it. Plain string work rather than
 * `toLocaleString('en')`, whose first call loads ICU's number data: about 20 ms of a start-up
 * that shows a count in help text or a message, a tenth of a roll at the prompt. O(digits).
 * @example formatCount(1234567) // "1,234,567"
 * @example formatCount(-5000) // "-5,000"
 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A count and its noun, singular for one: "1 figure", "12 figures", "1,000 trials".
 * @example countOf(1, 'expectation') // "1 expectation"
 * @example countOf(2, 'file') // "2 files"
 */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`;
}
