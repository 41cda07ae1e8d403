import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { MIGRATIONS, SCHEMA_VERSION } from "../src/index.js";
import { withHandle } from "./support/harness.js";

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
// The CLI is compiled here from src (as `tsc` compiles it to dist/cli.js) so this test
// does not race the package's own build. It lives inside the package so that
// `@baton/core` and `better-sqlite3` resolve from the package's node_modules.
const cliDir = join(packageRoot, "test-results", "cli-dist");
const cli = join(cliDir, "cli.js");

let dir: string;

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  rmSync(cliDir, { recursive: true, force: true });
  mkdirSync(cliDir, { recursive: true });
  const srcDir = join(packageRoot, "src");
  for (const name of readdirSync(srcDir).filter((entry) => entry.endsWith(".ts") && !entry.endsWith(".test.ts"))) {
    const source = readFileSync(join(srcDir, name), "utf8");
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: name,
    });
    writeFileSync(join(cliDir, name.replace(/\.ts$/, ".js")), outputText);
  }
  dir = mkdtempSync(join(tmpdir(), "baton-sqlite-cli-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("baton-storage-sqlite", () => {
  it("starts with a shebang", () => {
    expect(readFileSync(join(packageRoot, "src", "cli.ts"), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(readFileSync(cli, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("migrate creates and migrates the file, then status reports it current; a second migrate applies nothing", () => {
    const file = join(dir, "app.db");
    const migrated = run("migrate", file);
    expect(migrated).toMatchObject({ code: 0, stderr: "" });
    for (const migration of MIGRATIONS) expect(migrated.stdout).toContain(`applied migration ${migration.version} (${migration.name})`);
    expect(withHandle(file, (db) => db.prepare("SELECT count(*) AS n FROM baton_migrations").get())).toEqual({ n: MIGRATIONS.length });

    const status = run("status", file);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`applied  1 ${MIGRATIONS[0]?.name}`);
    expect(status.stdout).toContain("Up to date.");

    const again = run("migrate", file);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`already up to date (schema version ${SCHEMA_VERSION})`);
  }, 60_000);

  it("status of an unmigrated file lists pending migrations and exits 2", () => {
    const file = join(dir, "empty.db");
    withHandle(join(dir, "empty.db"), () => undefined, true);
    const status = run("status", file);
    expect(status.code).toBe(2);
    expect(status.stdout).toContain("pending  1");
    expect(status.stdout).toContain(`baton-storage-sqlite migrate ${file}`);
  }, 60_000);

  it("migrate brings a version-1 file to the current version, applying only what it lacks", () => {
    const file = join(dir, "v1.db");
    withHandle(
      file,
      (db) => {
        db.exec("CREATE TABLE baton_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
        db.exec(MIGRATIONS[0]!.sql);
        db.prepare("INSERT INTO baton_migrations (version, name, applied_at) VALUES (1, ?, ?)").run(MIGRATIONS[0]!.name, Date.now());
      },
      true,
    );
    const before = run("status", file);
    expect(before.code).toBe(2);
    expect(before.stdout).toContain(`pending  2 ${MIGRATIONS[1]?.name}`);
    const migrated = run("migrate", file);
    expect(migrated).toMatchObject({ code: 0, stderr: "" });
    expect(migrated.stdout).toBe(`${file}: applied migration 2 (${MIGRATIONS[1]?.name}).\n`);
    expect(run("status", file).code).toBe(0);
  }, 60_000);

  it("status of a missing file fails without creating it", () => {
    const file = join(dir, "missing.db");
    const status = run("status", file);
    expect(status.code).toBe(1);
    expect(status.stderr).toMatch(/Cannot open the SQLite database/);
    expect(readdirSync(dir)).not.toContain("missing.db");
  }, 60_000);

  it("prints usage for a wrong command", () => {
    const wrong = run("frobnicate");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Usage: baton-storage-sqlite");
    expect(run("--help")).toMatchObject({ code: 0 });
  }, 60_000);
});
