import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readManifest, REPOSITORY_ROOT } from "../src/repository.js";

const SCRIPT = join(REPOSITORY_ROOT, "scripts", "typecheck.mjs");
const project = mkdtempSync(join(tmpdir(), "baton-typecheck-"));

afterAll(() => rmSync(project, { recursive: true, force: true }));

/** Runs the script in the temporary project holding `code` as its one file. */
function typecheck(code: string): { status: number | null; output: string } {
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, files: ["index.ts"] }));
  writeFileSync(join(project, "index.ts"), code);
  const result = spawnSync(process.execPath, [SCRIPT], { cwd: project, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("scripts/typecheck.mjs", () => {
  it("type-checks the project it is started in with TypeScript 7: a type error fails it with the error, a sound file passes", () => {
    const failed = typecheck('const count: number = "three";\nexport { count };\n');
    expect(failed.status).toBe(1);
    expect(failed.output).toContain("index.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.");
    expect(typecheck("const count: number = 3;\nexport { count };\n")).toStrictEqual({ status: 0, output: "" });
    // Checked, not compiled: nothing is written.
    expect(readdirSync(project).sort()).toStrictEqual(["index.ts", "tsconfig.json"]);
  });

  it("is what every workspace's typecheck script runs, with the TypeScript 7 the root pins", () => {
    const root = readManifest(REPOSITORY_ROOT) as ReturnType<typeof readManifest> & { devDependencies: Record<string, string> };
    expect(root.devDependencies["typescript-native"]).toMatch(/^npm:typescript@7\./);
    const folders = ["packages", "tests", "examples"].flatMap((group) =>
      readdirSync(join(REPOSITORY_ROOT, group), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(REPOSITORY_ROOT, group, entry.name)),
    );
    const scripts = folders.flatMap((folder) => {
      try {
        const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { scripts?: { typecheck?: string } };
        return manifest.scripts?.typecheck === undefined ? [] : [manifest.scripts.typecheck];
      } catch {
        return [];
      }
    });
    expect(scripts.length).toBeGreaterThan(25);
    expect(new Set(scripts)).toStrictEqual(new Set(["node ../../scripts/typecheck.mjs"]));
  });
});
