import { describe, expect, it } from 'vitest';
import { fillDefaults } from '../../src/input/fill-defaults.ts';

describe('fillDefaults', () => {
  const defaults = { clean: 1, cost: 0.5, miss: 0 };

  it('keeps what is given, takes the rest from the defaults, in the defaults order', () => {
    const filled = fillDefaults({ miss: -1, clean: 0 }, defaults);
    expect(filled).toEqual({ clean: 0, cost: 0.5, miss: -1 });
    expect(Object.keys(filled)).toEqual(['clean', 'cost', 'miss']);
  });

  it('is the defaults when nothing is given, as a new object', () => {
    expect(fillDefaults(undefined, defaults)).toEqual(defaults);
    expect(fillDefaults({}, defaults)).not.toBe(defaults);
  });
});
