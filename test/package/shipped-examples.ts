import ts from 'typescript';
import { splitExample } from '../doc-example-text.ts';
import { consumerProgram } from './consumer-program.ts';

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
  const { checker, modules } = consumerProgram(project, entries, 'shipped-examples');
  const examples: ShippedExample[] = [];
  entries.forEach((entry, i) => {
    const module = modules[i]!;
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
