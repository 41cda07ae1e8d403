import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

/**
 * Every package's entry points and folder indexes name what they export: no
 * `export * from`, so a package's public surface is read in one place and an internal
 * helper cannot leak out by being exported from its own file.
 */
const packagesDir = fileURLToPath(new URL("../../", import.meta.url));

function indexFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "dist") continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...indexFiles(path));
    else if (entry === "index.ts") found.push(path);
  }
  return found;
}

it("no index.ts of any package re-exports a whole module with export *", () => {
  const files = readdirSync(packagesDir).flatMap((name) => {
    try {
      return indexFiles(join(packagesDir, name, "src"));
    } catch {
      return [];
    }
  });
  expect(files.length).toBeGreaterThan(20);
  const offenders = files.filter((file) => /^\s*export\s+(type\s+)?\*/m.test(readFileSync(file, "utf8"))).map((file) => relative(packagesDir, file));
  expect(offenders).toEqual([]);
});
