/**
 * Bad input from a user (a flag, a roll spec, a scenario file). Its message is one line naming
 * the field, the value and what is allowed; the CLI prints it and exits with status 2.
 * `field` (e.g. "dice[0].sides") lets a file reader point at the line and column.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

/**
 * The standard bad-input message.
 * @example invalid('dice[0].sides', 7, 'one of 2, 4, 6, 8, 10, 12').message
 * // "dice[0].sides: 7 is not allowed (expected one of 2, 4, 6, 8, 10, 12)"
 */
export function invalid(field: string, value: unknown, allowed: string): InputError {
  return new InputError(`${field}: ${shown(value)} is not allowed (expected ${allowed})`, field);
}

/**
 * A missing field: "expectations[2].of.vs: missing (expected …)".
 * @example missing('tn', 'an integer from 1 to 60').message // "tn: missing (expected an integer from 1 to 60)"
 */
export function missing(field: string, expected: string): InputError {
  return new InputError(`${field}: missing (expected ${expected})`, field);
}

/**
 * A value as a message shows it: text quoted, lists and mappings as short JSON.
 * @example shown(null) // "null (an empty value)"
 */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null (an empty value)';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
