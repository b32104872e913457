import type { z } from '#zod';
import { type FieldPath, fieldName } from './field-path.ts';
import { InputError, showValue } from './input-error.ts';

/** A problem the schema found: where it is (the key itself for an unknown field) and what it says. */
export interface SchemaProblem {
  readonly path: FieldPath;
  /** Point at the field's key rather than its value. */
  readonly atKey: boolean;
  readonly field: string;
  readonly message: string;
  /** What is allowed, for a value refused ("… is not allowed (expected …)"): as `invalid()` keeps it. */
  readonly allowed?: string;
}

/**
 * Turns zod's issues into the house messages: `field: value is not allowed (expected …)`,
 * `field: missing (expected …)`, `field: no such field (did you mean …? the fields here are …)`.
 * The "expected …" text is each check's own `error` in schema.ts (or, for a check declared
 * without one, {@link expectedOf}'s words); the fields allowed come from the schema itself,
 * walked along the path (`value` picks the branch of a union).
 */
export function issueProblems(
  issues: readonly z.core.$ZodIssue[],
  schema: z.ZodType,
  value: unknown,
): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  // The fields an unknown one is taken for (`actoins`, did you mean actions?): their own
  // "missing" is the same typo, said once by the unknown field.
  const meant = new Set<string>();
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const field = fieldName(path) || 'the file';
    if (issue.code === 'unrecognized_keys') {
      const allowed = fieldsAt(schema, path, value);
      for (const key of issue.keys) {
        const at = [...path, key];
        const near = allowed.filter((name) => similar(name, key));
        const hint = near.length ? `did you mean ${near.join(' or ')}? ` : '';
        for (const name of near) meant.add(fieldName([...path, name]));
        problems.push({
          path: at,
          atKey: true,
          field: fieldName(at),
          message: `${fieldName(at)}: no such field (${hint}the fields here are ${allowed.join(', ')})`,
        });
      }
      continue;
    }
    if (issue.code === 'invalid_key') {
      const key = path[path.length - 1];
      problems.push({
        path,
        atKey: true,
        field,
        message: `${field}: the name ${JSON.stringify(key)} is not allowed (expected a name of letters, digits, - and _, starting with a letter)`,
      });
      continue;
    }
    const found = valueAt(value, path);
    const expected = expectedOf(issue);
    if (
      found === undefined &&
      (issue.code === 'invalid_type' ||
        issue.code === 'invalid_union' ||
        issue.code === 'invalid_value')
    ) {
      problems.push({
        path,
        atKey: true,
        field,
        message: `${field}: missing (expected ${expected})`,
      });
      continue;
    }
    problems.push({
      path,
      atKey: false,
      field,
      message: `${field}: ${showValue(found)} is not allowed (expected ${expected})`,
      allowed: expected,
    });
  }
  return problems.filter(
    (p) => !(meant.has(p.field) && p.message.startsWith(`${p.field}: missing (`)),
  );
}

/**
 * Zod's own (English) wording of an issue: what a check declared without an `error` says. The
 * house `error`s are lowercase words ("an integer from 1 to 50"), so none starts like these.
 */
const ZOD_DEFAULT = /^(Invalid|Too small|Too big|Unrecognized key)/;

/** Zod's names of types, as the house messages say them. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: 'an object',
  record: 'an object',
  array: 'an array',
  tuple: 'an array',
  number: 'a number',
  int: 'an integer',
  bigint: 'an integer',
  string: 'text',
  boolean: 'true or false',
  null: 'null',
  undefined: 'nothing',
  date: 'a date',
};

/**
 * The "expected …" text of an issue: its check's own `error`, or, where the check has none and
 * zod's default wording would leak ("Invalid input: expected object, received null"), what it
 * expected in house words, read from the issue itself. So a schema declared without an
 * `error` still gives a house message.
 * @example expectedOf({ code: 'invalid_type', expected: 'object', message: 'Invalid input: expected object, received number', path: [] }) // "an object"
 */
