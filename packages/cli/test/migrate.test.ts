import { existsSync } from "node:fs";
import { join } from "node:path";
import { describeWithService } from "@baton/testing/services";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { cliEnv, freshDir, runCli } from "./support/cli-process.js";

const env = cliEnv(undefined);

describe("baton migrate on SQLite", () => {
  it("creates the file and its tables, then has nothing to apply", async () => {
    const cwd = freshDir();
    const first = await runCli(["migrate", "--storage", "sqlite:data/runs.db"], { cwd, env });
    expect(first).toEqual({ code: 0, stdout: "Applied migrations 1, 2 to sqlite:data/runs.db; it is now at schema version 2.\n", stderr: "" });
    expect(existsSync(join(cwd, "data", "runs.db"))).toBe(true);
    const again = await runCli(["migrate", "--storage", "sqlite:data/runs.db"], { cwd, env });
    expect(again).toEqual({ code: 0, stdout: "sqlite:data/runs.db is up to date (schema version 2); nothing to apply.\n", stderr: "" });
  });

  it("uses BATON_STORAGE, else the default file", async () => {
    const cwd = freshDir();
    const fromEnv = await runCli(["migrate"], { cwd, env: { ...env, BATON_STORAGE: "sqlite:other.db" } });
    expect(fromEnv.stdout).toBe("Applied migrations 1, 2 to sqlite:other.db; it is now at schema version 2.\n");
    const byDefault = await runCli(["migrate"], { cwd, env });
    expect(byDefault.stdout).toBe("Applied migrations 1, 2 to sqlite:.baton/runs.db; it is now at schema version 2.\n");
  });
});

const POSTGRES_URL = process.env.BATON_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function postgresUnavailable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return `PostgreSQL is unreachable at ${POSTGRES_URL} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const schema = `baton_cli_${process.pid}_${Date.now()}`;

describeWithService("baton migrate on PostgreSQL", await postgresUnavailable(), () => {
  afterAll(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it("applies the migrations to a schema, then has nothing to apply", async () => {
    const cwd = freshDir();
    const first = await runCli(["migrate", "--storage", POSTGRES_URL, "--schema", schema], { cwd, env });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^Applied migrations? [\\d, ]+ to .+ \\(schema ${schema}\\); it is now at schema version \\d+\\.\\n$`));
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    const tables = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name", [
      schema,
    ]);
    await client.end();
    expect(tables.rows.map((row) => row.table_name)).toContain("baton_migrations");
    const again = await runCli(["migrate", "--storage", POSTGRES_URL, "--schema", schema], { cwd, env });
    expect(again.stdout).toMatch(/is up to date \(schema version \d+\); nothing to apply\.\n$/);
  });
});
