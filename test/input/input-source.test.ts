import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, INPUT_LIMITS } from '../../src/input/input-bytes.ts';
import { invalid } from '../../src/input/input-error.ts';
import { parseInputSource } from '../../src/input/input-source.ts';

describe('input sources', async () => {
  const text = '[\n  { "a": 1 },\n  { "dice": [{ "sides": 7 }] }\n]\n';

  it('locates a field, or its nearest existing parent, as path:line:col', async () => {
    const source = await parseInputSource(text, 'specs.json');
    expect(source.locate('[1].dice[0].sides')).toBe('specs.json:3:25');
    expect(source.locate('[1].dice[0].intent')).toBe('specs.json:3:14');
    expect(source.locate('[0]')).toBe('specs.json:2:3');
  });

  it('puts the position in front of an error about a field', async () => {
    const source = await parseInputSource(text, 'specs.json');
    const error = source.located(
      invalid('[1].dice[0].sides', 7, 'one of 2, 4, 6, 8, 10, 12'),
    ) as Error;
    expect(error.message).toBe(
      'specs.json:3:25: [1].dice[0].sides: 7 is not allowed (expected one of 2, 4, 6, 8, 10, 12)',
    );
  });

  it('reports syntax errors and duplicate keys with their position', async () => {
    await expect(parseInputSource('{"a": 1,, }', 'x.json')).rejects.toThrow(/^x\.json:1:9: /);
    await expect(parseInputSource('{"a": 1, "a": 2}', 'x.json')).rejects.toThrow(
      'x.json:1:10: a: written twice (expected each key once in its mapping; its first is at 1:2)',
    );
    await expect(parseInputSource('a: [1, 2\nb: 3\n', 'x.yaml')).rejects.toThrow(
      /^x\.yaml:\d+:\d+: /,
    );
  });

  it('names a second YAML document in its own words, not the parser API', async () => {
    await expect(parseInputSource('stat: 3\n---\nstat: 4\n', 'x.yaml')).rejects.toThrow(
      /^x\.yaml:2:1: a second YAML document starts here \(expected one document in the file; for several items, one list\)$/,
    );
  });
});

describe('the JSON fast path', async () => {
  const cases = JSON.parse(
    readFileSync(new URL('../oracle/zidara-cases.json', import.meta.url), 'utf8'),
  ) as { spec: unknown }[];
  const text = JSON.stringify(
    cases.map((c) => c.spec),
    null,
    1,
  );

  /** Every field path of a value, as a spec error would name it ("[2].dice[0].sides"). */
  function fields(value: unknown, at = ''): string[] {
    if (value === null || typeof value !== 'object') return [at];
    const entries = Array.isArray(value)
      ? value.map((v, i) => [`${at}[${i}]`, v] as const)
      : Object.entries(value).map(([k, v]) => [at ? `${at}.${k}` : k, v] as const);
    return [at, ...entries.flatMap(([f, v]) => fields(v, f))];
  }

  it('locates every field where the YAML parser does, and missing ones at their parent', async () => {
    const json = await parseInputSource(text, 'specs.json');
    const yaml = await parseInputSource(text, 'specs.yaml');
    expect(json.value).toEqual(yaml.value);
    const all = fields(json.value).filter(Boolean);
    expect(all.length).toBeGreaterThan(500);
    for (const field of [...all, '[3].dice[0].missing', '[2].nothing[4]', '[999]'])
      expect(json.locate(field).replace('.json', '.yaml'), field).toBe(yaml.locate(field));
  });

  it('reports a duplicate key as the YAML parser does, and leaves what JSON.parse refuses to YAML', async () => {
    const twice = '[\n  {"stat": 3,\n   "stat": 4}]';
    await expect(parseInputSource(twice, 'x.json')).rejects.toThrow(
      'x.json:3:4: [0].stat: written twice (expected each key once in its mapping; its first is at 2:4)',
    );
    await expect(parseInputSource(twice, 'x.yaml')).rejects.toThrow(
      'x.yaml:3:4: [0].stat: written twice (expected each key once in its mapping; its first is at 2:4)',
    );
    // A colon inside a string is not a key.
    expect((await parseInputSource('{"a": "b:c", "d": 1}', 'x.json')).value).toEqual({
      a: 'b:c',
      d: 1,
    });
    // Not JSON, but YAML reads it as it always did (trailing comma, a bare word).
    expect((await parseInputSource('{"stat": 3,}', 'x.json')).value).toEqual({ stat: 3 });
    expect((await parseInputSource('{"stat": three}', 'x.json')).value).toEqual({ stat: 'three' });
  });

  it('refuses nesting deeper than the limit before any parser recurses', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    await expect(parseInputSource(deep(INPUT_LIMITS.nesting), 'x.json')).resolves.toBeDefined();
    await expect(parseInputSource(deep(INPUT_LIMITS.nesting + 1), 'x.json')).rejects.toThrow(
      `x.json:1:${INPUT_LIMITS.nesting + 1}: nested too deeply (expected at most 64 levels of arrays and objects)`,
    );
    const block = Array.from({ length: 70 }, (_, i) => `${' '.repeat(i)}a:`).join('\n');
    await expect(parseInputSource(`${block} 1\n`, 'x.yaml')).rejects.toThrow(
      /^x\.yaml:\d+:\d+: nested too deeply/,
    );
  });
});

describe('decodeUtf8', async () => {
  it('drops a byte-order mark and keeps a real U+FFFD', async () => {
    expect(decodeUtf8(Buffer.from('\uFEFFa: 1', 'utf8'), 'x.yaml')).toBe('a: 1');
    expect(decodeUtf8(Buffer.from('a: "\uFFFD"', 'utf8'), 'x.yaml')).toBe('a: "\uFFFD"');
  });

  it('names the first byte that is not UTF-8, its line, column and offset', async () => {
    const bytes = Buffer.concat([
      Buffer.from('ok: "\uFFFD"\nbad: ', 'utf8'),
      Buffer.from([0xc3, 0x28, 0x0a]),
    ]);
    expect(() => decodeUtf8(bytes, 'x.yaml')).toThrow(
      'x.yaml:2:6: byte 0xC3 at offset 15 is not UTF-8 (save the file as UTF-8)',
    );
    expect(() => decodeUtf8(Buffer.from([0x61, 0xe2, 0x82]), 'x.yaml')).toThrow(
      'x.yaml:1:2: byte 0xE2 at offset 1 is not UTF-8',
    );
  });
});
