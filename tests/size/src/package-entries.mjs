// The published packages of the repository and the module text that bundles one
// package's public entry points, for the size budgets and bench/size.mjs.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder. */
export const REPOSITORY_ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");

/** The manifest (package.json) of the package in `packages/<folder>`. */
export function readManifest(folder) {
  return JSON.parse(readFileSync(join(REPOSITORY_ROOT, "packages", folder, "package.json"), "utf8"));
}

/** The built JavaScript files of a package's `exports` map (every subpath but `./package.json`), as absolute paths. */
export function entryFiles(folder) {
  const manifest = readManifest(folder);
  const files = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath === "./package.json") continue;
    const file = typeof target === "string" ? target : (target.import ?? target.default);
    files.push(join(REPOSITORY_ROOT, "packages", folder, file));
  }
  return files;
}

/** The built JavaScript file of a package's root entry point (`exports["."]`), as an absolute path. */
export function rootEntryFile(folder) {
  const root = readManifest(folder).exports?.["."];
  const file = typeof root === "string" ? root : (root?.import ?? root?.default);
  if (file === undefined) throw new Error(`packages/${folder} has no root entry point in its exports map`);
  return join(REPOSITORY_ROOT, "packages", folder, file);
}

/** Module text that re-exports everything of the given files (one namespace each, so names never clash). */
export function reexportAll(files) {
  return files.map((file, index) => `export * as entry${index} from ${JSON.stringify(file)};`).join("\n");
}

/**
 * What one package's own code is measured without: its dependencies and peers (each
 * measured on its own or brought by the application) and every other Baton package.
 */
export function externalsOf(folder) {
  const manifest = readManifest(folder);
  const names = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {}), "@baton"];
  return names.flatMap((name) => [name, `${name}/*`]);
}
