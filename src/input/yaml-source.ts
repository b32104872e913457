import {
  type Document,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit as visitYaml,
} from 'yaml';
import { collectionKey } from './collection-key.ts';
import { fieldName, fieldPath } from './field-path.ts';
import { INPUT_LIMITS, isJsonPath, linePosition } from './input-bytes.ts';
import { InputError } from './input-error.ts';
import {
  duplicateKeyMessage,
  type InputSource,
  jsonSyntaxProblem,
  nestingMessage,
  positions,
  scanBrackets,
  sourceOf,
} from './located-text.ts';
import { fieldAtOffset, nodeOffset } from './yaml-locator.ts';
import { placeSyntaxErrors } from './yaml-syntax.ts';
import { explicitTag, TAG_PARSE_OPTIONS } from './yaml-tag.ts';

// YAML files, and JSON that `JSON.parse` refuses: parsed with every position kept. Shared by
// spec files and scenario files.

/**
 * A YAML text parsed with positions, or every problem found: syntax (as the YAML parser says
 * it, with `uniqueKeys`), nesting deeper than `INPUT_LIMITS.nesting`, an alias bomb. Pure.
 * A key written twice is named by its field, at its second appearance.
 * A `json` file's syntax error is told in JSON's words, where `JSON.parse` stopped ("not JSON
 * (Expected ',' or '}' after property value)"): YAML's ("Flow map must end with a }") would
 * name a language the file is not written in. JSON that is YAML but not JSON still reads.
 * A syntax error is placed where the mistake is (`placeSyntaxErrors`).
 * Shared by spec files and scenario files.
 */
export function parseYaml(
  text: string,
  json = false,
):
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
  const doc = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
    ...TAG_PARSE_OPTIONS,
  });
  if (doc.errors.length > 0) {
    const notJson = json ? jsonSyntaxIfAny(text) : undefined;
    if (notJson) {
      const { reason, ...at } = notJson;
      return { ok: false, problems: [{ ...at, message: `not JSON (${reason})` }] };
    }
    return {
      ok: false,
      problems: placeSyntaxErrors(text, doc.errors).map((error) => {
        const twice = error.code === 'DUPLICATE_KEY' ? duplicateKey(doc, error.offset) : undefined;
        if (!twice) {
          const at = error.ofValue ? fieldAtOffset(doc, error.offset) : undefined;
          if (!at?.length) return problem(error.offset, error.message);
          const field = fieldName(at);
          return { ...problem(error.offset, `${field}: ${error.message}`), field };
        }
        const field = fieldName(twice.path);
        const first = linePosition(text, twice.first);
        return { ...problem(error.offset, duplicateKeyMessage(field, first)), field };
      }),
    };
  }
  const keyed = collectionKey(doc);
  if (keyed) return { ok: false, problems: [problem(keyed.offset, keyed.message)] };
  const tagged = explicitTag(doc);
  if (tagged) return { ok: false, problems: [problem(tagged.offset, tagged.message)] };
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

/** Where and why `JSON.parse` refuses a text, or undefined when it reads it. */
function jsonSyntaxIfAny(text: string): ReturnType<typeof jsonSyntaxProblem> | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return jsonSyntaxProblem(error, text);
  }
}

/** A problem of a YAML text, where it is (1-based). */
export interface YamlProblem {
  readonly line: number;
  readonly col: number;
  /** The field at fault, when there is one (a key written twice); absent for syntax. */
  readonly field?: string;
  readonly message: string;
}

/**
 * The key the parser found written twice at `offset` (where it reports a `DUPLICATE_KEY`): its
 * path ("threats", "guard") and the offset of its first appearance in the same mapping, or
 * undefined for a key with no plain name (a `? [a, b]` key: the parser's words then). Walks the
 * document iteratively.
 */
function duplicateKey(
  doc: Document,
  offset: number,
): { path: (string | number)[]; first: number } | undefined {
  const stack: { node: unknown; at: (string | number)[] }[] = [{ node: doc.contents, at: [] }];
  while (stack.length > 0) {
    const { node, at } = stack.pop()!;
    if (isSeq(node))
      for (const [i, item] of node.items.entries()) stack.push({ node: item, at: [...at, i] });
    if (!isMap(node)) continue;
    for (const [i, pair] of node.items.entries()) {
      if (!isPair(pair)) continue;
      const { key } = pair;
      if (!isScalar(key)) continue;
      if (key.range?.[0] === offset) {
        const first = node.items
          .slice(0, i)
          .find((p) => isScalar(p.key) && p.key.value === key.value)?.key;
        if (!isNode(first) || !first.range) return undefined;
        return { path: [...at, String(key.value)], first: first.range[0] };
      }
      stack.push({ node: pair.value, at: [...at, String(key.value)] });
    }
  }
  return undefined;
}

/** The YAML path: positions kept from the start. */
export function parseYamlSource(text: string, path: string): InputSource {
  const parsed = parseYaml(text, isJsonPath(path));
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
