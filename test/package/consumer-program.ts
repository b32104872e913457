import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The installed package's entries as a consumer's TypeScript compiler reads them: a probe module
 * in `project` re-exports each of `entries` (written as `<name>-probe.mts`), and the checker
 * resolves them from the declarations there. Each entry's module symbol, in `entries`' order.
 */
export function consumerProgram(
  project: string,
  entries: readonly string[],
  name: string,
): { checker: ts.TypeChecker; modules: ts.Symbol[] } {
  const probe = join(project, `${name}-probe.mts`);
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
  const modules = entries.map((entry, i) => {
    const { moduleSpecifier } = statements[i] as ts.ExportDeclaration;
    const module = checker.getSymbolAtLocation(moduleSpecifier!);
    if (!module) throw new Error(`${entry} does not resolve`);
    return module;
  });
  return { checker, modules };
}
