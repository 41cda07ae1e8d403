/** One versioned step of a SQL adapter's schema: applied once, in `version` order, inside a transaction. */
export interface Migration {
  /** Position in the schema history, from 1, without gaps; recorded in `baton_migrations`. */
  readonly version: number;
  /** Short description, recorded in `baton_migrations`. */
  readonly name: string;
  /** The SQL the step runs (one or more statements). */
  readonly sql: string;
}

/** A migration recorded in a database's `baton_migrations` table. */
export interface AppliedMigration {
  readonly version: number;
  readonly name: string;
  /** When it was applied, in milliseconds since the epoch. */
  readonly appliedAt: number;
}

/** Where a database's schema stands against the migrations an adapter knows. */
export interface SchemaStatus {
  /** The migrations recorded in the database, oldest first (empty for a new database). */
  readonly applied: readonly AppliedMigration[];
  /** Known migrations the database lacks, in order. */
  readonly pending: readonly Migration[];
  /** Recorded versions the adapter does not know: a newer version of it migrated the database. */
  readonly newer: readonly number[];
  /** True when nothing is pending and nothing is newer. */
  readonly current: boolean;
}

/** The newest version of `migrations` (0 for none): an adapter's `SCHEMA_VERSION`. */
export function latestSchemaVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((latest, migration) => Math.max(latest, migration.version), 0);
}

/** Compares what a database recorded with the migrations an adapter knows. */
export function schemaStatusOf(applied: readonly AppliedMigration[], migrations: readonly Migration[]): SchemaStatus {
  const known = new Set(migrations.map((migration) => migration.version));
  const done = new Set(applied.map((migration) => migration.version));
  const pending = migrations.filter((migration) => !done.has(migration.version)).sort((a, b) => a.version - b.version);
  const newer = applied.map((migration) => migration.version).filter((version) => !known.has(version));
  return { applied, pending, newer, current: pending.length === 0 && newer.length === 0 };
}
