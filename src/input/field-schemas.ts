import { z } from '#zod';
import { integerText } from './integer-text.ts';

/**
 * The zod schemas of a spec's or a scenario's fields, each with the "expected …" part of the
 * house message (`field: value is not allowed (expected …)`, see `issueProblems`) and, when
 * given, a description (shown by editors through the scenario JSON Schema).
 */

function described<T extends z.ZodType>(schema: T, description?: string): T {
  return description === undefined ? schema : schema.describe(description);
}

/**
 * An integer from `min` to `max`; `error` says what is allowed when the bounds alone do not
 * ("a face of the d8: 1 to 8").
 * @example integer(1, 50).safeParse(51).success // false
 */
export function integer(
  min: number,
  max: number,
  description?: string,
  error = integerText(min, max),
) {
  return described(
    z.number({ error }).int({ error }).min(min, { error }).max(max, { error }),
    description,
  );
}

/**
 * What a number within `min` and `max` (either may be absent) is, in words: what {@link number}
 * refuses with, and what help and docs say is allowed.
 * @example numberText(0, 1000000) // "a number from 0 to 1000000"
 */
export function numberText(min?: number, max?: number): string {
  return min !== undefined && max !== undefined
    ? `a number from ${min} to ${max}`
    : min !== undefined
      ? `a number ≥ ${min}`
      : max !== undefined
        ? `a number ≤ ${max}`
        : 'a finite number';
}

/**
 * Largest worth, utility or weight a designer may give, either sign (`auraValue`, the tags-2d6
 * band values, the d12-action utilities, the ring-skill weights): a roll's utility and its
 * square (simulation intervals) stay finite and exact enough (1e308 gave infinite utilities).
 */
export const WORTH_LIMIT = 1e6;

/**
 * A finite number, at least `min` and at most `max` when they are given.
 * @example number(0, undefined, 10).safeParse(11).success // false
 */
export function number(min?: number, description?: string, max?: number) {
  const error = numberText(min, max);
  let schema = z.number({ error });
  if (min !== undefined) schema = schema.min(min, { error });
  if (max !== undefined) schema = schema.max(max, { error });
  return described(schema, description);
}

/**
 * true or false.
 * @example flag().safeParse('yes').success // false
 */
export function flag(description?: string) {
  return described(z.boolean({ error: 'true or false' }), description);
}

/**
 * One of a list of names.
 * @example choice(['a', 'b']).safeParse('c').success // false
 */
export function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  description?: string,
) {
  return described(z.enum(values, { error: `one of ${values.join(', ')}` }), description);
}

/**
 * Some text (not empty).
 * @example text().safeParse('').success // false
 */
export function text(description?: string) {
  return described(z.string({ error: 'text' }).min(1, { error: 'some text' }), description);
}
