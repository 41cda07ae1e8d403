/**
 * `@baton/storage-sqlite`: Baton's `Storage` in a SQLite file through better-sqlite3,
 * with versioned migrations (`migrate`, `MIGRATIONS`) and the `baton-storage-sqlite` CLI.
 * @packageDocumentation
 */
export { createSqliteStorage, SQLITE_STORAGE_OPTION_RULES, type SqliteStorage, type SqliteStorageOptions } from "./sqlite-storage.js";
export { migrate, schemaStatus, type SchemaStatus } from "./migrate.js";
export { MIGRATIONS, SCHEMA_VERSION, type SqliteMigration } from "./migrations.js";
export type { AppliedMigration, Migration } from "@baton/core/storage-kit";
export { DEFAULT_BUSY_TIMEOUT_MS } from "./open-database.js";
