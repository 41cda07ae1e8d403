// Where a profiled function lives: the bundled `dist/` position V8 reports, mapped
// back through the package's source map to `packages/<name>/src/…:line`, and the
// package it belongs to (the nearest package.json's name).
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder (bench/profile/../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

const maps = new Map(); // generated file → { map, dir } | null
const packageNames = new Map(); // folder → package name | null

function sourceMapOf(file) {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, existsSync(mapFile) ? { map: new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))), dir: dirname(mapFile) } : null);
  }
  return maps.get(file);
}

function packageNameOf(file) {
  const parts = file.split(sep);
  const modules = parts.lastIndexOf("node_modules");
  if (modules >= 0) return parts[modules + 1]?.startsWith("@") ? `${parts[modules + 1]}/${parts[modules + 2]}` : parts[modules + 1];
  for (let dir = dirname(file); dir.startsWith(REPO_ROOT); dir = dirname(dir)) {
    if (!packageNames.has(dir)) {
      const manifest = join(dir, "package.json");
      packageNames.set(dir, existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")).name ?? null) : null);
    }
    const name = packageNames.get(dir);
    if (name) return name === "baton-bench" ? "bench (fake model, harness)" : name;
    if (dir === REPO_ROOT) break;
  }
  return "other";
}

/**
 * The place of a V8 call frame: `{ where, package }`. `where` is a path relative to the
 * repository with a 1-based line (the original source when a source map has it);
 * V8's own entries ("(garbage collector)", "(program)") are their own package.
 */
export function locate(callFrame) {
  const { url, lineNumber, columnNumber, functionName } = callFrame;
  if (!url) return { where: "", package: functionName.startsWith("(") ? functionName : "V8 / native" };
  if (url.startsWith("node:")) return { where: url, package: "node" };
  let file;
  try {
    file = url.startsWith("file:") ? fileURLToPath(url) : url;
  } catch {
    return { where: url, package: "other" };
  }
  let where = `${relative(REPO_ROOT, file)}:${lineNumber + 1}`;
  let original = file;
  const mapped = sourceMapOf(file);
  if (mapped && lineNumber >= 0) {
    const entry = mapped.map.findEntry(lineNumber, Math.max(0, columnNumber));
    if (entry?.originalSource) {
      original = resolve(mapped.dir, entry.originalSource.replace(/^file:\/\//, ""));
      where = `${relative(REPO_ROOT, original)}:${entry.originalLine + 1}`;
    }
  }
  return { where, package: packageNameOf(original) };
}

/**
 * Sums an amount (µs, bytes) by function (name and place) and by package: `add` a call
 * frame's amount, then `perRun(runs, field)` gives `{ total, functions, packages }`,
 * each row's amount divided by `runs` under the name `field`, largest first.
 */
export function tallyByLocation() {
  const functions = new Map();
  const packages = new Map();
  let total = 0;
  return {
    add(callFrame, amount) {
      const { where, package: pkg } = locate(callFrame);
      const name = callFrame.functionName || "(anonymous)";
      const key = `${name}\u0000${where}`;
      const row = functions.get(key) ?? { function: name, where, package: pkg, amount: 0 };
      row.amount += amount;
      functions.set(key, row);
      packages.set(pkg, (packages.get(pkg) ?? 0) + amount);
      total += amount;
    },
    perRun(runs, field) {
      const byAmount = (a, b) => b[field] - a[field];
      return {
        total: total / runs,
        functions: [...functions.values()].map(({ amount, ...row }) => ({ ...row, [field]: amount / runs })).sort(byAmount),
        packages: [...packages].map(([name, amount]) => ({ package: name, [field]: amount / runs })).sort(byAmount),
      };
    },
  };
}
