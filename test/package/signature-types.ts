import { sep } from 'node:path';
import ts from 'typescript';
import { consumerProgram } from './consumer-program.ts';

/**
 * The types of dicelab's own that a consumer meets in what an entry of `entries` exports — a
 * parameter or the return type of a function (or the declared type of a constant holding one),
 * a class's constructor and methods, an exported type — or inside those, member by member, as
 * far as they reach (the items of an `outcomes` array, the result a field holds), but that no
 * entry exports, so the consumer cannot name them (to type a wrapper, say).
 * `entry export: Type` each, with the export the type is reached from. Read by TypeScript from
 * the installed package's declarations in `project`, as a consumer's compiler resolves them.
 */
/** What a consumer names as a type: not a value's `typeof`, a type parameter or a namespace. */
const NAMEABLE =
  ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum;

export function unnamedSignatureTypes(project: string, entries: readonly string[]): string[] {
  const { checker, modules } = consumerProgram(project, entries, 'signature-types');
  const resolved = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const exportsOf = modules.map((module) => checker.getExportsOfModule(module));
  const named = new Set(exportsOf.flat().map(resolved));
  const ours = (node: ts.Node) =>
    node.getSourceFile().fileName.includes(`${sep}node_modules${sep}dicelab${sep}`);
  /** The symbol a type node names (`Foo`, `typeof foo`, `extends Foo`, `import("…").Foo`). */
  const referenced = (node: ts.Node): ts.Symbol | undefined => {
    if (ts.isImportTypeNode(node)) {
      const type = checker.getTypeFromTypeNode(node);
      return type.aliasSymbol ?? type.getSymbol();
    }
    const name = ts.isTypeReferenceNode(node)
      ? node.typeName
      : ts.isExpressionWithTypeArguments(node)
        ? node.expression
        : undefined;
    const found = name && checker.getSymbolAtLocation(name);
    return found && resolved(found);
  };
  /** A type-level function (`ValueOf<T>`): what a consumer meets is what it gives. */
  const generic = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.TypeAlias &&
    symbol.declarations?.some((d) => ts.isTypeAliasDeclaration(d) && d.typeParameters);
  const unnamed = new Set<string>();
  entries.forEach((entry, i) => {
    for (const exported of exportsOf[i]!) {
      // A namespace (`export * as zidara`) is its entry's exports, walked there.
      const root = resolved(exported);
      if (root.flags & ts.SymbolFlags.ValueModule) continue;
      const walked = new Set<ts.Symbol>([root]);
      const walk = (symbol: ts.Symbol) => {
        for (const declaration of symbol.declarations ?? [])
          if (ours(declaration)) visit(declaration);
      };
      const visit = (node: ts.Node) => {
        const type = referenced(node);
        if (
          type &&
          type.flags & NAMEABLE &&
          !generic(type) &&
          type.declarations?.some(ours) &&
          !walked.has(type)
        ) {
          walked.add(type);
          if (!named.has(type)) unnamed.add(`${entry} ${exported.name}: ${type.name}`);
          walk(type);
        }
        ts.forEachChild(node, visit);
      };
      walk(root);
    }
  });
  return [...unnamed];
}
