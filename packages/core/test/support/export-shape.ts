import type { DeclaredExport } from "./adapter-exports.js";

/** The deprecated exports of an entry point, as sorted `name kind` lines (what an adapter test lists by hand). */
export function deprecatedExportsOf(exports: readonly DeclaredExport[]): string[] {
  return exports
    .filter((entry) => entry.deprecated)
    .map((entry) => `${entry.name} ${entry.kind}`)
    .sort();
}

/** The names of the run-time values (functions, constants, classes, enums) the declarations of an entry point name, sorted, once each. */
export function valueNamesOf(exports: readonly DeclaredExport[]): string[] {
  const values = exports.filter((entry) => entry.kind === "function" || entry.kind === "const" || entry.kind === "class" || entry.kind === "enum");
  return [...new Set(values.map((entry) => entry.name))].sort();
}
