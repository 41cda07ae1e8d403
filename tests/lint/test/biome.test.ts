import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const require = createRequire(import.meta.url);
/** Biome's own launcher (it picks the prebuilt binary of this platform). */
const biome = join(dirname(require.resolve("@biomejs/biome/package.json")), "bin", "biome");

it("Biome finds no lint error and no unformatted file in the repository (line width 160)", () => {
  const result = spawnSync(process.execPath, [biome, "ci", "--colors=off", "--max-diagnostics=50", "."], { cwd: root, encoding: "utf8" });
  const report = `${result.stdout}\n${result.stderr}`;
  expect(report).toMatch(/Checked \d+ files/);
  expect(result.status, report).toBe(0);
});
