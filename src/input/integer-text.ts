/**
 * What an integer from `min` to `max` is, in words: the one wording every check of an integer's
 * range refuses with (the zod schemas' `integer`, the CLI's integer flags, the page's number
 * fields, the library's own checks). `max` as the message states it (a count's bound with its
 * name, `countBound`'s; a cap by its field, "auraMax (5)") or as a number. Kept apart from the
 * zod schemas so that the checks that load no zod (distributions, the generator, the Monte Carlo
 * layer) read it too.
 * @example integerText(1, 50) // "an integer from 1 to 50"
 */
export function integerText(min: number, max: number | string): string {
  return `an integer from ${min} to ${max}`;
}

/**
 * What an integer of `min` or more is, in words: the wording of a check whose only upper bound
 * is the safe integers' (a run's trials, a shard's count, a baseline's trials), `integerText`'s
 * sibling for the same reason.
 * @example integerAtLeastText(1) // "an integer ≥ 1"
 */
export function integerAtLeastText(min: number): string {
  return `an integer ≥ ${min}`;
}
