import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * What a module loads when it is imported: every file and package reached through static
 * `import … from` and `export … from` (type-only imports are erased, dynamic `import()` waits
 * for its call), read with the TypeScript parser.
 */
function staticallyLoaded(root: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined;
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
        specifier = statement.moduleSpecifier;
      if (ts.isExportDeclaration(statement) && !statement.isTypeOnly)
        specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const name = specifier.text;
      if (name.startsWith('.')) visit(resolve(dirname(file), name));
      else
        packages.add(
          name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!,
        );
    }
  };
  visit(resolve(SRC, root));
  return { files, packages };
}

describe('BullMQ is loaded only by the commands that use the queue', () => {
  it('no CLI module loads bullmq or ioredis, or the queue modules that do, until a queue is used', () => {
    const cliModules = readdirSync(resolve(SRC, 'cli')).filter((f) => f.endsWith('.ts'));
    expect(cliModules).toContain('main.ts');
    expect(cliModules).toContain('queue-worker.ts');
    const reached = new Set<string>();
    for (const module of cliModules) {
      const { files, packages } = staticallyLoaded(`cli/${module}`);
      expect(packages, module).not.toContain('bullmq');
      expect(packages, module).not.toContain('ioredis');
      for (const file of files) reached.add(file.slice(SRC.length));
    }
    expect(reached.size).toBeGreaterThan(50);
    expect([...reached].filter((f) => f.startsWith('queue/')).sort()).toEqual([
      'queue/queue-settings.ts',
      'queue/redis-url.ts',
    ]);
  });

  it('the worker and the submitter do load them (so the check above can fail)', () => {
    for (const root of ['queue/worker.ts', 'queue/simulate-on-queue.ts']) {
      const { packages } = staticallyLoaded(root);
      expect(packages, root).toContain('bullmq');
      expect(packages, root).toContain('ioredis');
    }
  });
});
