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
  /**
   * How long a statement may go unanswered before it fails, in ms, measured by the
   * client (pg's `query_timeout`): a statement whose connection stops answering (a
   * network partition, a server that hangs) rejects with a retryable `StorageError`
   * instead of waiting forever, and its connection is dropped. Whether a write that
   * timed out landed is unknown. Default 10,000 (10 s, `DEFAULT_QUERY_TIMEOUT_MS`)
   * for the pool the storage creates; with `pool`, only when given (else your pool's
   * own `query_timeout`). `0` sets none.
   */
  readonly queryTimeoutMs?: number;
}

/**
 * `queryTimeoutMs` when none is given: 10 s. Every statement of the adapter touches a
 * few rows by key and answers in milliseconds, even behind another transaction's row
 * lock (a claim, an append to the same conversation), so 10 s is far past any healthy
 * answer; it equals the loop's default `storageWaitMs` (a write answered later than
 * that would not be waited for anyway) and is a third of its default claim lease, so a
 * hung lease renewal fails and is retried while the lease still holds.
 */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

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
  // pg's query_timeout: 0 sets none.
  queryTimeoutMs: is.nonNegativeInteger,
} as const satisfies { readonly [K in keyof Required<PostgresStorageOptions>]: OptionRule };
