import { invalid } from '../input-error.ts';

/**
 * Readers for the fields of a (JSON) spec: each returns the value, or the default when the
 * field is absent, and throws `invalid(field, value, allowed)` otherwise. `field` is the full
 * path shown to the user (e.g. "[2].tokens"); a spec's fields are named under a prefix `where`
 * ("" for a lone spec, "[2]." for the third of an array), as `readSpecFile` passes it.
 */

/** An object whose keys are all among `allowed`; `where` prefixes its fields ("" or "[2].utilities."). */
export function readRecord(
  value: unknown,
  where: string,
  allowed: readonly string[],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(where.replace(/\.$/, '') || 'spec', value, 'an object');
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      throw invalid(
        `${where}${key}`,
        (value as Record<string, unknown>)[key],
        `no such field; the fields are ${allowed.join(', ')}`,
      );
  }
  return value as Record<string, unknown>;
}

/** An integer in [min, max]; `fallback` when absent (undefined means the field is required). */
export function readInteger(
  value: unknown,
  field: string,
  min: number,
  max: number,
  fallback?: number,
  allowed?: string,
): number {
  if (value === undefined && fallback !== undefined) return fallback;
  // The message is only written when needed: a valid spec (thousands in a file) builds none.
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw invalid(field, value, allowed ?? `an integer from ${min} to ${max}`);
  return value;
}

/** A finite number in [min, max]; `fallback` when absent. */
export function readNumber(
  value: unknown,
  field: string,
  fallback: number,
  min = Number.NEGATIVE_INFINITY,
  max = Number.POSITIVE_INFINITY,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    const bounds = [
      Number.isFinite(min) ? `≥ ${min}` : '',
      Number.isFinite(max) ? `≤ ${max}` : '',
    ].filter(Boolean);
    throw invalid(
      field,
      value,
      bounds.length ? `a number ${bounds.join(' and ')}` : 'a finite number',
    );
  }
  return value;
}

/** A string; `undefined` when absent. */
export function readText(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(field, value, 'a string');
  return value;
}

/** true or false; `fallback` when absent. */
export function readBoolean(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalid(field, value, 'true or false');
  return value;
}

/** One of `choices`; `fallback` when absent (undefined means the field is required). */
export function readChoice<T extends string>(
  value: unknown,
  field: string,
  choices: readonly T[],
  fallback?: T,
): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value))
    throw invalid(field, value, `one of ${choices.join(', ')}`);
  return value as T;
}

/** The prefix of a nested object's fields: `nested('[2].', 'utilities')` is "[2].utilities.". */
export function nested(where: string, name: string): string {
  return `${where}${name}.`;
}
