import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { ERROR_CODES, isBatonError, type Storage } from "@baton/core";
import { CliError } from "../errors/cli-error.js";
import { describeStorageTarget, type StorageTarget } from "./storage-target.js";

/**
 * Opens the storage of a target. A SQLite file is created and migrated when needed (so
 * a first `baton run` needs no setup; its folder is created too); a PostgreSQL
 * database is not changed: `baton migrate` creates its tables, and until then this
 * fails saying so. Only the adapter used is imported.
 *
 * @example
 * const storage = await openStorage(parseStorageTarget("sqlite:.baton/runs.db"));
 */
export async function openStorage(target: StorageTarget): Promise<Storage> {
  switch (target.kind) {
    case "sqlite": {
      await mkdir(dirname(target.path), { recursive: true });
      const { createSqliteStorage } = await import("@baton/storage-sqlite");
      return createSqliteStorage({ path: target.path });
    }
    case "postgres": {
      const { createPostgresStorage } = await import("@baton/storage-postgres");
      try {
        return await createPostgresStorage({ connectionString: target.connectionString, migrate: false });
      } catch (error) {
        if (!isBatonError(error, ERROR_CODES.STORAGE_SCHEMA)) throw error;
        throw new CliError(
          ERROR_CODES.STORAGE_SCHEMA,
          `${describeStorageTarget(target)} lacks Baton's tables: run baton migrate --storage <the same URL> first.`,
          { cause: error },
        );
      }
    }
    case "redis": {
      const { createRedisStorage } = await import("@baton/storage-redis");
      return createRedisStorage({ url: target.url });
    }
  }
}
