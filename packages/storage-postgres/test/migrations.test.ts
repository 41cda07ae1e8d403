import { StorageSchemaError } from "@baton/core";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { LATEST_VERSION, SCHEMA_VERSION, MIGRATIONS, createPostgresStorage, migrate, schemaStatus } from "../src/index.js";
import { CONNECTION_STRING, adminClient, describePostgres, dropSchemasAfterAll, uniqueSchema } from "./support/postgres.js";

import { expectErrorOf, expectRejectionOf } from "@baton/testing/storage-conformance";
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
      "baton_tool_outputs",
      "baton_usage",
    ]);
  });

  it("applies each version once when several processes migrate a fresh schema at once", async () => {
    const schema = track(uniqueSchema());
    const results = await Promise.all(Array.from({ length: 4 }, () => migrate(newPool(), { schema })));
    expect(results.flat().sort()).toEqual(MIGRATIONS.map((migration) => migration.version));
    expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
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
      expect(await migrate(client, { schema })).toEqual([SCHEMA_VERSION]);
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

  it("hides the password in the suggested command", async () => {
    const schema = track(uniqueSchema());
    const withPassword = CONNECTION_STRING.replace("postgres://postgres@", "postgres://postgres:hunter2@");
    const failure = await createPostgresStorage({ connectionString: withPassword, schema, migrate: false }).catch((error: unknown) => error);
    expectErrorOf(failure, StorageSchemaError);
    expect((failure as Error).message).not.toContain("hunter2");
    expect((failure as Error).message).toContain("postgres:PASSWORD@");
  });
});
