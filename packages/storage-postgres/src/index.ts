/**
 * `@baton/storage-postgres`: Baton's `Storage` on PostgreSQL through `pg`, with
 * versioned migrations (`migrate`, `MIGRATIONS`) and the `baton-storage-postgres` CLI.
 * @packageDocumentation
 */
export { createPostgresStorage, PostgresStorage } from "./postgres-storage.js";
export { POSTGRES_STORAGE_OPTION_RULES, type PostgresStorageOptions } from "./options.js";
export { migrate, schemaStatus, type AppliedMigration, type Connectable, type MigrateOptions, type SchemaStatus } from "./migrate.js";
export { MIGRATIONS, LATEST_VERSION, type Migration } from "./migrations.js";
