import { type Document, isAlias, isMap, isNode, isSeq, visit as visitYaml } from 'yaml';
import { showValue } from './input-error.ts';

/**
 * The first key that is a list or a mapping (`? [a, b]: 1`), if any, and its message: no field
 * is named so, and the parser's `toJS` would write it as text with a warning of its own (on
 * stderr, or a browser's console), in its API's words. Ask before `toJS`. Shared by spec,
 * scenario and the page's character files.
 * @example collectionKey(parseDocument('? [a, b]\n: 3\n'))?.message // '["a","b"]: a list as a key is not allowed (expected a name)'
 */
export function collectionKey(doc: Document): { offset: number; message: string } | undefined {
  let found: { offset: number; message: string } | undefined;
  visitYaml(doc, {
    Pair(_key, pair) {
      const key = isAlias(pair.key) ? pair.key.resolve(doc) : pair.key;
      if (!isMap(key) && !isSeq(key)) return undefined;
      const what = isMap(key) ? 'a mapping' : 'a list';
      found = {
        offset: (isNode(pair.key) && pair.key.range?.[0]) || 0,
        message: `${showValue(key.toJSON())}: ${what} as a key is not allowed (expected a name)`,
      };
      return visitYaml.BREAK;
    },
  });
  return found;
}
