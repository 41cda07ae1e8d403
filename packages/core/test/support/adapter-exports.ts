import { existsSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/** One export of a package entry point, as its declarations say. */
export interface DeclaredExport {
  /** The exported name. */
  readonly name: string;
  /** What the declaration is: `function`, `const`, `class`, `interface`, `type`, `enum`. */
  readonly kind: string;
  /** Whether the declaration is marked `@deprecated`. */
  readonly deprecated: boolean;
  /** Parameter names, for a function (their order is part of the shape). */
  readonly parameters?: readonly string[];
}

function kindOf(declaration: ts.Declaration): string | undefined {
  if (ts.isFunctionDeclaration(declaration)) return "function";
  if (ts.isVariableDeclaration(declaration)) return "const";
  if (ts.isClassDeclaration(declaration)) return "class";
  if (ts.isInterfaceDeclaration(declaration)) return "interface";
  if (ts.isTypeAliasDeclaration(declaration)) return "type";
  if (ts.isEnumDeclaration(declaration)) return "enum";
  return undefined;
}

/**
 * Every export of the built entry point `dist/index.d.ts` of each package folder, one
 * entry per declaration (a name declared as an interface and as a value gives two),
 * read with the TypeScript compiler from the declarations that ship.
 */
export function declaredExports(packageDirs: readonly string[]): Map<string, DeclaredExport[]> {
  const entries = packageDirs.map((dir) => join(dir, "dist", "index.d.ts"));
  for (const entry of entries) if (!existsSync(entry)) throw new Error(`${entry} is missing: build the package first.`);
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const result = new Map<string, DeclaredExport[]>();
  for (const [index, entry] of entries.entries()) {
    const source = program.getSourceFile(entry)!;
    const moduleSymbol = checker.getSymbolAtLocation(source)!;
    const found: DeclaredExport[] = [];
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const declaration of symbol.declarations ?? []) {
        const kind = kindOf(declaration);
        if (!kind) continue;
        const deprecated = ts.getJSDocDeprecatedTag(declaration) !== undefined;
        const parameters = ts.isFunctionDeclaration(declaration) ? declaration.parameters.map((parameter) => parameter.name.getText()) : undefined;
        found.push({ name: exported.name, kind, deprecated, ...(parameters ? { parameters } : {}) });
      }
    }
    result.set(
      packageDirs[index]!,
      found.sort((a, b) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind)),
    );
  }
  return result;
}
