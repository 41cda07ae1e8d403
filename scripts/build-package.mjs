#!/usr/bin/env node
/**
 * Builds the package in the current folder (each package's `build` script runs it):
 *
 * 1. empties `dist/`, so no file of an older layout is left behind;
 * 2. `tsc -p tsconfig.build.json --emitDeclarationOnly` with TypeScript 7, the native
 *    compiler (the root devDependency `typescript-native`, as `scripts/typecheck.mjs`):
 *    the declarations and their maps, one per source file, as the `types` of the
 *    exports map name them. It writes the same declarations as TypeScript 5.9 (members
 *    of a union or object type may come in another order) in about a sixth of the time,
 *    which was most of the build; the release test compiles what users write against
 *    them with TypeScript 5.9 (skipLibCheck off), so both majors read every declaration;
 * 3. esbuild bundles every entry of the `exports` map (and of `bin`) from `src/` to
 *    the path the map names: ES modules for Node 20, code shared by two entries in one
 *    chunk (so a class has one copy and `instanceof` holds across entries), every bare
 *    import (other packages, Node built-ins) left an import, not minified, the names of
 *    classes and functions kept, source maps linked to `../src` (the package ships its
 *    sources);
 * 4. checks that bundling gave no entry a Node built-in import its sources do not
 *    have, so browser-safe entries (`./client`, `./browser`) stay browser-safe.
 *
 * Loading one file per entry instead of one per source file is most of a package's
 * import time (see `bench/cold-start.mjs`).
 *
 *   node ../../scripts/build-package.mjs [--standalone src/file.ts]…
 *
 * `--standalone <source>` also builds that file alone, without chunks, to the same
 * place under `dist/` (for files served to the browser as they are, such as the
 * viewer's `src/model/trace.ts`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join, relative } from "node:path";
import { build } from "esbuild";
import { TYPESCRIPT_NATIVE_TSC } from "./typescript-native.mjs";

const packageDir = process.cwd();
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));

/** Options every bundle shares. */
const COMMON = {
  absWorkingDir: packageDir,
  outdir: "dist",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  sourcesContent: false,
  // Not `keepNames`: it wraps every function made at run time (each closure, on each
  // call) in a naming call, which cost the loop about 6 µs per iteration. Classes keep
  // their names without it (`var Foo = class extends …` is named `Foo`), except a class
  // whose body names itself (`var Foo = class _Foo`): write such references outside the
  // class body. tests/size checks every exported class's name after bundling.
  keepNames: false,
  minify: false,
  logLevel: "warning",
  metafile: true,
};

/** `--standalone` sources from the command line. */
function parseArgs(argv) {
  const standalone = [];
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    if (flag === "--standalone") standalone.push(inline ?? argv[++i]);
    else throw new Error(`build-package: unknown option ${argv[i]} (use --standalone <src/file.ts>)`);
  }
  return { standalone };
}

/** Every built JavaScript file the manifest names: the exports map's targets and the bins. */
function manifestTargets() {
  const targets = new Set();
  const visit = (value) => {
    if (typeof value === "string") {
      if (value.startsWith("./dist/") && value.endsWith(".js")) targets.add(value.slice(2));
    } else if (value !== null && typeof value === "object") {
      for (const [key, nested] of Object.entries(value)) if (key !== "types") visit(nested);
    }
  };
  visit(manifest.exports ?? manifest.main);
  visit(typeof manifest.bin === "string" ? { [manifest.name]: manifest.bin } : manifest.bin);
  return [...targets].sort();
}

/** The source of `dist/<path>.js`: `src/<path>.ts` (or `.tsx`, `.mts`). */
function sourceOf(target) {
  const stem = `src/${target.slice("dist/".length, -".js".length)}`;
  const found = [".ts", ".tsx", ".mts"].map((ext) => stem + ext).find((file) => existsSync(join(packageDir, file)));
  if (!found) throw new Error(`build-package: ${manifest.name} names ${target}, but there is no ${stem}.ts`);
  return found;
}

/** esbuild's `{ in, out }` entry for a source built to `dist/<path>.js`. */
function entryFor(source, target) {
  return { in: source, out: target.slice("dist/".length, -".js".length) };
}

/** Writes the package's declarations with TypeScript 7. */
function emitDeclarations() {
  const result = spawnSync(process.execPath, [TYPESCRIPT_NATIVE_TSC, "-p", "tsconfig.build.json", "--emitDeclarationOnly"], {
    cwd: packageDir,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Node built-in imports reachable from `start` through `graph` (a metafile's inputs or outputs). */
function builtinsReachable(graph, start) {
  const seen = new Set();
  const builtins = new Set();
  const pending = [start];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !graph[file]) continue;
    seen.add(file);
    for (const imported of graph[file].imports) {
      if (imported.external) {
        if (isBuiltin(imported.path)) builtins.add(imported.path.replace(/^node:/, ""));
      } else pending.push(imported.path);
    }
  }
  return builtins;
}

/** Fails when an entry's bundle reaches a Node built-in its sources do not import. */
function checkBuiltins(metafile) {
  for (const [output, { entryPoint }] of Object.entries(metafile.outputs)) {
    if (!entryPoint) continue;
    const fromSources = builtinsReachable(metafile.inputs, entryPoint);
    const added = [...builtinsReachable(metafile.outputs, output)].filter((name) => !fromSources.has(name));
    if (added.length > 0) {
      throw new Error(`build-package: ${manifest.name}: ${output} imports ${added.join(", ")}, which ${entryPoint} does not reach`);
    }
  }
}

const { standalone } = parseArgs(process.argv.slice(2));
rmSync(join(packageDir, "dist"), { recursive: true, force: true });
emitDeclarations();

const entries = manifestTargets().map((target) => entryFor(sourceOf(target), target));
const bundled = await build({ ...COMMON, entryPoints: entries, splitting: true });
checkBuiltins(bundled.metafile);

for (const source of standalone) {
  const target = `dist/${relative("src", source).replace(/\.[mc]?tsx?$/, "")}.js`;
  const alone = await build({ ...COMMON, entryPoints: [entryFor(source, target)], platform: "neutral" });
  checkBuiltins(alone.metafile);
}
