import { createRequire } from 'node:module';
import type { visit } from 'jsonc-parser';
import { type FieldPath, fieldName, fieldPath } from './field-path.ts';
import { INPUT_LIMITS, isJsonPath, linePosition } from './input-bytes.ts';
import { InputError } from './input-error.ts';
import type { InputSource } from './located-text.ts';
import {
  duplicateKeyMessage,
  jsonSyntaxError,
  nestingMessage,
  positions,
  scanBrackets,
  sourceOf,
} from './located-text.ts';

/**
 * Parses a file's text: a `.json` file with `JSON.parse` (fast: a 3,500-spec file in
 * milliseconds), positions worked out only when a field has to be located; anything else —
 * and JSON that `JSON.parse` refuses, or with a duplicate key — as YAML (JSON is YAML too),
 * whose messages name the problem (a `.json` file's syntax error in JSON's words). A syntax
 * error, a duplicate key, nesting deeper than `INPUT_LIMITS.nesting` or a YAML alias bomb is an
 * InputError with `path:line:col`.
 * Pure: the caller reads the file (see `decodeUtf8`, `inputSizeProblem`). The YAML parser
 * loads only for a file that needs it: a JSON spec file does not pay for it.
 * @example (await parseInputSource('{"dice": 7}', 'roll.json')).locate('dice') // "roll.json:1:10"
 */
export async function parseInputSource(text: string, path: string): Promise<InputSource> {
  const place = positions(text, path);
  const scan = scanBrackets(text);
  if (scan.tooDeep !== undefined)
    throw new InputError(`${place(scan.tooDeep)}: ${nestingMessage()}`);
  if (isJsonPath(path)) {
    const json = parseJson(text, scan.colons, path, place);
    if (json) return json;
  }
  return (await import('./yaml-source.ts')).parseYamlSource(text, path);
}

/**
 * The JSON fast path: the value, with a locator that finds positions only when asked; or
 * undefined when the text is not plain JSON (YAML then parses it, and says what is wrong).
 */
function parseJson(
  text: string,
  colons: number,
  path: string,
  place: (offset: number) => string,
): InputSource | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (text.length <= INPUT_LIMITS.yamlBytes) return undefined;
    // Too big for the YAML parser: JSON.parse's own words, at its position, as YAML would.
    const { at, reason } = jsonSyntaxError(error, text, path);
    throw new InputError(`${at}: not JSON (${reason})`);
  }
  const duplicate = duplicateJsonKey(text, value, colons);
  if (duplicate) {
    const first = linePosition(text, duplicate.first);
    throw new InputError(
      `${place(duplicate.offset)}: ${duplicateKeyMessage(fieldName(duplicate.path), first)}`,
    );
  }
  const locate = jsonLocator(text, path);
  return sourceOf(path, value, (field) => locate(fieldPath(field)));
}

/**
 * `path:line:col` of the value at a path of a JSON text (of its nearest existing parent; the
 * file's start when there is none). Reads the text again each call: for a message, not a loop.
 * @example jsonLocator('{"seed": -1}', 'b.json')(['seed']) // "b.json:1:10"
 */
export function jsonLocator(text: string, path: string): (steps: FieldPath) => string {
  const place = positions(text, path);
  return (steps) => {
    const offset = jsonOffset(text, steps);
    return offset === undefined ? `${path}:1:1` : place(offset);
  };
}

/** Keys of every object in a parsed JSON value (iteratively: no recursion, no arrays made per object). */
function keyCount(value: unknown): number {
  let keys = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      // Indexed: a cold for-of makes an object per element.
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (x !== null && typeof x === 'object') stack.push(x);
      }
      continue;
    }
    for (const key in v) {
      keys++;
      const x = (v as Record<string, unknown>)[key];
      if (x !== null && typeof x === 'object') stack.push(x);
    }
  }
  return keys;
}

/**
 * jsonc-parser's visitor, loaded the first time a position is looked for: a JSON file with
 * nothing wrong never needs it (required, not imported, so the load waits for the need).
 */
function visitJson(...args: Parameters<typeof visit>): ReturnType<typeof visit> {
  const parser = createRequire(import.meta.url)('jsonc-parser') as { visit: typeof visit };
  return parser.visit(...args);
}

/** A key written twice in one object of a JSON text (`JSON.parse` keeps the last, silently). */
export interface DuplicateKey {
  /** The key's path: its object's, then the key ("files", "a.yaml", "pWin of …"). */
  readonly path: FieldPath;
  /** Offsets of the key written again, and of its first appearance. */
  readonly offset: number;
  readonly first: number;
}

/**
 * The first key of a JSON text that repeats one of its object's, or undefined; `value` is the
 * text as `JSON.parse` read it. Cheap when no key repeats: the value's keys are counted against
 * the text's colons (`scanBrackets`: one per key in JSON), and only when they differ is the text
 * walked again.
 * @example duplicateJsonKey('{"a": 1, "a": 2}', { a: 2 })?.path // ["a"]
 */
export function duplicateJsonKey(
  text: string,
  value: unknown,
  colons = scanBrackets(text).colons,
): DuplicateKey | undefined {
  if (keyCount(value) === colons) return undefined;
  const open: Map<string, number>[] = [];
  let found: DuplicateKey | undefined;
  visitJson(text, {
    onObjectBegin: () => {
      open.push(new Map());
    },
    onObjectEnd: () => {
      open.pop();
    },
    onObjectProperty: (key, offset, _l, _line, _col, path) => {
      const keys = open.at(-1)!;
      const first = keys.get(key);
      if (first === undefined) keys.set(key, offset);
      else found ??= { path: [...path(), key], offset, first };
    },
  });
  return found;
}

/** The offset of the value at `steps` in a JSON text, or of its nearest existing parent. */
function jsonOffset(text: string, steps: readonly (string | number)[]): number | undefined {
  let best: { depth: number; offset: number } | undefined;
  const consider = (offset: number, at: readonly (string | number)[]): boolean => {
    const matches = at.length <= steps.length && at.every((step, i) => step === steps[i]);
    if (matches && (best === undefined || at.length > best.depth))
      best = { depth: at.length, offset };
    return matches;
  };
  // Subtrees off the path are skipped (returning false), which needs both end callbacks.
  const end = () => {};
  visitJson(text, {
    onObjectBegin: (offset, _l, _line, _col, path) => consider(offset, path()),
    onArrayBegin: (offset, _l, _line, _col, path) => consider(offset, path()),
    onObjectEnd: end,
    onArrayEnd: end,
    onLiteralValue: (_v, offset, _l, _line, _col, path) => {
      consider(offset, path());
    },
  });
  return best?.offset;
}
