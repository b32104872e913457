import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { z } from '#zod';
import { splitExample } from './doc-example-text.ts';

/**
 * Every `@example` in the doc comments of src/ is run, and its result checked against the one
 * the comment states (`// result`, on its line or the next). How a stated result reads:
 * - a JS value; objects are matched on the fields they state, arrays element by element;
 * - `0.4166…`: the value to the digits shown (truncated or rounded); `"text…"`: the text starts so;
 *   `[a, b, …]`: the list starts so; a number with decimals is the value rounded to them;
 * - `throws "message…"`: running it throws that message;
 * - words after the value (`0 (critical success)`, `1 − (36/64)² = 0.68359375`) explain it:
 *   the value is the longest part that reads as one (after the last " = " when there is one).
 * An example that cannot run says so in its result: `// not run: why`.
 */

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

interface Example {
  readonly file: string;
  readonly line: number;
  readonly code: string;
  readonly expected: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The examples of a file: each `@example`'s text up to the next tag or the comment's end. */
function examplesOf(file: string): Example[] {
  const text = readFileSync(file, 'utf8');
  const examples: Example[] = [];
  for (const comment of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const body = comment[1]!;
    const start = text.slice(0, comment.index).split('\n').length;
    const lines = body.split('\n').map((l) => l.replace(/^\s*\* ?/, ''));
    lines.forEach((line, i) => {
      const at = line.indexOf('@example');
      if (at < 0) return;
      const block = [line.slice(at + '@example'.length)];
      for (const next of lines.slice(i + 1)) {
        if (/^\s*@\w/.test(next)) break;
        block.push(next);
      }
      examples.push({ file: relative(ROOT, file), line: start + i, ...splitExample(block) });
    });
  }
  return examples;
}

const MORE = Symbol('more elements');
class Truncated {
  constructor(readonly digits: string) {}
}
class Prefix {
  constructor(readonly text: string) {}
}

/**
 * A stated result as a value to match: ellipses become truncations and prefixes; `scope` holds
 * the names it may use (a constant of the module, say).
 */
function readExpected(text: string, scope: ReadonlyMap<string, unknown>): unknown {
  const stated = text.includes(' = ') ? text.slice(text.lastIndexOf(' = ') + 3) : text;
  const source = stated
    .replace(/^−/, '-')
    .replace(/(-?\d+(?:\.\d+)?)…/g, (_, digits: string) => `new Truncated('${digits}')`)
    .replace(
      /(["'])((?:(?!\1).)*)…\1/g,
      (_, quote: string, body: string) => `new Prefix(${quote}${body}${quote})`,
    )
    .replace(/,\s*…\s*\]/g, ', MORE]');
  // The longest start of the text that reads as a value: the rest explains it.
  for (let end = source.length; end > 0; end--) {
    try {
      return new Function(
        'Truncated',
        'Prefix',
        'MORE',
        ...scope.keys(),
        `return (${source.slice(0, end)});`,
      )(Truncated, Prefix, MORE, ...scope.values());
    } catch {}
  }
  throw new Error(`cannot read the stated result ${JSON.stringify(text)}`);
}

function decimals(x: number): number {
  const s = String(x);
  return s.includes('e') ? 17 : (s.split('.')[1]?.length ?? 0);
}

/** Does `actual` match the stated value? Returns a reason when it does not. */
function mismatch(actual: unknown, wanted: unknown, path = 'result'): string | undefined {
  if (wanted instanceof Truncated) {
    const d = wanted.digits.split('.')[1]?.length ?? 0;
    if (typeof actual !== 'number') return `${path}: ${String(actual)} is not a number`;
    return Math.abs(actual - Number(wanted.digits)) < 10 ** -d
      ? undefined
      : `${path}: ${actual} is not ${wanted.digits}…`;
  }
  if (wanted instanceof Prefix)
    return typeof actual === 'string' && actual.startsWith(wanted.text)
      ? undefined
      : `${path}: ${JSON.stringify(actual)} does not start ${JSON.stringify(wanted.text)}`;
  if (typeof wanted === 'number') {
    if (typeof actual !== 'number') return `${path}: ${String(actual)} is not ${wanted}`;
    const d = decimals(wanted);
    const close =
      Math.abs(actual - wanted) <= 1e-9 * Math.max(1, Math.abs(wanted)) ||
      (d > 0 && d < 12 && Math.abs(actual - wanted) <= 0.5 * 10 ** -d);
    return close ? undefined : `${path}: ${actual} is not ${wanted}`;
  }
  if (Array.isArray(wanted)) {
    if (ArrayBuffer.isView(actual))
      return mismatch(Array.from(actual as Uint32Array), wanted, path);
    if (!Array.isArray(actual)) return `${path}: ${JSON.stringify(actual)} is not a list`;
    const more = wanted[wanted.length - 1] === MORE;
    const items = more ? wanted.slice(0, -1) : wanted;
    if (more ? actual.length < items.length : actual.length !== items.length)
      return `${path}: ${actual.length} items, not ${items.length}${more ? ' or more' : ''}`;
    for (const [i, item] of items.entries()) {
      const why = mismatch(actual[i], item, `${path}[${i}]`);
      if (why) return why;
    }
    return undefined;
  }
  if (wanted !== null && typeof wanted === 'object') {
    if (actual === null || typeof actual !== 'object')
      return `${path}: ${String(actual)} is not an object`;
    for (const [key, value] of Object.entries(wanted)) {
      const why = mismatch((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
      if (why) return why;
    }
    return undefined;
  }
  return Object.is(actual, wanted)
    ? undefined
    : `${path}: ${JSON.stringify(actual, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))} is not ${String(wanted)}`;
}

const files = sourceFiles(SRC).sort();
const examples = files.flatMap(examplesOf);

/** Every export of src/, by name, for the examples' code; a module's own exports come first. */
const modules = new Map<string, Record<string, unknown>>();
/** Modules that run only in a browser (they read `location`, or listen as a worker), and why. */
const browserOnly = new Map<string, string>();
for (const file of files) {
  const name = relative(ROOT, file);
  try {
    modules.set(name, await import(pathToFileURL(file).href));
  } catch (error) {
    browserOnly.set(name, (error as Error).message);
  }
}
/** The package's public entries (package.json `exports`): they reuse the engine's names (`advise`, `simulate`). */
const isEntry = (file: string) => file === 'src/index.ts' || file.startsWith('src/api/');
/**
 * What examples may use besides src/'s exports: zod, whose schemas some examples build, and the
 * YAML parser's parseDocument, for the helpers that read its documents. A name means the engine's
 * module before a public entry's wrapper of it.
 */
const everyExport = new Map<string, unknown>([
  ['z', z],
  ['parseDocument', parseDocument],
]);
for (const [, exports] of [...modules].sort(([a], [b]) => Number(isEntry(a)) - Number(isEntry(b))))
  for (const [name, value] of Object.entries(exports))
    if (name !== 'default' && !everyExport.has(name)) everyExport.set(name, value);

/** The names an example may use: every export of src/, its own module's first. */
function scopeOf(example: Example): Map<string, unknown> {
  const scope = new Map(everyExport);
  for (const [name, value] of Object.entries(modules.get(example.file) ?? {}))
    if (name !== 'default') scope.set(name, value);
  return scope;
}

async function run(example: Example): Promise<unknown> {
  const scope = scopeOf(example);
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<unknown>;
  return new AsyncFunction(...scope.keys(), `return (${example.code});`)(...scope.values());
}

describe('the @examples of src/', () => {
  it('are found (one per example tag); only the page has modules Node cannot import', () => {
    expect(examples.length).toBeGreaterThan(100);
    for (const file of browserOnly.keys()) expect(file).toMatch(/^src\/page\//);
    for (const e of examples) expect(e.code, `${e.file}:${e.line}`).not.toBe('');
  });

  for (const example of examples) {
    const where = `${example.file}:${example.line}: ${example.code.split('\n')[0]}`;
    const notRun = /^not run: (.*)$/.exec(example.expected);
    if (notRun) {
      it.skip(`${where} (not run: ${notRun[1]})`, () => {});
      continue;
    }
    it(where, async () => {
      expect(browserOnly.get(example.file), 'its module imports in Node').toBeUndefined();
      expect(example.expected, 'the example states its result').not.toBe('');
      const throws = /^throws (.*)$/.exec(example.expected);
      if (throws) {
        const wanted = readExpected(throws[1]!, scopeOf(example));
        await expect(run(example)).rejects.toThrow();
        const error = await run(example).catch((e: unknown) => e);
        expect(mismatch((error as Error).message, wanted)).toBeUndefined();
        return;
      }
      const actual = await run(example);
      expect(mismatch(actual, readExpected(example.expected, scopeOf(example)))).toBeUndefined();
    }, 60_000);
  }
});
