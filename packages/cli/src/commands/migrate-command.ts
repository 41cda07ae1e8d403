import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { importOptional, POSTGRES_PART } from "../optional/optional-import.js";
import { describeStorageTarget, parseStorageTarget } from "../storage/storage-target.js";
import { storageValue, type CommandIo, type StorageOption } from "./command-io.js";

/** Options of `baton migrate`. */
export interface MigrateCommandOptions extends StorageOption {
  /** PostgreSQL schema holding Baton's tables (default `public`). */
  readonly schema?: string;
}

function report(where: string, applied: readonly number[], latest: number, io: CommandIo): void {
  if (applied.length === 0) io.stdout.write(`${where} is up to date (schema version ${latest}); nothing to apply.\n`);
  else io.stdout.write(`Applied migration${applied.length === 1 ? "" : "s"} ${applied.join(", ")} to ${where}; it is now at schema version ${latest}.\n`);
}

/**
 * `baton migrate`: applies the missing migrations of the SQL stores (SQLite, PostgreSQL)
 * and says which. Redis needs none. Resolves with the exit code.
 */
export async function migrateCommand(options: MigrateCommandOptions, io: CommandIo): Promise<number> {
  const target = parseStorageTarget(storageValue(options, io));
  const where = describeStorageTarget(target);
  switch (target.kind) {
    case "sqlite": {
      await mkdir(dirname(target.path), { recursive: true });
      const { createSqliteStorage, migrate, SCHEMA_VERSION } = await import("@baton/storage-sqlite");
      const storage = createSqliteStorage({ path: target.path, migrate: false });
      try {
        report(where, migrate(storage.database), SCHEMA_VERSION, io);
      } finally {
        await storage.close();
      }
      return 0;
    }
    case "postgres": {
      const [{ default: pg }, { migrate, SCHEMA_VERSION }] = await importOptional(
        () => Promise.all([import("pg"), import("@baton/storage-postgres")]),
        POSTGRES_PART,
      );
      const client = new pg.Client({ connectionString: target.connectionString, connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        const schema = options.schema ?? "public";
        report(`${where} (schema ${schema})`, await migrate(client, { schema }), SCHEMA_VERSION, io);
      } finally {
        await client.end().catch(() => undefined);
      }
      return 0;
    }
    case "redis":
      io.stdout.write(`${where} is Redis storage: it has no schema to migrate.\n`);
      return 0;
  }
}
