import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/input/input-error.ts';
import { parseD6PoolSpec } from '../../../src/systems/d6-pool/index.ts';

describe('d6 pool spec', () => {
  it('takes any stat from 1', () => {
    expect(parseD6PoolSpec({ stat: 1 })).toEqual({ stat: 1 });
    expect(parseD6PoolSpec({ stat: 12 })).toEqual({ stat: 12 });
  });

  it.each([
    [{ stat: 0 }, /^stat: 0 is not allowed \(expected an integer from 1 to 1000\)$/],
    [{ stat: -2 }, /^stat: -2 is not allowed/],
    [{ stat: 2.5 }, /^stat: 2.5 is not allowed/],
    [{ stat: '3' }, /^stat: "3" is not allowed/],
    [{}, /^stat: missing \(expected/],
    [{ stat: 3, dice: 3 }, /^dice: no such field \(the fields here are stat\)$/],
    [[3], /^spec: \[3\] is not allowed \(expected an object\)$/],
  ])('refuses %j, naming the field', (spec, message) => {
    expect(() => parseD6PoolSpec(spec)).toThrow(InputError);
    expect(() => parseD6PoolSpec(spec)).toThrow(message);
  });

  it('prefixes fields of the specs of an array', () => {
    expect(() => parseD6PoolSpec({ stat: 0 }, '[2].')).toThrow(/^\[2\]\.stat: 0 is not allowed/);
  });
});
