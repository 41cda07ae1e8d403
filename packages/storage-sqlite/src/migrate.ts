import type { Database } from "better-sqlite3";
import { StorageSchemaError } from "@baton/core";
import { schemaStatusOf, type AppliedMigration, type SchemaStatus as SchemaStatusOfKit } from "@baton/core/storage-kit";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.js";

/**
 * Where a database's schema stands against {@link MIGRATIONS}: the migrations
 * recorded in `baton_migrations`, the known ones it lacks (`pending`), and recorded
 * versions a newer `@baton/storage-sqlite` applied (`newer`).
 */
export interface SchemaStatus extends SchemaStatusOfKit {
  /** @deprecated Use `newer`: the same versions. */
  readonly unknown: readonly number[];
}

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS baton_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at INTEGER NOT NULL
)`;

function appliedMigrations(db: Database): AppliedMigration[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'baton_migrations'").get();
  if (table === undefined) return [];
  const rows = db.prepare("SELECT version, name, applied_at AS appliedAt FROM baton_migrations ORDER BY version").all() as AppliedMigration[];
  return rows;
}

/** Reads where `db`'s schema stands, without changing anything. */
export function schemaStatus(db: Database): SchemaStatus {
  const status = schemaStatusOf(appliedMigrations(db), MIGRATIONS);
  return { ...status, unknown: status.newer };
}

/** The error for a database that a newer version of this package migrated. */
export function newerSchemaError(file: string, newer: readonly number[]): StorageSchemaError {
  return new StorageSchemaError(
    `The SQLite database ${file} has schema version ${Math.max(...newer)}, newer than this @baton/storage-sqlite knows (${SCHEMA_VERSION}): it was migrated by a newer version. Upgrade @baton/storage-sqlite.`,
    { details: { file, unknownVersions: [...newer], knownVersion: SCHEMA_VERSION } },
  );
}

/**
 * Brings `db` to the schema this package needs: creates `baton_migrations` when
 * missing and applies each missing version of {@link MIGRATIONS} in order, each in
 * its own `BEGIN IMMEDIATE` transaction that first re-reads what is applied (so two
 * processes migrating one file at once apply each step once). Idempotent.
 *
 * @returns the versions it applied (empty when the database was already current).
 * @throws StorageSchemaError when a newer version of this package migrated the database.
 * @example migrate(new Database("baton.db")) // [1] the first time, [] after
 */
export function migrate(db: Database): number[] {
  const check = db.transaction(() => {
    db.exec(CREATE_MIGRATIONS_TABLE);
    const { newer } = schemaStatus(db);
    if (newer.length > 0) throw newerSchemaError(db.name, newer);
  });
  check.immediate();
  const isApplied = db.prepare("SELECT 1 FROM baton_migrations WHERE version = ?");
  const record = db.prepare("INSERT INTO baton_migrations (version, name, applied_at) VALUES (?, ?, ?)");
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    const step = db.transaction((): boolean => {
      if (isApplied.get(migration.version) !== undefined) return false;
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
      return true;
    });
    if (step.immediate()) applied.push(migration.version);
  }
  return applied;
}
