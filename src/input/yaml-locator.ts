import { type Document, isMap, isNode, isScalar, isSeq, type LineCounter } from 'yaml';
import type { FieldPath } from './field-path.ts';

/** A place in a file, 1-based. */
export interface Position {
  readonly line: number;
  readonly col: number;
}

/**
 * Where a field is written in a parsed YAML document, as an offset in its text: the value's
 * node, or with `key: true` the key itself (where an unknown or badly named field is pointed
 * at). A path that goes past what the file holds (a missing field) gives the nearest existing
 * parent. O(depth × width of each mapping).
 */
export function nodeOffset(
  doc: Document,
  path: FieldPath,
  options: { key?: boolean } = {},
): number {
  let node: unknown = doc.contents;
  let place = isNode(node) && node.range ? node.range[0] : 0;
  for (const [i, step] of path.entries()) {
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === String(step));
      if (!pair) break;
      const keyNode = pair.key;
      const keyPlace = isNode(keyNode) && keyNode.range ? keyNode.range[0] : place;
      const value = pair.value;
      const empty =
        !isNode(value) || (isScalar(value) && value.value === null && value.source === '');
      if ((last && options.key) || empty) return keyPlace;
      node = value;
      place = isNode(value) && value.range ? value.range[0] : keyPlace;
    } else if (isSeq(node) && typeof step === 'number') {
      const item = node.items[step];
      if (!isNode(item) || !item.range) break;
      node = item;
      place = item.range[0];
    } else break;
  }
  return place;
}

/**
 * The field whose key or value is written at `offset` of a parsed YAML document (the innermost),
 * or undefined outside every field: where the parser's syntax errors are, by field. Walks the
 * document iteratively, O(its nodes).
 */
export function fieldAtOffset(doc: Document, offset: number): FieldPath | undefined {
  const holds = (node: unknown) =>
    isNode(node) &&
    node.range !== undefined &&
    node.range !== null &&
    node.range[0] <= offset &&
    offset < node.range[2];
  let found: FieldPath | undefined;
  const stack: { node: unknown; at: FieldPath }[] = [{ node: doc.contents, at: [] }];
  while (stack.length > 0) {
    const { node, at } = stack.pop()!;
    const steps: { key: unknown; value: unknown; step: string | number }[] = isMap(node)
      ? node.items.map((p) => ({ key: p.key, value: p.value, step: keyText(p.key) ?? '?' }))
      : isSeq(node)
        ? node.items.map((item, i) => ({ key: undefined, value: item, step: i }))
        : [];
    for (const { key, value, step } of steps) {
      if (holds(key)) found = [...at, step];
      else if (holds(value)) {
        found = [...at, step];
        // A collection starting where the mistake is was made of it (`expect: a: b` reads
        // as a mapping): the mistake is in this field's value, not in a key of its own.
        if (isNode(value) && value.range![0] < offset) stack.push({ node: value, at: found });
      }
    }
  }
  return found;
}

/**
 * {@link nodeOffset} as a line and a column.
 * @example yamlLocator(doc, lines)(['characters', 'vesk', 'aura']) // not run: needs a parsed document; gives e.g. { line: 7, col: 11 }
 */
export function yamlLocator(
  doc: Document,
  lines: LineCounter,
): (path: FieldPath, options?: { key?: boolean }) => Position {
  return (path, options = {}) => {
    const { line, col } = lines.linePos(nodeOffset(doc, path, options));
    return { line, col };
  };
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  if (typeof key === 'string' || typeof key === 'number') return String(key);
  return undefined;
}
