export { createSqliteStorage, SQLITE_STORAGE_OPTION_RULES, type SqliteStorage, type SqliteStorageOptions } from "./sqlite-storage.js";
export { migrate, schemaStatus, type AppliedMigration, type SchemaStatus } from "./migrate.js";
export { MIGRATIONS, SCHEMA_VERSION, type SqliteMigration } from "./migrations.js";
export { DEFAULT_BUSY_TIMEOUT_MS } from "./open-database.js";
