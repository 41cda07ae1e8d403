import pg from "pg";
import {
  checkOptions,
  StorageSchemaError,
  type AppendMessagesOptions,
  type AppendMessagesResult,
  type ArchivedToolOutput,
  type ConversationMessage,
  type ConversationSummary,
  type LoadMessagesOptions,
  type NewConversationMessage,
  type RunCheckpoint,
  type RunClaimRequest,
  type RunClaimResult,
  type SaveSessionStateOptions,
  type Storage,
  type StorageDomain,
  type StoredToolOutput,
  type UsageQuery,
  type UsageRecord,
  type VersionedValue,
} from "@baton/core";
import * as archives from "./archives.js";
import * as conversations from "./conversations.js";
import { Database } from "./database.js";
import { toStorageError } from "./errors.js";
import { migrate, newerSchemaError, schemaStatus } from "./migrate.js";
import { POSTGRES_STORAGE_OPTION_RULES, type PostgresStorageOptions } from "./options.js";
import * as runs from "./runs.js";
import * as sessions from "./sessions.js";
import { statementsFor, type Statements } from "./statements.js";
import { describeConnectionString, describePool, redactConnectionString } from "./target.js";
import * as usage from "./usage.js";

/** A {@link Storage} on PostgreSQL, with the pool and schema it uses. */
export class PostgresStorage implements Storage {
  private readonly db: Database;
  private readonly sql: Statements;
  private closing: Promise<void> | undefined;

  /** Use {@link createPostgresStorage}, which migrates or checks the schema first. */
  constructor(
    /** The pool the storage runs on (yours when you passed `pool`). */
    readonly pool: pg.Pool,
    /** The schema holding Baton's tables. */
    readonly schema: string,
    private readonly ownsPool: boolean,
    target: string = describePool(pool),
  ) {
    this.db = new Database(pool, target);
    this.sql = statementsFor(schema);
  }

  appendMessages(conversationId: string, messages: readonly NewConversationMessage[], options?: AppendMessagesOptions): Promise<AppendMessagesResult> {
    return conversations.appendMessages(this.db, this.sql, conversationId, messages, options);
  }

  loadMessages(conversationId: string, options?: LoadMessagesOptions): Promise<ConversationMessage[]> {
    return conversations.loadMessages(this.db, this.sql, conversationId, options);
  }

  claimRun(runId: string, claim: RunClaimRequest): Promise<RunClaimResult> {
    return runs.claimRun(this.db, this.sql, runId, claim);
  }

  saveCheckpoint(checkpoint: RunCheckpoint, claim: RunClaimRequest): Promise<void> {
    return runs.saveCheckpoint(this.db, this.sql, checkpoint, claim);
  }

  loadCheckpoint(runId: string): Promise<RunCheckpoint | undefined> {
    return runs.loadCheckpoint(this.db, this.sql, runId);
  }

  loadSessionState(key: string): Promise<VersionedValue | undefined> {
    return sessions.loadSessionState(this.db, this.sql, key);
  }

  saveSessionState(key: string, value: unknown, options?: SaveSessionStateOptions): Promise<number> {
    return sessions.saveSessionState(this.db, this.sql, key, value, options);
  }

  archiveToolOutput(output: ArchivedToolOutput & { readonly runId?: string; readonly conversationId?: string }): Promise<void> {
    return archives.archiveToolOutput(this.db, this.sql, output);
  }

  loadToolOutput(id: string): Promise<StoredToolOutput | undefined> {
    return archives.loadToolOutput(this.db, this.sql, id);
  }

  saveSummary(conversationId: string, summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number }): Promise<void> {
    return archives.saveSummary(this.db, this.sql, conversationId, summary);
  }

  loadSummary(conversationId: string): Promise<ConversationSummary | undefined> {
    return archives.loadSummary(this.db, this.sql, conversationId);
  }

  recordUsage(records: readonly UsageRecord[]): Promise<void> {
    return usage.recordUsage(this.db, this.sql, records);
  }

  queryUsage(query: UsageQuery): Promise<UsageRecord[]> {
    return usage.queryUsage(this.db, this.sql, query);
  }

  async prune(domain: StorageDomain, olderThan: number): Promise<number> {
    const [row] = await this.db.rows<{ deleted: number }>(this.sql.prune[domain], [olderThan], `pruning ${domain}`);
    return row?.deleted ?? 0;
  }

  /** Ends the pool the storage created; a pool passed as `pool` stays open. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.db.markClosed();
      if (this.ownsPool) await this.pool.end();
    })();
    return this.closing;
  }
}

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
  const pool =
    options.pool ??
    new pg.Pool({
      ...(options.connectionString === undefined ? {} : { connectionString: options.connectionString }),
      ...(options.max === undefined ? {} : { max: options.max }),
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
    });
  // An idle connection that breaks (server restart) is dropped by the pool; without a
  // listener its 'error' event would crash the process. Queries still report failures.
  if (ownsPool) pool.on("error", () => undefined);
  const target = !ownsPool || options.connectionString === undefined ? describePool(pool) : describeConnectionString(options.connectionString);
  try {
    await prepareSchema(pool, schema, options);
  } catch (error) {
    if (ownsPool) await pool.end().catch(() => undefined);
    throw toStorageError(error, options.migrate === false ? "checking the schema" : "migrating the schema", target);
  }
  return new PostgresStorage(pool, schema, ownsPool, target);
}
