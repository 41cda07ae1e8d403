import { StorageSchemaError } from "@baton/core";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { LATEST_VERSION, SCHEMA_VERSION, MIGRATIONS, createPostgresStorage, migrate, schemaStatus } from "../src/index.js";
import { CONNECTION_STRING, adminClient, describePostgres, dropSchemasAfterAll, uniqueSchema } from "./support/postgres.js";

import { expectErrorOf, expectRejectionOf, expectFencingAfterMigration, sampleRunState } from "@baton/testing/storage-conformance";
describePostgres("migrations", () => {
  const track = dropSchemasAfterAll();
  const pools: pg.Pool[] = [];
  const newPool = (): pg.Pool => {
    const pool = new pg.Pool({ connectionString: CONNECTION_STRING, max: 2 });
    pools.push(pool);
    return pool;
  };
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
  });

  const tablesOf = async (schema: string): Promise<string[]> => {
    const client = await adminClient();
    try {
      const result = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
        [schema],
      );
      return result.rows.map((row) => row.table_name);
    } finally {
      await client.end();
    }
  };

  it("lists versions in increasing order, each with a name and SQL", () => {
    const versions = MIGRATIONS.map((migration) => migration.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    expect(SCHEMA_VERSION).toBe(versions.at(-1));
    // The deprecated name, kept for one release.
    expect(LATEST_VERSION).toBe(SCHEMA_VERSION);
    for (const migration of MIGRATIONS) expect(migration.name.length * migration.sql.length).toBeGreaterThan(0);
  });

  it("creates the schema, applies every migration once and is idempotent", async () => {
    const schema = track(uniqueSchema());
    const pool = newPool();
    expect(await schemaStatus(pool, { schema })).toMatchObject({ schema, applied: [], newer: [], pending: MIGRATIONS, current: false });
    const before = Date.now();
    expect(await migrate(pool, { schema })).toEqual(MIGRATIONS.map((migration) => migration.version));
    expect(await migrate(pool, { schema })).toEqual([]);
    const status = await schemaStatus(pool, { schema });
    expect(status.pending).toEqual([]);
    expect(status.applied.map((migration) => [migration.version, migration.name])).toEqual(MIGRATIONS.map((migration) => [migration.version, migration.name]));
    expect(status.current).toBe(true);
    // Milliseconds since the epoch, like every time Baton stores (the server's clock, so a second of slack).
    expect(status.applied[0]!.appliedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(status.applied[0]!.appliedAt).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await tablesOf(schema)).toEqual([
      "baton_checkpoints",
      "baton_conversations",
      "baton_messages",
      "baton_migrations",
      "baton_runs",
      "baton_sessions",
      "baton_summaries",
      "baton_tool_calls",
      "baton_tool_outputs",
      "baton_usage",
    ]);
  });

  it("applies each version once when several processes migrate a fresh schema at once", async () => {
    const schema = track(uniqueSchema());
    const results = await Promise.all(Array.from({ length: 4 }, () => migrate(newPool(), { schema })));
    // Each version is applied by exactly one of them (not necessarily all by the same one: each has its own transaction).
    expect(results.flat().sort((a, b) => a - b)).toEqual(MIGRATIONS.map((migration) => migration.version));
    const client = await adminClient();
    try {
      const rows = await client.query(`SELECT version FROM "${schema}".baton_migrations`);
      expect(rows.rowCount).toBe(MIGRATIONS.length);
    } finally {
      await client.end();
    }
  });

  it("also migrates through a single connected client", async () => {
    const schema = track(uniqueSchema());
    const client = await adminClient();
    try {
      expect(await migrate(client, { schema })).toEqual(MIGRATIONS.map((migration) => migration.version));
      expect(await migrate(client, { schema })).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it("refuses a schema migrated by a newer version", async () => {
    const schema = track(uniqueSchema());
    const pool = newPool();
    await migrate(pool, { schema });
    await pool.query(`INSERT INTO "${schema}".baton_migrations (version, name) VALUES ($1, 'from the future')`, [SCHEMA_VERSION + 1]);
    const failure = await migrate(pool, { schema }).catch((error: unknown) => error);
    expectErrorOf(failure, StorageSchemaError);
    expect((failure as Error).message).toContain(`schema version ${SCHEMA_VERSION + 1}`);
    expect((await schemaStatus(pool, { schema })).newer).toEqual([SCHEMA_VERSION + 1]);
    await expectRejectionOf(createPostgresStorage({ connectionString: CONNECTION_STRING, schema }), StorageSchemaError);
    await expect(createPostgresStorage({ connectionString: CONNECTION_STRING, schema, migrate: false })).rejects.toMatchObject({ code: "STORAGE_SCHEMA" });
  });

  it("with migrate: false, names the CLI command for an unmigrated schema and changes nothing", async () => {
    const schema = track(uniqueSchema());
    const failure = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, migrate: false }).catch((error: unknown) => error);
    expectErrorOf(failure, StorageSchemaError);
    expect((failure as Error).message).toContain(`npx baton-storage-postgres migrate "${CONNECTION_STRING}" --schema "${schema}"`);
    expect(await tablesOf(schema)).toEqual([]);
    const pool = newPool();
    const other = await createPostgresStorage({ pool, migrate: false, schema: "public" }).catch((error: unknown) => error);
    // The test database's public schema is not Baton's: the message then shows a placeholder.
    if (StorageSchemaError.isInstance(other)) expect(other.message).toContain('npx baton-storage-postgres migrate "<connection-string>"');
    else await (other as { close(): Promise<void> }).close();
  });

  it("with migrate: false, uses a migrated schema as it is", async () => {
    const schema = track(uniqueSchema());
    await migrate(newPool(), { schema });
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, migrate: false });
    try {
      await storage.appendMessages("c", [{ role: "user", parts: [{ type: "text", text: "hi" }] }]);
      expect(await storage.loadMessages("c")).toHaveLength(1);
    } finally {
      await storage.close();
    }
  });

  /**
   * A schema as version 1 left it (before fencing tokens and the journal): migration 1
   * only, with a run `r1` held by `w1` and its checkpoint.
   */
  const writeVersion1Schema = async (schema: string): Promise<void> => {
    const client = await adminClient();
    const [first] = MIGRATIONS;
    try {
      await client.query("BEGIN");
      await client.query(`CREATE SCHEMA "${schema}"`);
      await client.query(`SET LOCAL search_path TO "${schema}"`);
      await client.query("CREATE TABLE baton_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
      await client.query(first!.sql);
      await client.query("INSERT INTO baton_migrations (version, name) VALUES (1, $1)", [first!.name]);
      await client.query("INSERT INTO baton_runs (id, owner, lease_until, finished, last_activity) VALUES ('r1', 'w1', 60000, false, 0)");
      await client.query("INSERT INTO baton_checkpoints (run_id, agent_path, data) VALUES ('r1', 'main', $1)", [JSON.stringify(sampleRunState("r1"))]);
      await client.query("COMMIT");
    } finally {
      await client.end();
    }
  };

  it("version 2 adds the runs' token column (1 for existing runs) and the journal table", async () => {
    expect(MIGRATIONS[1]).toMatchObject({ version: 2, name: "fencing tokens and the tool-call journal" });
    const schema = track(uniqueSchema());
    await writeVersion1Schema(schema);
    const pool = newPool();
    expect(await schemaStatus(pool, { schema })).toMatchObject({ pending: [MIGRATIONS[1]], current: false });
    expect(await migrate(pool, { schema })).toEqual([2]);
    expect((await pool.query(`SELECT id, owner, token FROM "${schema}".baton_runs`)).rows).toEqual([{ id: "r1", owner: "w1", token: 1 }]);
    const columns = await pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
      "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'baton_tool_calls' ORDER BY ordinal_position",
      [schema],
    );
    expect(columns.rows.map((column) => [column.column_name, column.data_type, column.is_nullable])).toEqual([
      ["run_id", "text", "NO"],
      ["tool_call_id", "text", "NO"],
      ["position", "bigint", "NO"],
      ["data", "text", "NO"],
    ]);
  });

  it("migrates a version-1 schema on creation: its run's holder goes on with token 1, a takeover gets token 2", async () => {
    const schema = track(uniqueSchema());
    await writeVersion1Schema(schema);
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, max: 2 });
    try {
      await expectFencingAfterMigration(storage);
    } finally {
      await storage.close();
    }
  });

  it("with migrate: false, refuses a version-1 schema, naming the CLI command, until it is migrated", async () => {
    const schema = track(uniqueSchema());
    await writeVersion1Schema(schema);
    const failure = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, migrate: false }).catch((error: unknown) => error);
    expectErrorOf(failure, StorageSchemaError);
    expect((failure as Error).message).toContain(`missing Baton's migrations (2 ${MIGRATIONS[1]!.name})`);
    expect((failure as Error).message).toContain(`npx baton-storage-postgres migrate "${CONNECTION_STRING}" --schema "${schema}"`);
    expect((await schemaStatus(newPool(), { schema })).applied.map((migration) => migration.version)).toEqual([1]);
    expect(await migrate(newPool(), { schema })).toEqual([2]);
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, migrate: false });
    await storage.close();
  });

  it("hides the password in the suggested command", async () => {
    const schema = track(uniqueSchema());
    const withPassword = CONNECTION_STRING.replace("postgres://postgres@", "postgres://postgres:hunter2@");
    const failure = await createPostgresStorage({ connectionString: withPassword, schema, migrate: false }).catch((error: unknown) => error);
    expectErrorOf(failure, StorageSchemaError);
    expect((failure as Error).message).not.toContain("hunter2");
    expect((failure as Error).message).toContain("postgres:PASSWORD@");
  });
});
