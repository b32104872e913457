import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { integerAtLeastText, integerText } from '../../src/input/integer-text.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const SOURCE = 'input/integer-text.ts';
/** An integer's range (`integerText`'s), and its lower bound alone (`integerAtLeastText`'s). */
const WORDING = /\ban integer (from\b|≥)/i;

/** Every source file below `dir`, as an absolute path. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The strings, template parts and JSX text of `code` that write an integer's range out by hand,
 * each as "line: text". Comments are not read: a doc comment may say it in prose. Nor is a
 * `new RangeError(…)`'s text: it reports a bug of dicelab's own (a kernel's tallySize), no
 * input of a user's, so it keeps its own words.
 */
function handWritten(name: string, code: string): string[] {
  const file = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RangeError'
    )
      return;
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateLiteralToken(node) ||
        ts.isJsxText(node)) &&
      WORDING.test(node.text)
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${line + 1}: ${node.text}`);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

describe('the wording of an integer range', () => {
  it('is written once, by integerText, and its lower bound alone by integerAtLeastText', () => {
    expect(integerText(1, 50)).toBe('an integer from 1 to 50');
    expect(integerText(0, 'auraMax (5)')).toBe('an integer from 0 to auraMax (5)');
    expect(integerAtLeastText(1)).toBe('an integer ≥ 1');
  });

  it('is found written by hand in strings, template parts and JSX text, not in comments', () => {
    // A plant of each kind, written as a file would be (its `${…}` escaped here).
    const code = `/** Throws unless it is an integer from 1 to 50. */
const a = \`an integer from \${min} to \${max}\`;
const b = \`the steps (an integer from 1 to \${steps}) or the lines\`;
const c = 'an integer from 0 to 9';
const d = <p>An integer from 1 to 3</p>;
const e = \`\${integerText(1, 3)}, or none\`;
const f = 'an integer ≥ 1 (at most 2^53 − 1)';
const g = z.number({ error: \`an integer ≥ \${min}\` });
const h = \`each an integer ≥ 1, such as [1, 2]\`;
/** Not when it is an integer ≥ 1. */
const i = new RangeError(\`tallySize must be an integer ≥ 0, got \${size}\`);`;
    expect(handWritten('plant.tsx', code).map((hit) => hit.split(':')[0])).toEqual([
      '2',
      '3',
      '4',
      '5',
      '7',
      '8',
      '9',
    ]);
  });

  it('is written by hand nowhere else in src/', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(200);
    const hits = files
      .filter((file) => relative(SRC, file) !== SOURCE)
      .flatMap((file) =>
        handWritten(file, readFileSync(file, 'utf8')).map((hit) => `${relative(SRC, file)}:${hit}`),
      );
    expect(hits, `use integerText or integerAtLeastText (src/${SOURCE})`).toEqual([]);
  });
});
