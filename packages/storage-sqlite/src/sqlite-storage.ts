import type { Database } from "better-sqlite3";
import { checkOptions, ConfigurationError, optionIs as is, StorageSchemaError, type OptionRule, type Storage } from "@baton/core";
import { defineStorage } from "@baton/core/storage-kit";
import { storageErrorOf } from "./errors.js";
import { migrate, newerSchemaError, schemaStatus } from "./migrate.js";
import { openDatabase } from "./open-database.js";
import { prepareDomains, SQLITE_OPERATIONS, type SqliteDomains } from "./sqlite-operations.js";

/** Options of {@link createSqliteStorage}: a file to open, or a database you opened. */
export type SqliteStorageOptions = (
  | {
      /** The SQLite file (created when missing), or `":memory:"`. The storage opens it and closes it in `close()`. */
      readonly path: string;
      readonly database?: undefined;
    }
  | {
      /**
       * A better-sqlite3 database you opened and own: used as it is (its pragmas are yours;
       * WAL and a `busy_timeout` are recommended), and not closed by `close()`.
       */
      readonly database: Database;
      readonly path?: undefined;
    }
) & {
  /**
   * Apply missing migrations when the storage is created (default `true`). With `false`
   * the schema is checked on first use, and a database that is not migrated gives a
   * `StorageSchemaError` naming the `baton-storage-sqlite migrate` command to run.
   */
  readonly migrate?: boolean;
  /**
   * Milliseconds a statement waits for another connection's lock (SQLite's
   * `busy_timeout`). Default 5000 for a file the storage opens; for a `database` you
   * pass, set only when given.
   */
  readonly busyTimeoutMs?: number;
};

/**
 * The rule of every key of {@link SqliteStorageOptions}, checked (with `checkOptions`
 * from `@baton/core`) when a storage is created: a key not listed here is rejected with
 * a `ConfigurationError` that names the accepted ones. Exactly one of `path` and
 * `database` must be given.
 */
export const SQLITE_STORAGE_OPTION_RULES = {
  path: is.string,
  // A better-sqlite3 database, used as it is.
  database: is.objectWith("a better-sqlite3 Database", "prepare", "pragma", "transaction"),
  migrate: is.boolean,
  busyTimeoutMs: is.nonNegativeInteger,
} as const satisfies { readonly [K in keyof Required<SqliteStorageOptions>]: OptionRule };

/** A Baton {@link Storage} in SQLite. */
export interface SqliteStorage extends Storage {
  /** The better-sqlite3 database the storage uses (for backups, inspection, your own tables). */
  readonly database: Database;
}

function shellArgument(text: string): string {
  return /^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

function checkSchema(db: Database): void {
  const status = schemaStatus(db);
  if (status.newer.length > 0) throw newerSchemaError(db.name, status.newer);
  if (status.pending.length > 0) {
    const pending = status.pending.map((migration) => migration.version);
    throw new StorageSchemaError(
      `The SQLite database ${db.name} is not migrated: it lacks schema version${pending.length === 1 ? "" : "s"} ${pending.join(", ")}. ` +
        `Run \`npx baton-storage-sqlite migrate ${shellArgument(db.name)}\`, or create the storage with \`migrate: true\`.`,
      { details: { file: db.name, pending, command: `baton-storage-sqlite migrate ${db.name}` } },
    );
  }
}

/**
 * A Baton storage in a SQLite file through better-sqlite3. Creation is synchronous
 * (so `await createSqliteStorage(…)` works too): it opens the file in WAL mode and,
 * unless `migrate: false`, applies missing migrations. Every write that reads before
 * it writes runs in a `BEGIN IMMEDIATE` transaction, so several storages (processes,
 * or handles in one process) can share one file.
 *
 * The options are checked first: an unknown key, a value of the wrong type, or not
 * exactly one of `path` and `database` throws a `ConfigurationError` naming the
 * accepted options, before any file is opened.
 *
 * @throws ConfigurationError when the options are wrong (see {@link SQLITE_STORAGE_OPTION_RULES}).
 * @throws StorageError when the file cannot be opened; StorageSchemaError when a newer
 * version of this package migrated it.
 * @example
 * const storage = createSqliteStorage({ path: "baton.db" });
 * await storage.appendMessages("c1", [{ role: "user", parts: [{ type: "text", text: "Hi" }] }]);
 * await storage.close();
 */
export function createSqliteStorage(options: SqliteStorageOptions): SqliteStorage {
  checkOptions("createSqliteStorage", options, SQLITE_STORAGE_OPTION_RULES);
  if ((options?.path === undefined) === (options?.database === undefined)) {
    const accepted = Object.keys(SQLITE_STORAGE_OPTION_RULES);
    throw new ConfigurationError(
      `createSqliteStorage(): pass exactly one of "path" (a file to open) and "database" (a better-sqlite3 Database you opened). Accepted options: ${accepted.join(", ")}.`,
      { details: { function: "createSqliteStorage", accepted } },
    );
  }
  const owned = options.database === undefined;
  const db = options.database ?? openDatabase(options.path, options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs });
  let domains: SqliteDomains | undefined;
  try {
    if (!owned && options.busyTimeoutMs !== undefined) db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
    if (options.migrate ?? true) {
      migrate(db);
      domains = prepareDomains(db);
    }
  } catch (error) {
    if (owned) db.close();
    throw storageErrorOf(error, "migration");
  }
  return defineStorage(
    {
      label: "SQLite storage",
      // Without `migrate`, the schema is checked on first use, then the statements are prepared.
      context: () => {
        if (domains === undefined) {
          checkSchema(db);
          domains = prepareDomains(db);
        }
        return domains;
      },
      operations: SQLITE_OPERATIONS,
      wrapError: storageErrorOf,
      release: () => {
        domains = undefined;
        if (owned) db.close();
      },
    },
    { database: db },
  );
}
