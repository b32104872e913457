import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/input/input-error.ts';
import { D12_DEFAULTS, parseD12ActionSpec } from '../../../src/systems/d12-action/index.ts';

describe('d12 action spec', () => {
  it("fills in the rules page's defaults", () => {
    const roll = parseD12ActionSpec({ roll: 'safe', rating: 1, capacity: 5 });
    expect(roll).toEqual({
      roll: 'safe',
      rating: 1,
      capacity: 5,
      tokens: 0,
      reckless: false,
      demoralized: false,
      utilities: { criticalSuccess: 1.25, success: 1, failure: 0, criticalFailure: -0.25 },
      tokenValue: 0.05,
      policy: 'optimal',
      supporters: [],
    });
    expect(D12_DEFAULTS.tokenValue).toBe(0.05);
  });

  it('reads back its own output, for every kind of roll', () => {
    for (const spec of [
      { roll: 'safe', rating: 1, capacity: 5, tokens: 2 },
      { roll: 'risky', rating: 2, tokens: 6, reckless: true },
      { roll: 'stacked', rating: 0, capacity: 3, policy: 'keep-first-success' },
      { roll: 'capacity', capacity: 4, demoralized: true },
      {
        roll: 'group',
        rating: 1,
        supporters: [{ rating: 2, capacity: 5, tokens: 6, reckless: true }],
      },
    ]) {
      const roll = parseD12ActionSpec(spec);
      expect(parseD12ActionSpec(JSON.parse(JSON.stringify(roll)))).toEqual(roll);
    }
  });

  it('takes a character on any roll, echoing as 0 the rating or capacity the roll does not read', () => {
    const character = { rating: 3, capacity: 7, tokens: 2 };
    const read = (roll: string) => {
      const { rating, capacity } = parseD12ActionSpec({
        roll,
        ...character,
        ...(roll === 'group' ? { supporters: [{ rating: 1, capacity: 1 }] } : {}),
      });
      return { rating, capacity };
    };
    expect(read('safe')).toEqual({ rating: 3, capacity: 7 });
    expect(read('stacked')).toEqual({ rating: 3, capacity: 7 });
    expect(read('capacity')).toEqual({ rating: 0, capacity: 7 });
    expect(read('risky')).toEqual({ rating: 3, capacity: 0 });
    expect(read('group')).toEqual({ rating: 3, capacity: 0 });
  });

  it.each([
    [
      { roll: 'safe', rating: 1, capacity: 5, reckless: true },
      /^roll: "safe" is not allowed \(expected risky, stacked, capacity or group while reckless/,
    ],
    [
      { roll: 'lucky', rating: 1 },
      /^roll: "lucky" is not allowed \(expected one of safe, risky, stacked, capacity, group\)$/,
    ],
    [{ roll: 'safe', capacity: 5 }, /^rating: missing \(expected/],
    [{ roll: 'stacked', rating: 1 }, /^capacity: missing \(expected/],
    [
      { roll: 'risky', rating: 1, tokens: 7 },
      /^tokens: 7 is not allowed \(expected an integer from 0 to 6\)$/,
    ],
    [
      { roll: 'risky', rating: 1, tokenValue: -0.1 },
      /^tokenValue: -0.1 is not allowed \(expected a number from 0 to 1000000\)$/,
    ],
    [
      { roll: 'risky', rating: 1, policy: 'keep-first-success' },
      /^policy: "keep-first-success" is not allowed/,
    ],
    [
      { roll: 'risky', rating: 1, supporters: [{ rating: 1, capacity: 1 }] },
      /^supporters: .* \(expected no supporters except on a group roll\)$/,
    ],
    [{ roll: 'group', rating: 1 }, /^supporters: missing \(expected a non-empty array/],
    [
      { roll: 'group', rating: 1, supporters: [{ rating: 1 }] },
      /^supporters\[0\]\.capacity: missing \(expected/,
    ],
    [
      { roll: 'safe', rating: 1, capacity: 2, utilities: { great: 2 } },
      /^utilities\.great: no such field \(/,
    ],
    [
      { roll: 'safe', rating: 1, capacity: 2, utilities: { success: 'a' } },
      /^utilities\.success: "a" is not allowed/,
    ],
  ])('refuses %j, naming the field', (spec, message) => {
    expect(() => parseD12ActionSpec(spec)).toThrow(InputError);
    expect(() => parseD12ActionSpec(spec)).toThrow(message);
  });

  it('prefixes the fields of an array element and of a supporter', () => {
    expect(() =>
      parseD12ActionSpec(
        { roll: 'group', rating: 0, supporters: [{ rating: 0, capacity: -1 }] },
        '[3].',
      ),
    ).toThrow(/^\[3\]\.supporters\[0\]\.capacity: -1 is not allowed/);
  });
});
