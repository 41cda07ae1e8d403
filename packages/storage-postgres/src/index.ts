/**
 * `@baton/storage-postgres`: Baton's `Storage` on PostgreSQL through `pg`, with
 * versioned migrations (`migrate`, `MIGRATIONS`) and the `baton-storage-postgres` CLI.
 * @packageDocumentation
 */
export { createPostgresStorage, PostgresStorage, type PostgresStorageConstructor } from "./postgres-storage.js";
export { POSTGRES_STORAGE_OPTION_RULES, type PostgresStorageOptions } from "./options.js";
export { migrate, schemaStatus, type Connectable, type MigrateOptions, type SchemaStatus } from "./migrate.js";
export { MIGRATIONS, SCHEMA_VERSION, LATEST_VERSION } from "./migrations.js";
export type { AppliedMigration, Migration } from "@baton/core/storage-kit";
