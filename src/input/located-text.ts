import { createRequire } from 'node:module';
import type * as Jsonc from 'jsonc-parser';
import { INPUT_LIMITS, linePosition } from './input-bytes.ts';
import { InputError, invalid, showValue } from './input-error.ts';

// What the JSON and the YAML parsers of input files share: the parsed file that locates its
// fields, positions, and the bracket scan that refuses deep nesting before either recurses.

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
 * A library caller's file text and path (`parseScenario`, `parseBaseline`), refused unless both
 * are strings: the text as `text` (bytes read without an encoding said to be bytes), the path
 * as `path`, rather than a TypeError from the parser.
 */
export function checkFileText(text: unknown, path: unknown): void {
  if (typeof text !== 'string')
    throw new InputError(
      `text: ${text instanceof Uint8Array ? 'bytes (a Buffer)' : showValue(text)} is not allowed (expected the file's text, a string: readFileSync(path, 'utf8'))`,
      'text',
    );
  if (typeof path !== 'string')
    throw invalid('path', path, "the file's path, which its problems are named by");
}

/**
 * Where `JSON.parse` stopped in `text`, as `path:line:col`, and why: see `jsonSyntaxProblem`.
 * @example jsonSyntaxError(new SyntaxError('Unterminated string in JSON at position 9'), '{\n  "a": "b', 'p.json') // { at: "p.json:2:8", reason: "Unterminated string" }
 */
export function jsonSyntaxError(
  error: unknown,
  text: string,
  path: string,
): { at: string; reason: string } {
  const { line, col, reason } = jsonSyntaxProblem(error, text);
  return { at: `${path}:${line}:${col}`, reason };
}

/**
 * Where `JSON.parse` stopped in `text` (1-based; from its "at position N" or "(line L column
 * C)"; the end of the text for "Unexpected end of JSON input"; where jsonc-parser finds the
 * first error for V8's "Unexpected token 'x', "…" is not valid JSON", which has no position),
 * and why, without the position or the quoted text.
 * @example jsonSyntaxProblem(new SyntaxError('Unterminated string in JSON at position 9'), '{\n  "a": "b') // { line: 2, col: 8, reason: "Unterminated string" }
 */
export function jsonSyntaxProblem(
  error: unknown,
  text: string,
): { line: number; col: number; reason: string } {
  const message = error instanceof Error ? error.message : String(error);
  const offset = /at position (\d+)/.exec(message);
  const lineCol = /\(line (\d+) column (\d+)\)/.exec(message);
  const at = lineCol
    ? { line: Number(lineCol[1]), col: Number(lineCol[2]) }
    : linePosition(
        text,
        offset
          ? Number(offset[1])
          : /end of JSON input/.test(message)
            ? text.length
            : firstJsonErrorOffset(text),
      );
  const reason = message
    .replace(/ in JSON at position \d+.*$/, '')
    .replace(/ \(line \d+ column \d+\)$/, '')
    .replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '');
  return { ...at, reason };
}

/**
 * The offset of the first syntax error jsonc-parser finds in a JSON text (comments refused, as
 * JSON refuses them), or 0. Its parser is required here, not imported: only a file with an
 * error pays for it.
 */
function firstJsonErrorOffset(text: string): number {
  const jsonc = createRequire(import.meta.url)('jsonc-parser') as typeof Jsonc;
  const errors: Jsonc.ParseError[] = [];
  jsonc.parse(text, errors, { disallowComments: true });
  return errors[0]?.offset ?? 0;
}

/** The message of a file nested deeper than `INPUT_LIMITS.nesting`. */
export function nestingMessage(): string {
  return `nested too deeply (expected at most ${INPUT_LIMITS.nesting} levels of arrays and objects)`;
}

/**
 * The message of a key written twice in one mapping of a JSON or YAML file, located at the
 * second: the key by its field, and the line and column of the first (two on one line, `{ a: 1,
 * a: 2 }`, are told apart by it).
 * @example duplicateKeyMessage('threats.guard', { line: 5, col: 3 }) // "threats.guard: written twice (expected each key once in its mapping; its first is at 5:3)"
 */
export function duplicateKeyMessage(
  field: string,
  first: { readonly line: number; readonly col: number },
): string {
  return `${field}: written twice (expected each key once in its mapping; its first is at ${first.line}:${first.col})`;
}

/** `path:line:col` of offsets in `text`. */
export function positions(text: string, path: string): (offset: number) => string {
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
export function scanBrackets(text: string): { tooDeep: number | undefined; colons: number } {
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

/** A parsed file whose fields `locate` finds (`key`: point at the field's name, not its value). */
export function sourceOf(
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
