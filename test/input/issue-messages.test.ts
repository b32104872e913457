import { describe, expect, it } from 'vitest';
import { z } from '#zod';
import { integer } from '../../src/input/field-schemas.ts';
import { InputError } from '../../src/input/input-error.ts';
import { parseSpec, similar } from '../../src/input/issue-messages.ts';

const schema = z.strictObject(
  { steps: integer(1, 72), name: z.string({ error: 'text' }).optional() },
  { error: 'an object' },
);

function message(input: unknown, where?: string): string {
  try {
    parseSpec(schema, input, where);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return `${(error as InputError).field} | ${(error as Error).message}`;
  }
  throw new Error('no error');
}

describe('parseSpec', () => {
  it('returns what the schema makes of a good spec', () => {
    expect(parseSpec(schema, { steps: 8 })).toEqual({ steps: 8 });
  });

  it('names the field, the value and what is allowed, prefixed by where the spec sits', () => {
    expect(message({ steps: 0 })).toBe(
      'steps | steps: 0 is not allowed (expected an integer from 1 to 72)',
    );
    expect(message({ steps: 0 }, '[2].')).toBe(
      '[2].steps | [2].steps: 0 is not allowed (expected an integer from 1 to 72)',
    );
    expect(message({})).toBe('steps | steps: missing (expected an integer from 1 to 72)');
    expect(message(7, '[1].')).toBe('[1] | [1]: 7 is not allowed (expected an object)');
    expect(message(null)).toBe(
      'spec | spec: null (an empty value) is not allowed (expected an object)',
    );
  });

  it('keeps what is allowed of a value refused, as invalid() does, for a surface to say of its own input', () => {
    const refusal = (input: unknown) => {
      try {
        parseSpec(schema, input);
      } catch (error) {
        return (error as InputError).allowed;
      }
    };
    expect(refusal({ steps: 0 })).toBe('an integer from 1 to 72');
    expect(refusal(7)).toBe('an object');
    // Missing, there is no value to refuse: nothing is kept.
    expect(refusal({})).toBeUndefined();
  });

  it('reports an unknown field before any other problem, with the fields there are', () => {
    expect(message({ steps: 0, stesp: 8 })).toBe(
      'stesp | stesp: no such field (did you mean steps? the fields here are steps, name)',
    );
  });
});

describe('similar', () => {
  it('suggests names two edits apart, or the start of a longer name', () => {
    expect(similar('actoins', 'actions')).toBe(true);
    expect(similar('boosts', 'boostsPerRoll')).toBe(true);
    expect(similar('aura', 'auraValue')).toBe(true);
    expect(similar('dice', 'tags')).toBe(false);
    expect(similar('ab', 'abc')).toBe(true);
    expect(similar('tn', 'tags')).toBe(false);
  });
});
