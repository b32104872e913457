import { visit as visitJson } from 'jsonc-parser';
import { type Document, LineCounter, parseDocument, visit as visitYaml } from 'yaml';
import { InputError } from './input-error.ts';
import { fieldPath, nodeOffset } from './yaml-locator.ts';

/**
 * What one input file (a spec file, a scenario file, a partial result) may be, so that a
 * careless or hostile file is refused with a clear message before it costs minutes or memory.
 */
export const INPUT_LIMITS = {
  /** Bytes of a JSON file: `JSON.parse` reads 64 MiB in well under a second. */
  jsonBytes: 64 * 2 ** 20,
  /** Bytes of a YAML file: YAML keeps every node's position, about 1 s and 100 MB a MiB. */
  yamlBytes: 4 * 2 ** 20,
  /** Arrays and objects nested in each other; dicelab's own formats need fewer than 10. */
  nesting: 64,
  /** Alias expansions in one YAML file (a "billion laughs" file expands them exponentially). */
  yamlAliases: 100,
  /** Specs in one spec file: each is checked before any is worked out, and all are held. */
  specs: 100_000,
} as const;

/**
 * A user's JSON or YAML file, parsed, whose fields can be located, so that a problem found
 * later in its value can be reported as `path:line:col: message`.
 */
export interface InputSource {
  readonly path: string;
  readonly value: unknown;
  /** `path:line:col` of a field such as "[2].dice[0].sides" (the nearest existing parent). */
  locate(field: string): string;
  /** Rethrows an InputError with the position of its field; other errors pass unchanged. */
  located(error: unknown, prefix?: string): unknown;
}

/**
 * Why a file of `bytes` bytes is not read, or undefined when it may be: JSON (by default, a
 * `.json` name) up to `INPUT_LIMITS.jsonBytes`, anything else, parsed as YAML, up to
 * `yamlBytes`. For readers to ask before reading. O(1).
 * @example inputSizeProblem(5e6, 'big.yaml') // "big.yaml: 5,000,000 bytes is too big (expected at most 4,194,304 bytes for YAML; JSON may have 67,108,864)"
 */
export function inputSizeProblem(
  bytes: number,
  path: string,
  json = isJsonPath(path),
): string | undefined {
  const most = json ? INPUT_LIMITS.jsonBytes : INPUT_LIMITS.yamlBytes;
  if (bytes <= most) return undefined;
  const n = (x: number) => x.toLocaleString('en');
  return json
    ? `${path}: ${n(bytes)} bytes is too big (expected at most ${n(most)} bytes for JSON)`
    : `${path}: ${n(bytes)} bytes is too big (expected at most ${n(most)} bytes for YAML; JSON may have ${n(INPUT_LIMITS.jsonBytes)})`;
}

/**
 * A file's bytes as text, refusing bytes that are not UTF-8 (a Latin-1 file would otherwise
 * read as replacement characters) with the line, column and byte offset of the first one. A
 * leading byte-order mark is dropped. Pure: the caller reads the file. O(bytes).
 * @example decodeUtf8(Buffer.from('caf\xe9', 'latin1'), 'a.yaml')
 * // throws "a.yaml:1:4: byte 0xE9 at offset 3 is not UTF-8 (save the file as UTF-8)"
 */
export function decodeUtf8(bytes: Uint8Array, path: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Decoded leniently, each bad sequence becomes one U+FFFD; the first one that does not
    // stand for a real U+FFFD (EF BF BD) in the file is the first bad byte.
    const text = new TextDecoder('utf-8').decode(bytes);
    for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) {
      const offset = Buffer.byteLength(text.slice(0, i));
      if (bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)
        continue;
      const { line, col } = linePosition(text, i);
      const byte = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
      throw new InputError(
        `${path}:${line}:${col}: byte 0x${byte} at offset ${offset} is not UTF-8 (save the file as UTF-8)`,
      );
    }
    throw new InputError(`${path}: not UTF-8 (save the file as UTF-8)`);
  }
}

