import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../../../src/systems/zidara/engine/bounded-cache.ts';

describe('BoundedCache', () => {
  it('keeps what it remembers, up to its limit', () => {
    const cache = new BoundedCache<number, string>(2);
    expect(cache.remember(1, 'a')).toBe('a');
    cache.remember(2, 'b');
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(['a', 'b', undefined]);
  });

  it('starts again, empty, when one more entry would pass the limit', () => {
    const cache = new BoundedCache<number, string>(2);
    cache.remember(1, 'a');
    cache.remember(2, 'b');
    cache.remember(3, 'c');
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual([undefined, undefined, 'c']);
  });
});
