import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultsDocText } from '../../scripts/defaults-doc.ts';

describe('docs/defaults.md', () => {
  it('is generated from the constants (run `npm run docs:defaults` after changing one)', () => {
    expect(readFileSync('docs/defaults.md', 'utf8')).toBe(defaultsDocText());
  });
});