/**
 * Parses a file's text: a `.json` file with `JSON.parse` (fast: a 3,500-spec file in
 * milliseconds), positions worked out only when a field has to be located; anything else —
 * and JSON that `JSON.parse` refuses, or with a duplicate key — as YAML (JSON is YAML too),
 * whose messages name the problem. A syntax error, a duplicate key, nesting deeper than
 * `INPUT_LIMITS.nesting` or a YAML alias bomb is an InputError with `path:line:col`.
 * Pure: the caller reads the file (see `decodeUtf8`, `inputSizeProblem`).
 * @example parseInputSource('{"dice": 7}', 'roll.json').locate('dice') // "roll.json:1:10"
 */
export function parseInputSource(text: string, path: string): InputSource {
  const place = positions(text, path);
  const scan = scanBrackets(text);
  if (scan.tooDeep !== undefined)
    throw new InputError(`${place(scan.tooDeep)}: ${nestingMessage()}`);
  if (isJsonPath(path)) {
    const json = parseJson(text, scan.colons, path, place);
    if (json) return json;
  }
  return parseYamlSource(text, path);
}

/**
 * A YAML text parsed with positions, or every problem found: syntax (as the YAML parser says
 * it, with `uniqueKeys`), nesting deeper than `INPUT_LIMITS.nesting`, an alias bomb. Pure.
 * Shared by spec files and scenario files.
 */
export function parseYaml(text: string):
  | {
      readonly ok: true;
      readonly doc: Document;
      readonly lines: LineCounter;
      readonly value: unknown;
    }
  | { readonly ok: false; readonly problems: readonly YamlProblem[] } {
  const problem = (offset: number, message: string): YamlProblem => ({
    ...linePosition(text, offset),
    message,
  });
  const scan = scanBrackets(text);
  if (scan.tooDeep !== undefined)
    return { ok: false, problems: [problem(scan.tooDeep, nestingMessage())] };
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) =>
        problem(
          error.pos[0],
          // Block nesting too deep for the parser's own recursion.
          /call stack/i.test(error.message) ? nestingMessage() : error.message.split('\n')[0]!,
        ),
      ),
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: INPUT_LIMITS.yamlAliases });
  } catch (error) {
    if (!(error instanceof ReferenceError || error instanceof RangeError)) throw error;
    let offset = 0;
    visitYaml(doc, {
      Alias(_key, node) {
        offset = node.range?.[0] ?? 0;
        return visitYaml.BREAK;
      },
    });
    const message =
      error instanceof RangeError
        ? nestingMessage()
        : `aliases expand too many times (expected at most ${INPUT_LIMITS.yamlAliases} expansions; is this a YAML alias bomb?)`;
    return { ok: false, problems: [problem(offset, message)] };
  }
  const deep = pathDeeperThan(value, INPUT_LIMITS.nesting);
  if (deep) return { ok: false, problems: [problem(nodeOffset(doc, deep), nestingMessage())] };
  return { ok: true, doc, lines, value };
}

function nestingMessage(): string {
  return `nested too deeply (expected at most ${INPUT_LIMITS.nesting} levels of arrays and objects)`;
}

function isJsonPath(path: string): boolean {
  return /\.json$/i.test(path);
}

/** A problem of a YAML text, where it is (1-based). */
export interface YamlProblem {
  readonly line: number;
  readonly col: number;
  readonly message: string;
}

