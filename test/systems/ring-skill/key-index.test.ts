import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../../src/systems/ring-skill/key-index.ts';

describe('KeyIndex, against a Map', () => {
  it('holds what a Map holds, through growth and overwrites, keys 0 and 2^31 − 2 included', () => {
    const key = fc.oneof(
      fc.integer({ min: 0, max: 2 ** 31 - 2 }),
      fc.constantFrom(0, 1, 2 ** 31 - 2),
      fc.integer({ min: 0, max: 64 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.nat()), { maxLength: 600 }), (puts) => {
        // Two slots to start with: every few puts it grows.
        const index = new KeyIndex(1);
        const map = new Map<number, number>();
        for (const [k, v] of puts) {
          index.put(k, v);
          map.set(k, v);
        }
        for (const [k, v] of map) expect(index.get(k)).toBe(v);
        for (const [k] of puts)
          if (!map.has(k + 1) && k + 1 < 2 ** 31 - 1) expect(index.get(k + 1)).toBe(-1);
      }),
    );
  });
});
