import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { splitExample } from '../doc-example-text.ts';

/** An `@example` a consumer reads on one of an entry's exports (in their editor, in the API reference). */
export interface ShippedExample {
  /** The import path that exports it (`dicelab/zidara`). */
  readonly entry: string;
  /** The export it documents, and the member for a class's or an interface's (`Dist.add`). */
  readonly name: string;
  readonly code: string;
  readonly expected: string;
}

/**
 * The `@example`s of every export of `entries` (and of their classes' and interfaces' members),
 * as the installed package's declarations in `project` carry them: read by TypeScript, which
 * resolves each entry as a consumer's compiler does.
 */
export function shippedExamples(project: string, entries: readonly string[]): ShippedExample[] {
  const probe = join(project, 'shipped-examples-probe.mts');
  writeFileSync(probe, entries.map((e, i) => `export * as e${i} from '${e}';\n`).join(''));
  const program = ts.createProgram([probe], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const statements = program.getSourceFile(probe)!.statements;
  const examples: ShippedExample[] = [];
  entries.forEach((entry, i) => {
    const { moduleSpecifier } = statements[i] as ts.ExportDeclaration;
    const module = checker.getSymbolAtLocation(moduleSpecifier!);
    if (!module) throw new Error(`${entry} does not resolve`);
    const seen = new Set<ts.Node>();
    const collect = (symbol: ts.Symbol, name: string) => {
      for (const declaration of symbol.declarations ?? []) {
        if (seen.has(declaration)) continue;
        seen.add(declaration);
        for (const tag of ts.getJSDocTags(declaration)) {
          if (tag.tagName.text !== 'example') continue;
          const text = ts.getTextOfJSDocComment(tag.comment) ?? '';
          examples.push({ entry, name, ...splitExample(text.split('\n')) });
        }
      }
    };
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      collect(symbol, exported.name);
      if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) {
        const members = [
          ...checker.getDeclaredTypeOfSymbol(symbol).getProperties(),
          ...(symbol.flags & ts.SymbolFlags.Class
            ? checker.getPropertiesOfType(checker.getTypeOfSymbol(symbol))
            : []),
        ];
        for (const member of members) collect(member, `${exported.name}.${member.name}`);
      }
    }
  });
  return examples;
}
