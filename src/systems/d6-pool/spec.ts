import { z } from '#zod';
import { integer } from '../../input/field-schemas.ts';
import { parseSpec } from '../../input/issue-messages.ts';

/** A validated check. */
export interface D6PoolCheck {
  readonly stat: number;
}

/** The largest stat the model solves: beyond it an exact fraction is no longer printable. */
export const MAX_STAT = 1000;

/**
 * Validates a d6-pool spec (parsed JSON). Throws an InputError naming the field; `where`
 * prefixes field names (e.g. "[2]." for the third spec of an array).
 * @example parseD6PoolSpec({ stat: 3 }) // { stat: 3 }
 */
export function parseD6PoolSpec(input: unknown, where = ''): D6PoolCheck {
  return parseSpec(d6PoolSpecSchema, input, where);
}

/** The spec as `odds --spec` takes it (strict), for scenario files and their schema. */
export const d6PoolSpecSchema = z.strictObject(
  { stat: integer(1, MAX_STAT) },
  { error: 'an object' },
);
