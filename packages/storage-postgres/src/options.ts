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
