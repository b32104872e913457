import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultsDocText } from '../../scripts/defaults-doc.ts';

describe('docs/defaults.md', () => {
  it('is generated from the constants (run `npm run docs:defaults` after changing one)', () => {
    expect(readFileSync('docs/defaults.md', 'utf8')).toBe(defaultsDocText());
  });
});

describe("docs/defaults.md's allowed values", () => {
  it('give a number field its upper bound too, as the schema refusing it does', async () => {
    const { parseRoll } = await import('../../src/systems/zidara/roll/spec.ts');
    const doc = readFileSync('docs/defaults.md', 'utf8');
    for (const row of [
      '`auraValue`',
      '`resolveValue`',
      '`intents[].weight`',
      '`fishing: minorWeight`',
    ])
      expect(doc.split('\n').find((line) => line.startsWith(`| ${row} `))).toMatch(
        /\| a number from 0 to 1000000 \|$/,
      );
    // What the rows say is what a roll refuses with.
    expect(() =>
      parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 6, intent: 0 }], auraValue: 1e7 }),
    ).toThrow('auraValue: 10000000 is not allowed (expected a number from 0 to 1000000)');
  });
});
