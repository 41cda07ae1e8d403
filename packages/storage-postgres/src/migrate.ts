import type pg from "pg";
import { checkOptions, optionIs as is, StorageSchemaError, type OptionRule } from "@baton/core";
import { schemaStatusOf, type AppliedMigration, type SchemaStatus as SchemaStatusOfKit } from "@baton/core/storage-kit";
import { isQueryTimeout } from "./errors.js";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.js";
import { quoteIdentifier } from "./sql.js";

/** Options of {@link migrate} and {@link schemaStatus}. */
export interface MigrateOptions {
  /** The schema holding Baton's tables; default `public`. Created when missing (by `migrate`). */
  readonly schema?: string;
}

/** The rule of every key of {@link MigrateOptions}; an unknown key is a `ConfigurationError`. */
const MIGRATE_OPTION_RULES = {
  schema: is.nonEmptyString,
} as const satisfies { readonly [K in keyof Required<MigrateOptions>]: OptionRule };

/**
 * Where a PostgreSQL schema stands against {@link MIGRATIONS}: the migrations recorded
 * in its `baton_migrations`, the known ones it lacks (`pending`), and recorded versions
 * a newer `@baton/storage-postgres` applied (`newer`).
 */
export interface SchemaStatus extends SchemaStatusOfKit {
  /** The schema holding Baton's tables. */
  readonly schema: string;
}

/** A pool, or one connected client (`pg.Client` or a pool's client). */
export type Connectable = pg.Pool | pg.ClientBase;

/** Arbitrary first key of the advisory lock taken while migrating (the second is the schema's hash). */
const LOCK_CLASS = 1_651_470_190;

function isPool(db: Connectable): db is pg.Pool {
  return "totalCount" in db && typeof (db as pg.Pool).end === "function" && !("release" in db);
}

/**
 * Runs `use` on a client of `db` (a pool's is released after; after a failure it is
 * dropped rather than returned to the pool: its connection may be broken or still
 * busy with a statement that timed out).
 */
async function withClient<T>(db: Connectable, use: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  if (!isPool(db)) return use(db);
  const client = await db.connect();
  let failed = false;
  try {
    return await use(client);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    client.release(failed);
  }
}

/** The `StorageSchemaError` for a schema migrated by a newer version of this package. */
export function newerSchemaError(schema: string, newer: readonly number[]): StorageSchemaError {
  return new StorageSchemaError(
    `The PostgreSQL schema "${schema}" was migrated by a newer @baton/storage-postgres (schema version ${Math.max(...newer)}; this version knows up to ${SCHEMA_VERSION}). Upgrade @baton/storage-postgres.`,
    { details: { schema, newer: [...newer], latestKnown: SCHEMA_VERSION } },
  );
}

async function recordedVersions(client: pg.ClientBase, schema: string): Promise<AppliedMigration[]> {
  const table = `${quoteIdentifier(schema)}.baton_migrations`;
  const exists = await client.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [table]);
  if (!exists.rows[0]?.found) return [];
  const rows = await client.query<{ version: number; name: string; applied_at: Date }>(`SELECT version, name, applied_at FROM ${table} ORDER BY version`);
  return rows.rows.map((row) => ({ version: row.version, name: row.name, appliedAt: row.applied_at.getTime() }));
}

function statusOf(schema: string, applied: readonly AppliedMigration[]): SchemaStatus {
  return { schema, ...schemaStatusOf(applied, MIGRATIONS) };
}

/**
 * Reads where `schema` stands against {@link MIGRATIONS}, changing nothing.
 * @throws ConfigurationError (as a rejection) for an unknown option key or a `schema` that is not a non-empty string.
 */
export async function schemaStatus(db: Connectable, options: MigrateOptions = {}): Promise<SchemaStatus> {
  checkOptions("schemaStatus", options, MIGRATE_OPTION_RULES);
  const schema = options.schema ?? "public";
  return withClient(db, async (client) => statusOf(schema, await recordedVersions(client, schema)));
}

/**
 * Applies the missing {@link MIGRATIONS} to `schema` (creating it and
 * `baton_migrations` when missing), in order, each in its own transaction under a
 * transaction-level advisory lock on the schema, so processes migrating at once
 * apply each version once. Returns the versions applied (`[]` when up to date).
 * @throws StorageSchemaError when a newer version of this package migrated the schema.
 * @throws ConfigurationError (as a rejection) for an unknown option key or a `schema` that is not a non-empty string.
 */
export async function migrate(db: Connectable, options: MigrateOptions = {}): Promise<number[]> {
  checkOptions("migrate", options, MIGRATE_OPTION_RULES);
  const schema = options.schema ?? "public";
  const applied: number[] = [];
  await withClient(db, async (client) => {
    for (;;) {
      await client.query("BEGIN");
      try {
        await client.query("SELECT pg_advisory_xact_lock($1::int, hashtext($2))", [LOCK_CLASS, schema]);
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${quoteIdentifier(schema)}.baton_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
        );
        const status = statusOf(schema, await recordedVersions(client, schema));
        if (status.newer.length > 0) throw newerSchemaError(schema, status.newer);
        const next = status.pending[0];
        if (!next) {
          await client.query("COMMIT");
          return;
        }
        await client.query(`SET LOCAL search_path TO ${quoteIdentifier(schema)}`);
        await client.query(next.sql);
        await client.query(`INSERT INTO ${quoteIdentifier(schema)}.baton_migrations (version, name) VALUES ($1, $2)`, [next.version, next.name]);
        await client.query("COMMIT");
        applied.push(next.version);
      } catch (error) {
        // After a statement that timed out the connection is not answering, and a ROLLBACK would wait as long
        // again: a pool's client is dropped (withClient), and the server rolls back when its connection closes.
        if (!isQueryTimeout(error)) await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
    }
  });
  return applied;
}
