import { describe, expect, it } from 'vitest';
import { invalid } from '../src/input-error.ts';
import { parseInputSource } from '../src/input-source.ts';

describe('input sources', () => {
  const text = '[\n  { "a": 1 },\n  { "dice": [{ "sides": 7 }] }\n]\n';

  it('locates a field, or its nearest existing parent, as path:line:col', () => {
    const source = parseInputSource(text, 'specs.json');
    expect(source.locate('[1].dice[0].sides')).toBe('specs.json:3:25');
    expect(source.locate('[1].dice[0].intent')).toBe('specs.json:3:14');
    expect(source.locate('[0]')).toBe('specs.json:2:3');
  });

  it('puts the position in front of an error about a field', () => {
    const source = parseInputSource(text, 'specs.json');
    const error = source.located(
      invalid('[1].dice[0].sides', 7, 'one of 2, 4, 6, 8, 10, 12'),
    ) as Error;
    expect(error.message).toBe(
      'specs.json:3:25: [1].dice[0].sides: 7 is not allowed (expected one of 2, 4, 6, 8, 10, 12)',
    );
  });

  it('reports syntax errors and duplicate keys with their position', () => {
    expect(() => parseInputSource('{"a": 1,, }', 'x.json')).toThrow(/^x\.json:1:9: /);
    expect(() => parseInputSource('{"a": 1, "a": 2}', 'x.json')).toThrow(
      'x.json:1:10: Map keys must be unique',
    );
    expect(() => parseInputSource('a: [1, 2\nb: 3\n', 'x.yaml')).toThrow(/^x\.yaml:\d+:\d+: /);
  });
});
