import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { ERROR_CODES, isBatonError, type Storage } from "@baton/core";
import { CliError } from "../errors/cli-error.js";
import { describeStorageTarget, type StorageTarget } from "./storage-target.js";
import { importOptional, POSTGRES_PART, REDIS_PART } from "../optional/optional-import.js";

/**
 * Opens the storage of a target. A SQLite file is created and migrated when needed (so
 * a first `baton run` needs no setup; its folder is created too); a PostgreSQL
 * database is not changed: `baton migrate` creates its tables, and until then this
 * fails saying so. Only the adapter used is imported; SQLite's comes with the command,
 * PostgreSQL's and Redis's are optional peer dependencies (a missing one fails with a
 * `CliError` naming what to install).
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
      const { createPostgresStorage } = await importOptional(() => import("@baton/storage-postgres"), POSTGRES_PART);
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
      const { createRedisStorage } = await importOptional(() => import("@baton/storage-redis"), REDIS_PART);
      return createRedisStorage({ url: target.url });
    }
  }
}
