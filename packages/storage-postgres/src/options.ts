import { optionIs as is, type OptionRule } from "@baton/core";
import type pg from "pg";

/** Options of {@link createPostgresStorage}. */
export interface PostgresStorageOptions {
  /**
   * `postgres://user:password@host:5432/database`. Without it (and without `pool`),
   * pg reads the `PG*` environment variables.
   */
  readonly connectionString?: string;
  /** A pool you own: the storage uses it and `close()` leaves it open. Takes precedence over `connectionString`. */
  readonly pool?: pg.Pool;
  /** The schema holding Baton's tables; default `public`. Created when missing (when migrating). */
  readonly schema?: string;
  /**
   * Apply missing migrations before the storage is returned (default `true`). With
   * `false`, the schema version is checked instead and a `StorageSchemaError` names
   * the CLI command to run.
   */
  readonly migrate?: boolean;
  /** Size of the pool the storage creates (pg's default: 10). Ignored with `pool`. */
  readonly max?: number;
  /** How long to wait for a connection before failing, in ms (default 10 000). Ignored with `pool`. */
  readonly connectionTimeoutMs?: number;
}

/**
 * The rule of every key of {@link PostgresStorageOptions}, checked (with `checkOptions`
 * from `@baton/core`) when a storage is created, before any connection is attempted: a
 * key not listed here is rejected with a `ConfigurationError` that names the accepted
 * ones. The `satisfies` clause keeps this table and the interface in sync.
 */
export const POSTGRES_STORAGE_OPTION_RULES = {
  connectionString: is.nonEmptyString,
  // A pg pool, used as it is.
  pool: is.objectWith("a pg Pool", "query", "connect", "end"),
  schema: is.nonEmptyString,
  migrate: is.boolean,
  max: is.positiveInteger,
  // pg's connectionTimeoutMillis: 0 waits without limit.
  connectionTimeoutMs: is.nonNegativeInteger,
} as const satisfies { readonly [K in keyof Required<PostgresStorageOptions>]: OptionRule };
