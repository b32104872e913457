import {
  type Document,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Node,
  type SchemaOptions,
  visit as visitYaml,
} from 'yaml';
import { fieldName } from './field-path.ts';
import { showValue } from './input-error.ts';

/**
 * Parse options for a file `explicitTag` is asked about: YAML 1.1's tags (`!!binary`,
 * `!!timestamp`, `!!set`, …) are left unresolved, so the parser makes no Buffer or Date of them
 * and warns at the tag itself, which is where the problem is then pointed at.
 */
export const TAG_PARSE_OPTIONS = { resolveKnownTags: false } as const satisfies SchemaOptions;

const CORE = 'tag:yaml.org,2002:';

/**
 * The core schema's tags of JSON's own types, each with what it reads: a value of another kind
 * written with one (`!!int x`, `!!bool yes`) the parser keeps as text, with a warning.
 */
const PLAIN_TAGS: Readonly<Record<string, { reads: string; fits: (node: Node) => boolean }>> = {
  [`${CORE}str`]: { reads: 'text', fits: (n) => isScalar(n) && typeof n.value === 'string' },
  [`${CORE}int`]: { reads: 'an integer', fits: (n) => isScalar(n) && typeof n.value === 'number' },
  [`${CORE}float`]: {
    reads: 'a number written with a point, as 3.0',
    fits: (n) => isScalar(n) && typeof n.value === 'number',
  },
  [`${CORE}bool`]: {
    reads: 'true or false',
    fits: (n) => isScalar(n) && typeof n.value === 'boolean',
  },
  [`${CORE}null`]: { reads: 'null', fits: (n) => isScalar(n) && n.value === null },
  [`${CORE}map`]: { reads: 'a mapping', fits: isMap },
  [`${CORE}seq`]: { reads: 'a list', fits: isSeq },
  // YAML's non-specific tag: the value's plain kind, as if untagged.
  '!': { reads: 'a plain value', fits: () => true },
};

const ALLOWED = 'a plain value: untagged, or !!str, !!int, !!float, !!bool, !!null, !!seq or !!map';

/**
 * The first explicit tag that does not give a plain JSON value, if any, and its message: a
 * YAML 1.1 or local tag (`!!binary`, `!!timestamp`, `!!set`, `!foo`), which would read as bytes,
 * a date, an empty mapping or quietly as text, or a core tag on a value it does not read
 * (`!!int x`). Ask before `toJS`, of a document parsed with `TAG_PARSE_OPTIONS`. Shared by spec,
 * scenario and the page's character files.
 * @example explicitTag(parseDocument('stat: !!binary aGVsbG8=', TAG_PARSE_OPTIONS))?.message // 'stat: the tag !!binary is not allowed (expected a plain value: …'
 */
export function explicitTag(doc: Document): { offset: number; message: string } | undefined {
  let found: { offset: number; message: string } | undefined;
  visitYaml(doc, {
    Node(_key, node, path) {
      if (!node.tag) return undefined;
      const plain = PLAIN_TAGS[node.tag];
      if (plain?.fits(node)) return undefined;
      const tag = doc.directives?.tagString(node.tag) ?? node.tag;
      const field = fieldName(fieldSteps(node, path));
      const value = isScalar(node) ? node.value : node.toJSON();
      const message = plain
        ? `${showValue(value)} tagged ${tag} is not allowed (expected ${plain.reads} for ${tag})`
        : `the tag ${tag} is not allowed (expected ${ALLOWED})`;
      found = {
        offset: tagOffset(doc, node.range?.[0] ?? 0),
        message: field === '' ? message : `${field}: ${message}`,
      };
      return visitYaml.BREAK;
    },
  });
  return found;
}

/** Where the parser's warning about the tag of a node starting at `start` is (its tag token). */
function tagOffset(doc: Document, start: number): number {
  const warned = doc.warnings.filter(
    (w) =>
      (w.code === 'TAG_RESOLVE_FAILED' || w.code === 'BAD_COLLECTION_TYPE') && w.pos[0] <= start,
  );
  return warned.at(-1)?.pos[0] ?? start;
}

/** The field a node is the value (or key) of: its mappings' keys and lists' indices. */
function fieldSteps(node: unknown, ancestors: readonly unknown[]): (string | number)[] {
  const steps: (string | number)[] = [];
  const chain = [...ancestors, node];
  for (const [i, at] of ancestors.entries()) {
    const next = chain[i + 1];
    if (isPair(at) && next !== at.key)
      steps.push(isScalar(at.key) ? String(at.key.value) : String(at.key));
    if (isSeq(at)) steps.push(at.items.indexOf(next as never));
  }
  return steps;
}
