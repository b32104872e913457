import { sep } from 'node:path';
import ts from 'typescript';
import { consumerProgram } from './consumer-program.ts';

/**
 * The types of dicelab's own that a consumer meets in what they call — a parameter or the
 * return type of a function (or the declared type of a constant holding one), or of a class's
 * constructor and methods, that an entry of
 * `entries` exports as a value — but that no entry exports, so the consumer cannot name them
 * (to type a wrapper, say). `entry name: Type` each. Read by TypeScript from the installed
 * package's declarations in `project`, as a consumer's compiler resolves them.
 */
export function unnamedSignatureTypes(project: string, entries: readonly string[]): string[] {
  const { checker, modules } = consumerProgram(project, entries, 'signature-types');
  const resolved = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  /** Exported with `export type`, somewhere along its re-exports: not something to call. */
  const typeOnly = (symbol: ts.Symbol): boolean => {
    for (let s: ts.Symbol | undefined = symbol; s && s.flags & ts.SymbolFlags.Alias; ) {
      if (s.declarations?.some(ts.isTypeOnlyImportOrExportDeclaration)) return true;
      s = checker.getImmediateAliasedSymbol(s);
    }
    return false;
  };
  const exportsOf = modules.map((module) => checker.getExportsOfModule(module));
  const named = new Set(exportsOf.flat().map(resolved));
  const ours = (node: ts.Node) =>
    node.getSourceFile().fileName.includes(`${sep}node_modules${sep}dicelab${sep}`);
  const unnamed = new Set<string>();
  entries.forEach((entry, i) => {
    for (const exported of exportsOf[i]!) {
      const symbol = resolved(exported);
      if (!(symbol.flags & ts.SymbolFlags.Value) || typeOnly(exported)) continue;
      const report = (typeNode: ts.Node) => {
        const visit = (node: ts.Node) => {
          const name = ts.isTypeReferenceNode(node)
            ? node.typeName
            : ts.isTypeQueryNode(node)
              ? node.exprName
              : ts.isExpressionWithTypeArguments(node)
                ? node.expression
                : undefined;
          const found = name && checker.getSymbolAtLocation(name);
          const type = found && resolved(found);
          if (
            type &&
            !(type.flags & ts.SymbolFlags.TypeParameter) &&
            type.declarations?.some(ours) &&
            !named.has(type)
          )
            unnamed.add(`${entry} ${exported.name}: ${type.name}`);
          ts.forEachChild(node, visit);
        };
        visit(typeNode);
      };
      const visitSignatures = (node: ts.Node) => {
        // A function kept in a constant (`const odds: EachSpec<…>`) is called through its type.
        if (ts.isVariableDeclaration(node) && node.type) report(node.type);
        if (ts.isFunctionLike(node)) {
          for (const parameter of node.parameters) if (parameter.type) report(parameter.type);
          if (node.type) report(node.type);
        }
        ts.forEachChild(node, visitSignatures);
      };
      for (const declaration of symbol.declarations ?? [])
        if (ours(declaration)) visitSignatures(declaration);
    }
  });
  return [...unnamed];
}
