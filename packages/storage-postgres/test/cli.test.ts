import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, expect, it } from "vitest";
import { SCHEMA_VERSION, createPostgresStorage } from "../src/index.js";
import { CONNECTION_STRING, describePostgres, dropSchemasAfterAll, uniqueSchema } from "./support/postgres.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The CLI compiled from src (inside the package, so it resolves pg and @baton/core like dist/cli.js). */
const outDir = join(root, "test-results", "cli-build");
const cli = join(outDir, "cli.js");

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runNode(args: readonly string[], timeoutMs = 30_000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const runCli = (...args: string[]): Promise<Outcome> => runNode([cli, ...args]);

beforeAll(async () => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const built = await runNode(
    [tsc, "-p", join(root, "tsconfig.build.json"), "--outDir", outDir, "--declaration", "false", "--declarationMap", "false", "--sourceMap", "false"],
    120_000,
  );
  if (built.code !== 0) throw new Error(`Building the CLI failed:\n${built.stdout}${built.stderr}`);
}, 130_000);

it("starts with a shebang and is the package's bin", () => {
  expect(readFileSync(cli, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> };
  expect(manifest.bin).toEqual({ "baton-storage-postgres": "./dist/cli.js" });
});

it("prints usage and exits 2 on bad arguments", async () => {
  const outcome = await runCli("upgrade");
  expect(outcome.code).toBe(2);
  expect(outcome.stderr).toContain("Usage: baton-storage-postgres <migrate|status>");
}, 60_000);

it("exits 1 with a clear message when the server is unreachable", async () => {
  const outcome = await runCli("status", "postgres://postgres@127.0.0.1:1/test");
  expect(outcome.code).toBe(1);
  expect(outcome.stderr).toContain("baton-storage-postgres status failed");
  expect(outcome.stderr).toContain("ECONNREFUSED");
}, 60_000);

describePostgres("cli", () => {
  const track = dropSchemasAfterAll();

  it("reports pending migrations, migrates, then reports the schema up to date", async () => {
    const schema = track(uniqueSchema());
    const before = await runCli("status", CONNECTION_STRING, "--schema", schema);
    expect(before.code).toBe(3);
    expect(before.stdout).toContain("pending  1 initial");

    const migrated = await runCli("migrate", CONNECTION_STRING, "--schema", schema);
    expect(migrated.stderr).toBe("");
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toContain(`Applied migration 1 (initial) to schema "${schema}" at 127.0.0.1:5432/test.`);
    expect(migrated.stdout).toContain(`Applied migration 2 (fencing tokens and the tool-call journal) to schema "${schema}" at 127.0.0.1:5432/test.`);

    const again = await runCli("migrate", CONNECTION_STRING, `--schema=${schema}`);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`is up to date (version ${SCHEMA_VERSION}); nothing to apply.`);

    const after = await runCli("status", CONNECTION_STRING, "--schema", schema);
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/applied {2}1 initial \(\d{4}-/);
    expect(after.stdout).toContain(`Up to date (version ${SCHEMA_VERSION}).`);

    // The storage then runs on the migrated schema without migrating.
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, migrate: false });
    await storage.close();
    // Four node processes: generous under a fully loaded machine (no time is asserted).
  }, 120_000);
});
