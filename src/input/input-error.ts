/**
 * Bad input from a user (a flag, a roll spec, a scenario file). Its message is one line naming
 * the field, the value and what is allowed; the CLI prints it and exits with status 2.
 * `field` (e.g. "dice[0].sides") lets a file reader point at the line and column; `allowed`
 * (set by `invalid()`: "at most one area die a roll") lets a surface whose input became
 * that field (the CLI's dice notation) say the refusal of its own input, `invalid(its, typed,
 * error.allowed)`, rather than reading the message; `naming` (see `namingFields()`) lets it
 * name the other fields the message names (its advice's) as its input does.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
  readonly field: string | undefined;
  readonly allowed: string | undefined;
  /**
   * The message again with the fields it names besides its own named by `name` (the CLI's
   * flags); undefined when it names none. The message names them as the library does.
   */
  readonly naming: ((name: (field: string) => string) => string) | undefined;

  constructor(
    message: string,
    field?: string,
    more: { readonly allowed?: string | undefined; readonly naming?: InputError['naming'] } = {},
  ) {
    super(message);
    this.field = field;
    this.allowed = more.allowed;
    this.naming = more.naming;
  }
}

/**
 * An InputError whose message names fields besides its own (what to lower: "allow fewer +2s
 * a roll (boostsPerRoll, boostSize)"), said as the library names them; a surface says it with
 * its own names through `naming`.
 * @example namingFields((name) => `lower the Aura cap (${name('auraMax')})`).naming?.((field) => field.toUpperCase()) // "lower the Aura cap (AURAMAX)"
 */
export function namingFields(
  naming: NonNullable<InputError['naming']>,
  field?: string,
): InputError {
  return new InputError(
    naming((named) => named),
    field,
    { naming },
  );
}

/**
 * The standard bad-input message, what is allowed kept as `allowed`.
 * @example invalid('dice[0].sides', 7, 'one of 2, 4, 6, 8, 10, 12').message
 * // "dice[0].sides: 7 is not allowed (expected one of 2, 4, 6, 8, 10, 12)"
 * @example invalid('dice[2].area', true, 'at most one area die a roll').allowed // "at most one area die a roll"
 */
export function invalid(field: string, value: unknown, allowed: string): InputError {
  return new InputError(
    `${field}: ${showValue(value)} is not allowed (expected ${allowed})`,
    field,
    { allowed },
  );
}

/**
 * An InputError about a field, its field named as one inside `parent` ("options." and "aura":
 * "options.aura: …"), for a caller whose input holds what was checked; any other error as it is.
 * @example fieldWithin(invalid('aura', 6, 'at most 5'), 'options.').message // "options.aura: 6 is not allowed (expected at most 5)"
 */
export function fieldWithin(error: unknown, parent: string): unknown {
  if (!(error instanceof InputError) || error.field === undefined) return error;
  if (!error.message.startsWith(`${error.field}:`)) return error;
  const { allowed, naming } = error;
  return new InputError(`${parent}${error.message}`, `${parent}${error.field}`, {
    allowed,
    naming: naming && ((name) => `${parent}${naming(name)}`),
  });
}

/**
 * A missing field: "expectations[2].of.vs: missing (expected …)".
 * @example missing('tn', 'an integer from 1 to 60').message // "tn: missing (expected an integer from 1 to 60)"
 */
export function missing(field: string, expected: string): InputError {
  return new InputError(`${field}: missing (expected ${expected})`, field);
}

/** Most characters of a value quoted in a message: a 50 MB string is shown by its start. */
export const SHOWN_VALUE_CHARS = 60;

/**
 * A value as a message quotes it: strings in JSON quotes, objects as JSON, anything longer than
 * {@link SHOWN_VALUE_CHARS} cut, with its full length said.
 * @example showValue('x'.repeat(1e6)) // '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"... (1000000 characters)'
 * @example showValue([1, 2]) // '[1,2]'
 * @example showValue(null) // "null (an empty value)"
 * @example showValue(Number.POSITIVE_INFINITY) // "Infinity (past the largest number, 1.8e+308)"
 * @example showValue([1, 2n]) // '[1,"2n"]'
 */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  // YAML's `key:` with nothing after it is null too: say what it looks like in the file.
  if (value === null) return 'null (an empty value)';
  // A file's 1e309 is read as Infinity: say why, as the file does not say Infinity.
  if (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY)
    return `${value} (past the largest number, ${Number.MAX_VALUE.toPrecision(2)})`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string')
    return value.length > SHOWN_VALUE_CHARS
      ? `${JSON.stringify(value.slice(0, SHOWN_VALUE_CHARS - 3))}... (${value.length} characters)`
      : JSON.stringify(value);
  const json = asJson(value);
  return json.length > SHOWN_VALUE_CHARS ? `${json.slice(0, SHOWN_VALUE_CHARS - 3)}...` : json;
}

/**
 * A value in JSON as a message shows it; a library caller's bigint (a Dist's weight) or a cycle,
 * which JSON.stringify throws on, is shown as far as it can be rather than throwing instead.
 */
function asJson(value: unknown): string {
  try {
    const json = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v));
    return json ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
