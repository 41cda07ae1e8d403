import {
  checkOptions,
  type OptionRule,
  RunClaimLostError,
  StorageConflictError,
  StorageError,
  checkConversationMessage,
  checkRunCheckpoint,
  checkSummary,
  checkToolOutput,
  checkUsageRecord,
  parseStoredJson,
  serializeRunState,
  storedToolOutput,
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
import { MemoryDatabase, type MemoryConversation, type MemoryRun } from "./memory-database.js";

/** Options of {@link createMemoryStorage}. */
export interface MemoryStorageOptions {
  /** The data to work on; a new, empty database when absent. Share one to model several connections. */
  readonly database?: MemoryDatabase;
}

/**
 * The rule of every key of {@link MemoryStorageOptions}, checked (with `checkOptions`
 * from `@baton/core`) when a storage is created: a key not listed here is rejected with
 * a `ConfigurationError` that names the accepted ones.
 */
export const MEMORY_STORAGE_OPTION_RULES = {
  database: { expected: "a MemoryDatabase", test: (value: unknown) => value instanceof MemoryDatabase },
} as const satisfies { readonly [K in keyof Required<MemoryStorageOptions>]: OptionRule };

/** Drops keys whose value is `undefined`, so what is read back has no empty fields. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/**
 * A {@link Storage} in the process's memory. Every operation is atomic (it runs
 * without yielding between its read and its write), so it honours the same
 * concurrency guarantees as the database adapters. Nothing survives the process.
 */
export class MemoryStorage implements Storage {
  /** The data this storage reads and writes. */
  readonly database: MemoryDatabase;
  private closed = false;

  /**
   * Prefer {@link createMemoryStorage}. Throws a `ConfigurationError` for an unknown
   * option key or a `database` that is not a {@link MemoryDatabase}.
   */
  constructor(options: MemoryStorageOptions = {}) {
    checkOptions("new MemoryStorage", options, MEMORY_STORAGE_OPTION_RULES);
    this.database = options.database ?? new MemoryDatabase();
  }

  private open(): MemoryDatabase {
    if (this.closed) throw new StorageError("This memory storage was closed.", { retryable: false });
    return this.database;
  }

  async appendMessages(conversationId: string, messages: readonly NewConversationMessage[], options: AppendMessagesOptions = {}): Promise<AppendMessagesResult> {
    const database = this.open();
    const existing = database.conversations.get(conversationId);
    const version = existing?.messages.length ?? 0;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new StorageConflictError(`conversation "${conversationId}"`, options.expectedVersion, version);
    }
    if (messages.length === 0) return { firstSeq: version + 1, version };
    const now = Date.now();
    const conversation: MemoryConversation = existing ?? { messages: [], lastWriteAt: now };
    const rows = messages.map((message) =>
      JSON.stringify(defined({ role: message.role, parts: message.parts, runId: message.runId, agentPath: message.agentPath, userId: message.userId, createdAt: now })),
    );
    conversation.messages.push(...rows);
    conversation.lastWriteAt = now;
    if (!existing) database.conversations.set(conversationId, conversation);
    return { firstSeq: version + 1, version: conversation.messages.length };
  }

  async loadMessages(conversationId: string, options: LoadMessagesOptions = {}): Promise<ConversationMessage[]> {
    const conversation = this.open().conversations.get(conversationId);
    if (!conversation) return [];
    const from = Math.max(0, options.afterSeq ?? 0);
    const to = Math.min(conversation.messages.length, options.throughSeq ?? Number.POSITIVE_INFINITY);
    const loaded: ConversationMessage[] = [];
    for (let index = from; index < to; index++) {
      const seq = index + 1;
      const record = `conversation "${conversationId}" message ${seq}`;
      const row = parseStoredJson(conversation.messages[index], record);
      loaded.push(checkConversationMessage(typeof row === "object" && row !== null ? { conversationId, seq, ...row } : row, record));
    }
    return loaded;
  }

  async claimRun(runId: string, claim: RunClaimRequest): Promise<RunClaimResult> {
    const database = this.open();
    const now = claim.now ?? Date.now();
    const run = database.runs.get(runId);
    if (!run) {
      database.runs.set(runId, { owner: claim.owner, leaseUntil: now + claim.leaseMs, finished: false, lastWriteAt: now, checkpoints: new Map() });
      return { claimed: true };
    }
    if (run.finished) return { claimed: false, reason: "finished" };
    if (run.owner !== claim.owner && run.leaseUntil > now) return { claimed: false, reason: "held", owner: run.owner, leaseUntil: run.leaseUntil };
    run.owner = claim.owner;
    run.leaseUntil = now + claim.leaseMs;
    run.lastWriteAt = now;
    const checkpoint = this.readCheckpoint(runId, run);
    return checkpoint === undefined ? { claimed: true } : { claimed: true, checkpoint };
  }

  async saveCheckpoint(checkpoint: RunCheckpoint, claim: RunClaimRequest): Promise<void> {
    const database = this.open();
    const data = serializeRunState(checkpoint);
    const run = database.runs.get(checkpoint.runId);
    if (!run || run.finished || run.owner !== claim.owner) {
      throw new RunClaimLostError(checkpoint.runId, claim.owner, run && !run.finished ? run.owner : undefined);
    }
    const now = claim.now ?? Date.now();
    // The run has one checkpoint: this one replaces it, whatever agent path either has.
    run.checkpoints.clear();
    run.checkpoints.set(checkpoint.agentPath, data);
    run.leaseUntil = now + claim.leaseMs;
    run.lastWriteAt = now;
    if (checkpoint.stopReason !== undefined) run.finished = true;
  }

  async loadCheckpoint(runId: string): Promise<RunCheckpoint | undefined> {
    const run = this.open().runs.get(runId);
    return run === undefined ? undefined : this.readCheckpoint(runId, run);
  }

  /**
   * The run's checkpoint, checked and upgraded. A save leaves one entry; of several
   * (written around this class), the first agent path in order is read: a root's
   * path is a prefix of its nested agents' paths, so that is the root's.
   */
  private readCheckpoint(runId: string, run: MemoryRun): RunCheckpoint | undefined {
    let agentPath: string | undefined;
    for (const path of run.checkpoints.keys()) if (agentPath === undefined || path < agentPath) agentPath = path;
    if (agentPath === undefined) return undefined;
    const record = `run "${runId}" checkpoint "${agentPath}"`;
    return checkRunCheckpoint(parseStoredJson(run.checkpoints.get(agentPath), record), record);
  }

  async loadSessionState(key: string): Promise<VersionedValue | undefined> {
    const session = this.open().sessions.get(key);
    if (!session) return undefined;
    return { value: parseStoredJson(session.json, `session "${key}"`), version: session.version, updatedAt: session.updatedAt };
  }

  async saveSessionState(key: string, value: unknown, options: SaveSessionStateOptions = {}): Promise<number> {
    const database = this.open();
    const session = database.sessions.get(key);
    const version = session?.version ?? 0;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new StorageConflictError(`session "${key}"`, options.expectedVersion, version);
    }
    const json = JSON.stringify(value ?? null);
    database.sessions.set(key, { json, version: version + 1, updatedAt: Date.now() });
    return version + 1;
  }

  async archiveToolOutput(output: ArchivedToolOutput & { readonly runId?: string; readonly conversationId?: string }): Promise<void> {
    const createdAt = Date.now();
    const stored = storedToolOutput(output, createdAt);
    this.open().archives.set(output.id, { json: JSON.stringify(stored), createdAt });
  }

  async loadToolOutput(id: string): Promise<StoredToolOutput | undefined> {
    const stored = this.open().archives.get(id);
    if (!stored) return undefined;
    const record = `tool output "${id}"`;
    return checkToolOutput(parseStoredJson(stored.json, record), record);
  }

  async saveSummary(conversationId: string, summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number }): Promise<void> {
    const database = this.open();
    const now = Date.now();
    const json = JSON.stringify({ text: summary.text, throughSeq: summary.throughSeq, createdAt: summary.createdAt ?? now });
    const conversation = database.conversations.get(conversationId);
    if (conversation) conversation.summary = json;
    else database.conversations.set(conversationId, { messages: [], lastWriteAt: now, summary: json });
  }

  async loadSummary(conversationId: string): Promise<ConversationSummary | undefined> {
    const stored = this.open().conversations.get(conversationId)?.summary;
    if (stored === undefined) return undefined;
    const record = `summary of conversation "${conversationId}"`;
    return checkSummary(parseStoredJson(stored, record), record);
  }

  async recordUsage(records: readonly UsageRecord[]): Promise<void> {
    const rows = records.map((record) => ({
      json: JSON.stringify(record),
      runId: record.runId,
      conversationId: record.conversationId,
      userId: record.userId,
      recordedAt: record.recordedAt,
    }));
    this.open().usage.push(...rows);
  }

  async queryUsage(query: UsageQuery): Promise<UsageRecord[]> {
    const usage = this.open().usage;
    const matching: { row: (typeof usage)[number]; index: number }[] = [];
    usage.forEach((row, index) => {
      if (query.runId !== undefined && row.runId !== query.runId) return;
      if (query.conversationId !== undefined && row.conversationId !== query.conversationId) return;
      if (query.userId !== undefined && row.userId !== query.userId) return;
      if (query.from !== undefined && row.recordedAt < query.from) return;
      if (query.to !== undefined && row.recordedAt >= query.to) return;
      matching.push({ row, index });
    });
    matching.sort((a, b) => a.row.recordedAt - b.row.recordedAt || a.index - b.index);
    return matching.map(({ row, index }) => {
      const record = `usage record ${index + 1} (run "${row.runId}")`;
      return checkUsageRecord(parseStoredJson(row.json, record), record);
    });
  }

  async prune(domain: StorageDomain, olderThan: number): Promise<number> {
    const database = this.open();
    const deleteWhere = <T>(map: Map<string, T>, isOld: (value: T) => boolean): number => {
      let count = 0;
      for (const [key, value] of map) {
        if (isOld(value)) {
          map.delete(key);
          count++;
        }
      }
      return count;
    };
    switch (domain) {
      case "conversations":
        return deleteWhere(database.conversations, (conversation) => conversation.lastWriteAt < olderThan);
      case "runs":
        return deleteWhere(database.runs, (run) => run.lastWriteAt < olderThan);
      case "sessions":
        return deleteWhere(database.sessions, (session) => session.updatedAt < olderThan);
      case "archives":
        return deleteWhere(database.archives, (archive) => archive.createdAt < olderThan);
      case "usage": {
        const kept = database.usage.filter((row) => row.recordedAt >= olderThan);
        const count = database.usage.length - kept.length;
        database.usage.splice(0, database.usage.length, ...kept);
        return count;
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/**
 * Creates an in-memory {@link Storage}. An unknown option key, or a `database` that is
 * not a {@link MemoryDatabase}, throws a `ConfigurationError` naming the accepted options.
 * @example
 * const storage = createMemoryStorage();
 * await run({ provider, model, input: "Hi", storage, conversationId: "c1" });
 * await storage.loadMessages("c1");
 */
export function createMemoryStorage(options: MemoryStorageOptions = {}): MemoryStorage {
  checkOptions("createMemoryStorage", options, MEMORY_STORAGE_OPTION_RULES);
  return new MemoryStorage(options);
}