/** Line and column of an offset in `text` (1-based, counting UTF-16 units as the parsers do). */
function linePosition(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  let line = 1;
  for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) line++;
  return { line, col: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** `path:line:col` of offsets in `text`. */
function positions(text: string, path: string): (offset: number) => string {
  return (offset) => {
    const { line, col } = linePosition(text, offset);
    return `${path}:${line}:${col}`;
  };
}

/**
 * One pass over a text, skipping quoted strings and `#` comments: the first offset where
 * brackets nest deeper than the limit (before any parser recurses that deep), and the colons
 * outside strings (in valid JSON, one per key: with `JSON.parse`'s keys, a duplicate shows).
 */
function scanBrackets(text: string): { tooDeep: number | undefined; colons: number } {
  let depth = 0;
  let colons = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22 || d === 0x0a) break;
      }
    } else if (c === 0x27 /* ' */ && (i === 0 || /[\s[{,:]/.test(text[i - 1]!))) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x27 && text.charCodeAt(i) !== 0x0a; i++);
    } else if (c === 0x23 /* # */ && (i === 0 || /\s/.test(text[i - 1]!))) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > INPUT_LIMITS.nesting) return { tooDeep: i, colons };
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (depth > 0) depth--;
    } else if (c === 0x3a /* : */) colons++;
  }
  return { tooDeep: undefined, colons };
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
    // Too big for the YAML parser's messages: JSON.parse's own, at its position.
    const message = (error as Error).message;
    const at = /at position (\d+)/.exec(message);
    const where = at ? place(Number(at[1])) : `${path}:1:1`;
    throw new InputError(`${where}: ${message.replace(/ in JSON at position \d+.*$/, '')}`);
  }
  if (keyCount(value) !== colons) {
    const duplicate = firstDuplicateKey(text);
    if (duplicate !== undefined)
      throw new InputError(`${place(duplicate)}: Map keys must be unique`);
  }
  const locate = (field: string): string => {
    const offset = jsonOffset(text, fieldPath(field));
    return offset === undefined ? `${path}:1:1` : place(offset);
  };
  return sourceOf(path, value, locate);
}

function sourceOf(
  path: string,
  value: unknown,
  locate: (field: string, key?: boolean) => string,
): InputSource {
  return {
    path,
    value,
    locate: (field) => locate(field),
    located(error, prefix = '') {
      if (!(error instanceof InputError) || error.field === undefined) return error;
      const field = `${prefix}${error.field}`;
      // An unknown field is pointed at by its name, anything else by its value.
      const key = / no such field \(/.test(error.message);
      return new InputError(`${locate(field, key)}: ${error.message}`, field);
    },
  };
}

/** Keys of every object in a parsed JSON value (iteratively: no recursion). */
function keyCount(value: unknown): number {
  let keys = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    const values = Array.isArray(v) ? v : Object.values(v);
    if (!Array.isArray(v)) keys += values.length;
    for (const x of values) stack.push(x);
  }
  return keys;
}

/** The offset of the first key that repeats one of its object's, if any. */
function firstDuplicateKey(text: string): number | undefined {
  const open: Set<string>[] = [];
  let found: number | undefined;
  visitJson(text, {
    onObjectBegin: () => {
      open.push(new Set());
    },
    onObjectEnd: () => {
      open.pop();
    },
    onObjectProperty: (key, offset) => {
      const keys = open.at(-1)!;
      if (keys.has(key)) found ??= offset;
      keys.add(key);
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

/** The YAML path: positions kept from the start. */
function parseYamlSource(text: string, path: string): InputSource {
  const parsed = parseYaml(text);
  const place = positions(text, path);
  if (!parsed.ok) {
    const first = parsed.problems[0]!;
    throw new InputError(`${path}:${first.line}:${first.col}: ${first.message}`);
  }
  const { doc, value } = parsed;
  return sourceOf(path, value, (field, key) => place(nodeOffset(doc, fieldPath(field), { key })));
}

/** The path to an array or object nested deeper than `limit`, if any (iteratively). */
function pathDeeperThan(value: unknown, limit: number): (string | number)[] | undefined {
  const stack: { v: unknown; at: (string | number)[] }[] = [{ v: value, at: [] }];
  while (stack.length > 0) {
    const { v, at } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (at.length >= limit) return at;
    const entries: [string | number, unknown][] = Array.isArray(v)
      ? v.map((x, i) => [i, x])
      : Object.entries(v);
    for (const [k, x] of entries) stack.push({ v: x, at: [...at, k] });
  }
  return undefined;
}
