import pg from "pg";
import { checkOptions, StorageSchemaError, type Storage } from "@baton/core";
import { defineStorage } from "@baton/core/storage-kit";
import { Database } from "./database.js";
import { toStorageError } from "./errors.js";
import { migrate, newerSchemaError, schemaStatus } from "./migrate.js";
import { DEFAULT_QUERY_TIMEOUT_MS, POSTGRES_STORAGE_OPTION_RULES, type PostgresStorageOptions } from "./options.js";
import { POSTGRES_OPERATIONS } from "./postgres-operations.js";
import { passwordsOf } from "./redact.js";
import { statementsFor } from "./statements.js";
import { describeConnectionString, describePool, redactConnectionString } from "./target.js";

/** A Baton {@link Storage} on PostgreSQL, with the pool and schema it uses. */
export interface PostgresStorage extends Storage {
  /** The pool the storage runs on (yours when you passed `pool`). */
  readonly pool: pg.Pool;
  /** The schema holding Baton's tables. */
  readonly schema: string;
}

/** How the storage reaches its server, for its statements and its errors. */
interface Connection {
  /** Where the pool connects, without its password (for error messages). */
  readonly target: string;
  /** The connection's passwords, kept out of every error. */
  readonly secrets: readonly string[];
  /** Each statement's `query_timeout` (undefined: the pool's own). */
  readonly queryTimeoutMs?: number;
}

/**
 * The storage on a pool whose schema is ready: `close()` ends the pool when the
 * storage owns it.
 */
function postgresStorageOn(pool: pg.Pool, schema: string, ownsPool: boolean, connection: Connection): PostgresStorage {
  const { target, secrets } = connection;
  const context = { db: new Database(pool, target, secrets, connection.queryTimeoutMs), sql: statementsFor(schema) };
  return defineStorage(
    {
      label: "PostgreSQL storage",
      context: () => context,
      operations: POSTGRES_OPERATIONS,
      wrapError: (error, operation) => toStorageError(error, operation, target, secrets),
      release: async () => {
        if (ownsPool) await pool.end();
      },
    },
    { pool, schema },
  );
}

/** @deprecated The type of the deprecated `PostgresStorage` constructor; use {@link createPostgresStorage}. */
export interface PostgresStorageConstructor {
  new (pool: pg.Pool, schema: string, ownsPool: boolean, target?: string): PostgresStorage;
}

/**
 * @deprecated Use {@link createPostgresStorage}, which migrates or checks the schema
 * first; `new PostgresStorage(pool, schema, ownsPool)` still returns a storage on a
 * pool whose schema you prepared, for one release.
 */
export const PostgresStorage: PostgresStorageConstructor = function PostgresStorage(
  pool: pg.Pool,
  schema: string,
  ownsPool: boolean,
  target: string = describePool(pool),
): PostgresStorage {
  return postgresStorageOn(pool, schema, ownsPool, { target, secrets: passwordsOf(undefined, pool) });
} as unknown as PostgresStorageConstructor;

function migrateCommand(schema: string, connectionString: string | undefined): string {
  const target = connectionString === undefined ? "<connection-string>" : redactConnectionString(connectionString);
  return `npx baton-storage-postgres migrate ${JSON.stringify(target)}${schema === "public" ? "" : ` --schema ${JSON.stringify(schema)}`}`;
}

async function prepareSchema(pool: pg.Pool, schema: string, options: PostgresStorageOptions): Promise<void> {
  if (options.migrate ?? true) {
    await migrate(pool, { schema });
    return;
  }
  const status = await schemaStatus(pool, { schema });
  if (status.newer.length > 0) throw newerSchemaError(schema, status.newer);
  if (status.pending.length > 0) {
    const pending = status.pending.map((migration) => `${migration.version} ${migration.name}`).join(", ");
    throw new StorageSchemaError(
      `The PostgreSQL schema "${schema}" is missing Baton's migrations (${pending}) and the storage was created with migrate: false. Run: ${migrateCommand(schema, options.pool ? undefined : options.connectionString)}`,
      { details: { schema, pending: status.pending.map((migration) => migration.version) } },
    );
  }
}

/**
 * A {@link Storage} on PostgreSQL (pg, pooled). Before it resolves, it applies the
 * missing migrations to `schema` (or, with `migrate: false`, checks that none is
 * missing), so a wrong address, a missing database or an unmigrated schema fails
 * here, not on the first write. The options are checked first, before any connection
 * is attempted: an unknown key or a value of the wrong type rejects with a
 * `ConfigurationError` naming the accepted options.
 * @throws ConfigurationError when the options are wrong (see {@link POSTGRES_STORAGE_OPTION_RULES}).
 * @throws StorageSchemaError when the schema is not migrated (`migrate: false`) or was migrated by a newer version.
 * @throws StorageError when PostgreSQL cannot be reached.
 * @example
 * const storage = await createPostgresStorage({ connectionString: "postgres://localhost/app", schema: "baton" });
 */
export async function createPostgresStorage(options: PostgresStorageOptions = {}): Promise<PostgresStorage> {
  checkOptions("createPostgresStorage", options, POSTGRES_STORAGE_OPTION_RULES);
  const schema = options.schema ?? "public";
  const ownsPool = options.pool === undefined;
  const queryTimeoutMs = options.queryTimeoutMs ?? (ownsPool ? DEFAULT_QUERY_TIMEOUT_MS : 0);
  const pool =
    options.pool ??
    new pg.Pool({
      ...(options.connectionString === undefined ? {} : { connectionString: options.connectionString }),
      ...(options.max === undefined ? {} : { max: options.max }),
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
      // Every query of the pool, migrations included; pg drops a connection whose query timed out.
      ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
    });
  // An idle connection that breaks (server restart) is dropped by the pool; without a
  // listener its 'error' event would crash the process. Queries still report failures.
  if (ownsPool) pool.on("error", () => undefined);
  const connection: Connection = {
    target: !ownsPool || options.connectionString === undefined ? describePool(pool) : describeConnectionString(options.connectionString),
    secrets: passwordsOf(options.connectionString, pool),
    // On a pool you pass, the storage's own statements time out when you asked for it.
    ...(!ownsPool && queryTimeoutMs > 0 ? { queryTimeoutMs } : {}),
  };
  try {
    await prepareSchema(pool, schema, options);
  } catch (error) {
    if (ownsPool) await pool.end().catch(() => undefined);
    throw toStorageError(error, options.migrate === false ? "checking the schema" : "migrating the schema", connection.target, connection.secrets);
  }
  return postgresStorageOn(pool, schema, ownsPool, connection);
}
