import type { Database } from "better-sqlite3";
import { StorageSchemaError } from "@baton/core";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.js";

/** A row of `baton_migrations`. */
export interface AppliedMigration {
  readonly version: number;
  readonly name: string;
  /** Milliseconds since the epoch. */
  readonly appliedAt: number;
}

/** Where a database's schema stands against {@link MIGRATIONS}. */
export interface SchemaStatus {
  /** The versions recorded in `baton_migrations`, oldest first (empty for a new database). */
  readonly applied: readonly AppliedMigration[];
  /** Versions this package knows that the database lacks, in order. */
  readonly pending: readonly number[];
  /** Recorded versions this package does not know: a newer `@baton/storage-sqlite` migrated the database. */
  readonly unknown: readonly number[];
  /** True when nothing is pending and nothing is unknown. */
  readonly current: boolean;
}

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS baton_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at INTEGER NOT NULL
)`;

const KNOWN = new Set(MIGRATIONS.map((migration) => migration.version));

function appliedMigrations(db: Database): AppliedMigration[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'baton_migrations'").get();
  if (table === undefined) return [];
  const rows = db.prepare("SELECT version, name, applied_at AS appliedAt FROM baton_migrations ORDER BY version").all() as AppliedMigration[];
  return rows;
}

/** Reads where `db`'s schema stands, without changing anything. */
export function schemaStatus(db: Database): SchemaStatus {
  const applied = appliedMigrations(db);
  const versions = new Set(applied.map((row) => row.version));
  const pending = MIGRATIONS.filter((migration) => !versions.has(migration.version)).map((migration) => migration.version);
  const unknown = applied.filter((row) => !KNOWN.has(row.version)).map((row) => row.version);
  return { applied, pending, unknown, current: pending.length === 0 && unknown.length === 0 };
}

/** The error for a database that a newer version of this package migrated. */
export function newerSchemaError(file: string, unknown: readonly number[]): StorageSchemaError {
  return new StorageSchemaError(
    `The SQLite database ${file} has schema version ${Math.max(...unknown)}, newer than this @baton/storage-sqlite knows (${SCHEMA_VERSION}): it was migrated by a newer version. Upgrade @baton/storage-sqlite.`,
    { details: { file, unknownVersions: [...unknown], knownVersion: SCHEMA_VERSION } },
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
    const { unknown } = schemaStatus(db);
    if (unknown.length > 0) throw newerSchemaError(db.name, unknown);
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
