import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/input-error.ts';

/**
 * The package's public entries (package.json `exports`): each is a file of src/api/ (or
 * src/index.ts), and every name each exports has a doc comment, read with the TypeScript
 * checker the way an editor shows it to a user (`npm run docs:api` holds the same rule).
 */

const ROOT = join(import.meta.dirname, '..', '..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
};

/** The source of each code entry: dist/x.js is built from src/x.ts. */
const ENTRIES = Object.entries(PACKAGE.exports).flatMap(([path, target]) =>
  typeof target === 'string'
    ? []
    : [
        {
          path,
          source: join(ROOT, target.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')),
        },
      ],
);

describe('the public entries', () => {
  it('are dicelab and its subpaths, each with its types, built from src/index.ts and src/api/', () => {
    expect(ENTRIES.map((e) => e.path)).toEqual([
      '.',
      './zidara',
      './d6-pool',
      './tags-2d6',
      './d12-action',
      './ring-skill',
      './distribution',
      './scenario',
    ]);
    for (const [path, target] of Object.entries(PACKAGE.exports)) {
      if (typeof target === 'string') continue;
      expect(target.types, path).toBe(target.default.replace(/\.js$/, '.d.ts'));
    }
  });

  it('document every name they export', () => {
    const program = entriesProgram();
    const checker = program.getTypeChecker();
    const undocumented: string[] = [];
    let names = 0;
    for (const entry of ENTRIES) {
      const module = checker.getSymbolAtLocation(program.getSourceFile(entry.source)!)!;
      for (const exported of checker.getExportsOfModule(module)) {
        names++;
        const symbol =
          exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        // A namespace of `dicelab` is an entry itself, documented by its own file's comment.
        if (symbol.flags & ts.SymbolFlags.ValueModule) continue;
        if (symbol.getDocumentationComment(checker).length === 0)
          undocumented.push(`${entry.path}: ${exported.name}`);
      }
    }
    expect(names).toBeGreaterThan(150);
    expect(undocumented).toEqual([]);
  }, 60_000);

  it("name the type a simulate's answer is written with (Simulated), so a consumer's declaration emit can write it", () => {
    // `export const f = () => d6.simulate({ stat: 3 })` with `declaration: true` failed with
    // TS2742 (cannot be named without a reference to dist/montecarlo/simulate-summary.js).
    const program = entriesProgram();
    const checker = program.getTypeChecker();
    const unnamed: string[] = [];
    let simulates = 0;
    for (const entry of ENTRIES) {
      const module = checker.getSymbolAtLocation(program.getSourceFile(entry.source)!)!;
      const exports = checker.getExportsOfModule(module);
      const simulate = exports.find((e) => e.name === 'simulate');
      if (!simulate) continue;
      simulates++;
      const named = new Set(
        exports.map((e) => (e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e)),
      );
      const type = checker.getTypeOfSymbol(simulate);
      for (const signature of type.getCallSignatures()) {
        const promised = checker.getAwaitedType(signature.getReturnType());
        const alias = promised?.aliasSymbol;
        if (alias && !named.has(alias)) unnamed.push(`${entry.path}: ${alias.name}`);
      }
    }
    expect(simulates).toBe(5);
    expect(unnamed).toEqual([]);
  }, 60_000);

  it('export InputError wherever their functions throw it: every entry (the distribution algebra too, for its limits), one class', async () => {
    for (const entry of ENTRIES) {
      const exported = ((await import(entry.source)) as { InputError?: unknown }).InputError;
      expect(exported, entry.path).toBe(InputError);
    }
  });

  it('build their API reference (npm run docs:api) without a warning, which typedoc.json makes an error', async () => {
    // A link to a name no entry exports, or a comment missing on a member, stopped the build
    // with nothing written; so did a clone with no git remote to make source links from.
    const typedoc = join(createRequire(import.meta.url).resolve('typedoc/package.json'), '..');
    const run = await promisify(execFile)(
      process.execPath,
      [join(typedoc, 'bin', 'typedoc'), '--emit', 'none', '--gitRemote', 'no-such-remote'],
      { cwd: ROOT },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect(stripVTControlCharacters(`${run.stdout}${run.stderr}`)).toBe('');
  }, 120_000);
});

/** The entries' sources as one TypeScript program, to read what they export. */
function entriesProgram(): ts.Program {
  return ts.createProgram(
    ENTRIES.map((e) => e.source),
    {
      allowImportingTsExtensions: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
    },
  );
}
