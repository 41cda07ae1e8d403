import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { expectUnknownOptionRejected, optionsError } from "@baton/testing";
import { createPostgresStorage, migrate, POSTGRES_STORAGE_OPTION_RULES, schemaStatus, type MigrateOptions, type PostgresStorageOptions } from "../src/index.js";

const ACCEPTED = ["connectionString", "pool", "schema", "migrate", "max", "connectionTimeoutMs", "queryTimeoutMs"];
// Nothing listens there: a check that let the options through would fail with a StorageError instead.
const NOWHERE = "postgres://postgres@127.0.0.1:1/test";

const bad = (options: unknown): PostgresStorageOptions => options as PostgresStorageOptions;

describe("createPostgresStorage checks its options before connecting", () => {
  it("lists every key of PostgresStorageOptions as accepted", () => {
    expect(Object.keys(POSTGRES_STORAGE_OPTION_RULES)).toEqual(ACCEPTED);
  });

  it("rejects an unknown key, naming the accepted ones", async () => {
    await expectUnknownOptionRejected("createPostgresStorage", "connectionTimeoutMillis", ACCEPTED, () =>
      createPostgresStorage(bad({ connectionString: NOWHERE, connectionTimeoutMillis: 100 })),
    );
    await expectUnknownOptionRejected("createPostgresStorage", "ssl", ACCEPTED, () => createPostgresStorage(bad({ connectionString: NOWHERE, ssl: true })));
  });

  it("rejects a value of the wrong type", async () => {
    const error = await optionsError(() => createPostgresStorage(bad({ connectionString: NOWHERE, max: 0 })));
    expect(error.message).toBe(
      'createPostgresStorage(): option "max" must be a positive integer, got 0. Accepted options: connectionString, pool, schema, migrate, max, connectionTimeoutMs, queryTimeoutMs.',
    );
    expect((await optionsError(() => createPostgresStorage(bad({ connectionString: NOWHERE, schema: "" })))).message).toContain(
      'option "schema" must be a non-empty string',
    );
    expect((await optionsError(() => createPostgresStorage(bad({ pool: "postgres://x" })))).message).toContain('option "pool" must be a pg Pool');
    expect((await optionsError(() => createPostgresStorage(bad({ connectionString: NOWHERE, migrate: 1 })))).message).toContain(
      'option "migrate" must be a boolean, got 1',
    );
  });

  it("creates no pool when the options are wrong", async () => {
    const connect = vi.spyOn(pg.Pool.prototype, "connect");
    try {
      await optionsError(() => createPostgresStorage(bad({ connectionString: NOWHERE, timeout: 1 })));
      expect(connect).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
    }
  });

  it("accepts valid options (and then tries to connect)", async () => {
    const failure = await createPostgresStorage({ connectionString: NOWHERE, schema: "baton", migrate: false, max: 1, connectionTimeoutMs: 500 }).catch(
      (error: unknown) => error,
    );
    expect((failure as Error).name).not.toBe("ConfigurationError");
    expect((failure as Error).message).toContain("Could not reach PostgreSQL");
  });
});

describe("migrate and schemaStatus check their options", () => {
  const pool = { query: () => undefined, connect: () => undefined } as unknown as pg.Pool;
  const badMigrate = (options: unknown): MigrateOptions => options as MigrateOptions;

  it("reject an unknown key", async () => {
    await expectUnknownOptionRejected("migrate", "schemaName", ["schema"], () => migrate(pool, badMigrate({ schemaName: "x" })));
    await expectUnknownOptionRejected("schemaStatus", "schemaName", ["schema"], () => schemaStatus(pool, badMigrate({ schemaName: "x" })));
  });

  it("reject a schema that is not a non-empty string", async () => {
    expect((await optionsError(() => migrate(pool, badMigrate({ schema: 1 })))).message).toContain(
      'migrate(): option "schema" must be a non-empty string, got 1',
    );
  });
});
