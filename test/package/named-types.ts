/**
 * Which data-model types (declared in `types/`: `ParseEvent`, `ToolCall`, `Message`, ...) each entry's
 * API names, read with the TypeScript compiler from the declarations an install holds: the types its
 * exports name, and the toolwire types those name in turn.
 */
import { join } from 'node:path';
import ts from 'typescript';

export interface EntryTypes {
  /** The data-model types the entry's API names, sorted. */
  readonly named: readonly string[];
  /** Every name the entry exports (values and types). */
  readonly exported: ReadonlySet<string>;
}

/**
 * `entries` maps a subpath (`toolwire/stream`) to its declaration file relative to `packageFolder`
 * (`dist/stream/index.d.ts`).
 * @throws Error when a declaration file is not a module.
 */
export function namedDataModel(
  packageFolder: string,
  entries: ReadonlyMap<string, string>,
): Map<string, EntryTypes> {
  const dist = join(packageFolder, 'dist/');
  const files = [...entries.values()].map((file) => join(packageFolder, file));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const resolved = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declaredIn = (symbol: ts.Symbol, folder: string) =>
    (symbol.declarations ?? []).some((node) => node.getSourceFile().fileName.startsWith(folder));

  const result = new Map<string, EntryTypes>();
  for (const [subpath, file] of entries) {
    const source = program.getSourceFile(join(packageFolder, file));
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${file} is not a module`);
    const exports = checker.getExportsOfModule(module);
    const named = new Set<string>();
    const seen = new Set<ts.Symbol>();
    const visit = (symbol: ts.Symbol): void => {
      if (seen.has(symbol)) return;
      seen.add(symbol);
      const walk = (node: ts.Node): void => {
        const name = ts.isTypeReferenceNode(node)
          ? node.typeName
          : ts.isExpressionWithTypeArguments(node)
            ? node.expression
            : undefined;
        const target = name === undefined ? undefined : checker.getSymbolAtLocation(name);
        if (target !== undefined && declaredIn(resolved(target), dist)) {
          if (declaredIn(resolved(target), join(dist, 'types/'))) named.add(resolved(target).name);
          visit(resolved(target));
        }
        ts.forEachChild(node, walk);
      };
      for (const declaration of symbol.declarations ?? []) walk(declaration);
    };
    for (const symbol of exports) visit(resolved(symbol));
    result.set(subpath, {
      named: [...named].sort(),
      exported: new Set(exports.map((symbol) => symbol.name)),
    });
  }
  return result;
}
