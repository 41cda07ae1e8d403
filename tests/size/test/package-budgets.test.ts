import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { kilobytes, measureBundle } from "../src/bundle-size.mjs";
import { REPOSITORY_ROOT, entryFiles, externalsOf, reexportAll, rootEntryFile } from "../src/package-entries.mjs";
import { CORE_LOOP_TOOLS_BUDGET_KB, PACKAGE_BUDGETS_KB, UNBUDGETED_PACKAGES } from "./size-budgets.js";

const resolveDir = join(REPOSITORY_ROOT, "tests", "size");

/** The eager gzip size of a bundle must be within `budgetKb`; the message says by how much it is not. */
function expectWithin(label: string, gzipBytes: number, budgetKb: number): void {
  const message = `${label} is ${kilobytes(gzipBytes)} gzip, over its budget of ${budgetKb} KB (tests/size/test/size-budgets.ts)`;
  expect(gzipBytes, message).toBeLessThanOrEqual(budgetKb * 1000);
}

describe("size budgets", () => {
  it("cover every package folder, or say why not", () => {
    const folders = readdirSync(join(REPOSITORY_ROOT, "packages"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const covered = [...Object.keys(PACKAGE_BUDGETS_KB), ...Object.keys(UNBUDGETED_PACKAGES)].sort();
    expect(covered).toStrictEqual(folders);
  });

  for (const [folder, budgetKb] of Object.entries(PACKAGE_BUDGETS_KB)) {
    it(`keep ${folder} (its own code) within ${budgetKb} KB gzip`, async () => {
      const size = await measureBundle({ source: reexportAll(entryFiles(folder)), resolveDir, external: externalsOf(folder) });
      // A bundle of nothing would pass any budget: the package's own files must be in it.
      const ownFiles = Object.keys(size.inputs).filter((input) => input.includes(`packages/${folder}/dist/`));
      expect(ownFiles.length).toBeGreaterThan(0);
      expectWithin(folder, size.eager.gzip, budgetKb);
    });
  }

  it(`keep core + loop + tools together within ${CORE_LOOP_TOOLS_BUDGET_KB} KB gzip, without the JSON Schema validator`, async () => {
    const size = await measureBundle({ source: reexportAll(["core", "loop", "tools"].map(rootEntryFile)), resolveDir });
    const inputs = Object.keys(size.inputs);
    for (const folder of ["core", "loop", "tools"]) expect(inputs.some((input) => input.includes(`packages/${folder}/dist/`))).toBe(true);
    // Ajv (and fast-uri, its URI parser) load on the first JSON Schema tool, never with the module.
    expect(inputs.filter((input) => /node_modules\/(ajv|fast-uri)\//.test(input))).toStrictEqual([]);
    expectWithin("core + loop + tools", size.eager.gzip, CORE_LOOP_TOOLS_BUDGET_KB);
  });

  it("load the loop's optional parts (storage and resume, pauses, logging, budgets, the context engine, sub-agents) and core's run-state reader only when a run needs them", async () => {
    const size = await measureBundle({ source: reexportAll(["core", "loop", "tools"].map(rootEntryFile)), resolveDir });
    const lazyParts = (inputs: readonly string[]) =>
      inputs.filter((input) => /packages\/loop\/dist\/optional-parts-[^/]*\.js$/.test(input) || input.includes("packages/core/dist/run-state/"));
    expect(lazyParts(size.eagerInputs)).toStrictEqual([]);
    expect(lazyParts(size.lazyInputs)).toStrictEqual([
      expect.stringContaining("packages/core/dist/run-state/index.js"),
      expect.stringMatching(/packages\/loop\/dist\/optional-parts-/),
    ]);
  });
});
