import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/input/input-error.ts';
import { parseTags2d6Spec, TAGS_DEFAULTS } from '../../../src/systems/tags-2d6/index.ts';

describe('2d6 + tags spec', () => {
  it('fills in the defaults: pure 2d6, no item, no weakness, a point worth 0.25', () => {
    expect(parseTags2d6Spec({})).toEqual({
      tags: 0,
      item: 'none',
      weakness: false,
      improvementValue: 0.25,
      bandValues: { clean: 1, cost: 0.5, miss: 0 },
    });
    expect(TAGS_DEFAULTS.improvementValue).toBe(0.25);
  });

  it('reads back its own output', () => {
    const roll = parseTags2d6Spec({
      tags: 3,
      item: 'hinder',
      weakness: true,
      bandValues: { cost: 0.4 },
    });
    expect(parseTags2d6Spec(JSON.parse(JSON.stringify(roll)))).toEqual(roll);
  });

  it.each([
    [{ tags: -1 }, /^tags: -1 is not allowed/],
    [{ item: 'two' }, /^item: "two" is not allowed \(expected one of help, hinder, none\)$/],
    [{ weakness: 'yes' }, /^weakness: "yes" is not allowed \(expected true or false\)$/],
    [{ improvementValue: 'x' }, /^improvementValue: "x" is not allowed/],
    [{ bandValues: { great: 2 } }, /^bandValues\.great: no such field \(/],
    [{ bandValues: 1 }, /^bandValues: 1 is not allowed \(expected an object such as/],
  ])('refuses %j, naming the field', (spec, message) => {
    expect(() => parseTags2d6Spec(spec)).toThrow(InputError);
    expect(() => parseTags2d6Spec(spec)).toThrow(message);
  });
});
