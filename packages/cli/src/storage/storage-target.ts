import { existsSync } from "node:fs";
import { ERROR_CODES } from "@baton/core";
import { CliError } from "../errors/cli-error.js";

/** Where runs are stored: a SQLite file, a PostgreSQL database or a Redis server. */
export type StorageTarget =
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "postgres"; readonly connectionString: string }
  | { readonly kind: "redis"; readonly url: string };

/** The SQLite file used when no `--storage` (nor `BATON_STORAGE`) is given, relative to the current directory. */
export const DEFAULT_SQLITE_PATH = ".baton/runs.db";

/**
 * Reads a `--storage` value: `sqlite:<path>` (or a path ending in `.db`/`.sqlite`),
 * `postgres://…` / `postgresql://…`, `redis://…` / `rediss://…`. Without a value, the
 * SQLite file {@link DEFAULT_SQLITE_PATH}.
 *
 * @throws CliError (`INVALID_CONFIGURATION`) for anything else.
 *
 * @example
 * parseStorageTarget("sqlite:runs.db"); // { kind: "sqlite", path: "runs.db" }
 */
export function parseStorageTarget(value: string | undefined): StorageTarget {
  if (value === undefined || value.length === 0) return { kind: "sqlite", path: DEFAULT_SQLITE_PATH };
  if (value.startsWith("sqlite:")) {
    const path = value.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (path.length === 0)
      throw new CliError(ERROR_CODES.INVALID_CONFIGURATION, 'The storage "sqlite:" needs a file path, e.g. sqlite:.baton/runs.db.', { exitCode: 2 });
    return { kind: "sqlite", path };
  }
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: "postgres", connectionString: value };
  if (/^rediss?:\/\//.test(value)) return { kind: "redis", url: value };
  if (/\.(db|sqlite3?)$/.test(value)) return { kind: "sqlite", path: value };
  throw new CliError(ERROR_CODES.INVALID_CONFIGURATION, `Unknown storage "${value}". Use sqlite:<path>, postgres://… or redis://….`, { exitCode: 2 });
}

/** A storage target as shown to the user (a connection string without its password). */
export function describeStorageTarget(target: StorageTarget): string {
  switch (target.kind) {
    case "sqlite":
      return `sqlite:${target.path}`;
    case "postgres":
      return target.connectionString.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
    case "redis":
      return target.url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
  }
}

/**
 * False only for a SQLite file that does not exist yet: commands that only read
 * (`runs`, `show`, `resume`) then answer without creating it.
 */
export function mayHoldRuns(target: StorageTarget): boolean {
  return target.kind !== "sqlite" || existsSync(target.path);
}
