import { readdirSync, readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { scenarioSchemaText } from '../../src/scenario/scenario-schema-text.ts';

const committed = readFileSync('scenarios/schema.json', 'utf8');

describe('scenarios/schema.json', () => {
  it('is the JSON Schema generated from the zod schema (run `npm run schema` after changing it)', () => {
    expect(committed).toBe(scenarioSchemaText());
  });

  it('accepts every scenario of the suite, and rejects an unknown field as an editor would', () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(committed));
    const files = readdirSync('scenarios').filter((f) => f.endsWith('.yaml'));
    for (const file of files) {
      const text = readFileSync(`scenarios/${file}`, 'utf8');
      expect(text.split('\n')[0], file).toBe('# yaml-language-server: $schema=./schema.json');
      expect(validate(parse(text)), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(
      validate(parse('scenario: x\ncharacters:\n  v: { actions: { a: 3 }, bogus: 1 }\n')),
    ).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      instancePath: '/characters/v',
      params: { additionalProperty: 'bogus' },
    });
  });
});