export function expectedOf(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? `a value of type ${issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? JSON.stringify(issue.values[0])
        : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = Number(small ? issue.minimum : issue.maximum);
      const inclusive = issue.inclusive !== false;
      const most = small
        ? inclusive
          ? 'at least'
          : 'more than'
        : inclusive
          ? 'at most'
          : 'fewer than';
      if (issue.origin === 'array' || issue.origin === 'set') return `${most} ${bound} items`;
      if (issue.origin === 'string') return `text of ${most} ${bound} characters`;
      return `a number ${small ? (inclusive ? '≥' : '>') : inclusive ? '≤' : '<'} ${bound}`;
    }
    case 'invalid_union': {
      // Each branch's own type, where the value is not even that: "a number or an object".
      const kinds = issue.errors
        .map((branch) => branch.find((i) => i.path.length === 0 && i.code === 'invalid_type'))
        .map((i) => (i ? expectedOf(i) : undefined));
      const shown = [...new Set(kinds)];
      return shown.every((k) => k !== undefined) && shown.length > 0
        ? shown.join(' or ')
        : 'one of the allowed forms (see the documentation)';
    }
    case 'invalid_format':
      return `text in the ${issue.format} format`;
    case 'not_multiple_of':
      return `a multiple of ${issue.divisor}`;
    default:
      return 'a value of the documented form';
  }
}

/** The value at a path of a parsed document (undefined where it stops). */
export function valueAt(value: unknown, path: FieldPath): unknown {
  let node = value;
  for (const step of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node;
}

/**
 * Validates a spec (parsed JSON or YAML, or options built by code) with its zod schema, and
 * returns what the schema makes of it. The first problem, an unknown field before any other,
 * is thrown as an InputError in the house message; `where` prefixes its field ("[2]." for the
 * third spec of a file) so a file reader can point at it.
 * @example parseSpec(z.strictObject({ n: z.number() }), { n: 1 }) // { n: 1 }
 */
export function parseSpec<S extends z.ZodType>(schema: S, input: unknown, where = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = issueProblems(result.error.issues, schema, input);
  const first = problems.find((p) => p.atKey && / no such field /.test(p.message)) ?? problems[0]!;
  if (first.path.length > 0)
    throw new InputError(`${where}${first.message}`, `${where}${first.field}`, {
      allowed: first.allowed,
    });
  // The spec itself is not what its schema wants (not an object, say).
  const field = where.replace(/\.$/, '') || 'spec';
  throw new InputError(first.message.replace(/^the file:/, `${field}:`), field, {
    allowed: first.allowed,
  });
}

/** Minimal view of a zod schema's definition, enough to walk it. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The field names of the object schema at `path`, or [] where there is none. */
function fieldsAt(schema: z.ZodType, path: FieldPath, root: unknown): string[] {
  let node: z.ZodType | undefined = schema;
  let value = root;
  const unwrap = (s: z.ZodType, v: unknown): z.ZodType | undefined => {
    let current: z.ZodType | undefined = s;
    for (let guard = 0; current && guard < 20; guard++) {
      const def = defOf(current);
      if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')
        current = def.innerType;
      else if (def.type === 'pipe') current = def.in;
      else if (def.type === 'union') {
        const options: z.ZodType[] = def.options ?? [];
        const objects = options.filter((o) => defOf(o).type === 'object');
        const disc = def.discriminator;
        if (disc && v && typeof v === 'object') {
          const want = (v as Record<string, unknown>)[disc];
          current =
            objects.find((o) => {
              const d = defOf(defOf(o).shape?.[disc] as z.ZodType);
              return (d as unknown as { values?: unknown[] }).values?.includes(want);
            }) ?? objects[0];
        } else current = objects[0] ?? options[0];
      } else return current;
    }
    return current;
  };
  node = unwrap(node, value);
  for (const step of path) {
    if (!node) return [];
    const def = defOf(node);
    value =
      value && typeof value === 'object'
        ? (value as Record<string | number, unknown>)[step]
        : undefined;
    if (def.type === 'object') node = def.shape?.[String(step)];
    else if (def.type === 'record') node = def.valueType;
    else if (def.type === 'array') node = def.element;
    else if (def.type === 'tuple') node = def.items?.[Number(step)];
    else return [];
    node = node ? unwrap(node, value) : undefined;
  }
  if (!node) return [];
  const def = defOf(node);
  if (def.type === 'record') {
    // A partial record keyed by an enum (the grid axes): its keys are the enum's values.
    const key = (def as unknown as { keyType?: z.ZodType }).keyType;
    const values = key
      ? (defOf(key) as unknown as { entries?: Record<string, string> }).entries
      : undefined;
    return values ? Object.values(values) : [];
  }
  return def.type === 'object' ? Object.keys(def.shape ?? {}) : [];
}

/**
 * Close enough to suggest: same letters ignoring case, one the start of the other (4 letters at
 * least: `boosts` for `boostsPerRoll`), or at most 2 edits apart.
 * @example similar('actoins', 'actions') // true
 */
export function similar(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x === y) return true;
  if (Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x))) return true;
  if (Math.abs(a.length - b.length) > 2) return false;
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(
        row[j]! + 1,
        row[j - 1]! + 1,
        diagonal + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return row[b.length]! <= 2;
}
