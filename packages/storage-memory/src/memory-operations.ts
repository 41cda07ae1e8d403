import { RunClaimLostError, StorageConflictError, type RunCheckpoint, type RunClaim, type RunFence, type StorageDomain } from "@baton/core";
import { serializeRunState } from "@baton/core/run-state";
import {
  readCheckpoint,
  readMessageJson,
  readToolJournalEntry,
  readSessionValue,
  readSummary,
  readToolOutput,
  readUsageRecord,
  rootCheckpointPath,
  storedSummary,
  storedToolOutput,
  type StorageOperations,
} from "@baton/core/storage-kit";
import type { MemoryConversation, MemoryDatabase, MemoryRun } from "./memory-database.js";

/** Drops keys whose value is `undefined`, so what is read back has no empty fields. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** The run's checkpoint, checked and upgraded (of several entries, the root agent's). */
function checkpointOf(runId: string, run: MemoryRun) {
  const agentPath = rootCheckpointPath(run.checkpoints.keys());
  return agentPath === undefined ? undefined : readCheckpoint(runId, agentPath, run.checkpoints.get(agentPath));
}

/**
 * Throws a `RunClaimLostError` unless `fence` is the run's current claim (its token);
 * a write checks it in the same synchronous step as it writes, so it is atomic.
 */
function checkFence(database: MemoryDatabase, fence: RunFence | undefined): void {
  if (fence === undefined) return;
  const run = database.runs.get(fence.runId);
  if (run === undefined || run.token !== fence.token) throw new RunClaimLostError(fence.runId, fence.owner, run && !run.finished ? run.owner : undefined);
}

/** The run a checkpoint is saved to, when `claim` holds it (its token, and the run is not finished); otherwise throws a `RunClaimLostError`. */
function claimedRun(database: MemoryDatabase, checkpoint: RunCheckpoint, claim: RunClaim): MemoryRun {
  const run = database.runs.get(checkpoint.runId);
  if (!run || run.finished || run.token !== claim.token) {
    throw new RunClaimLostError(checkpoint.runId, claim.owner, run && !run.finished ? run.owner : undefined);
  }
  return run;
}

/** Saves a checkpoint's serialized `data` on its run (checked by {@link claimedRun}) and renews the claim's lease. */
function saveCheckpointData(run: MemoryRun, checkpoint: RunCheckpoint, data: string, claim: RunClaim): void {
  const now = claim.now ?? Date.now();
  // The run has one checkpoint: this one replaces it, whatever agent path either has.
  run.checkpoints.clear();
  run.checkpoints.set(checkpoint.agentPath, data);
  run.leaseUntil = now + claim.leaseMs;
  run.lastWriteAt = now;
  if (checkpoint.stopReason !== undefined) run.finished = true;
}

/** Deletes the entries of `map` for which `isOld` holds; returns how many. */
function deleteWhere<T>(map: Map<string, T>, isOld: (value: T) => boolean): number {
  let count = 0;
  for (const [key, value] of map) {
    if (isOld(value)) {
      map.delete(key);
      count++;
    }
  }
  return count;
}

function prune(database: MemoryDatabase, domain: StorageDomain, olderThan: number): number {
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

/**
 * The `Storage` operations on a {@link MemoryDatabase}. Each runs without yielding
 * between its read and its write, so it is atomic, and honours the same concurrency
 * guarantees as the database adapters.
 */
export const MEMORY_OPERATIONS: StorageOperations<MemoryDatabase> = {
  appendMessages(database, conversationId, messages, options = {}) {
    checkFence(database, options.fence);
    const existing = database.conversations.get(conversationId);
    const version = existing?.messages.length ?? 0;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new StorageConflictError(`conversation "${conversationId}"`, options.expectedVersion, version);
    }
    if (messages.length === 0) return { firstSeq: version + 1, version };
    const now = Date.now();
    const conversation: MemoryConversation = existing ?? { messages: [], lastWriteAt: now };
    const rows = messages.map((message) =>
      JSON.stringify(
        defined({ role: message.role, parts: message.parts, runId: message.runId, agentPath: message.agentPath, userId: message.userId, createdAt: now }),
      ),
    );
    conversation.messages.push(...rows);
    conversation.lastWriteAt = now;
    if (!existing) database.conversations.set(conversationId, conversation);
    return { firstSeq: version + 1, version: conversation.messages.length };
  },

  loadMessages(database, conversationId, options = {}) {
    const conversation = database.conversations.get(conversationId);
    if (!conversation) return [];
    const from = Math.max(0, options.afterSeq ?? 0);
    const to = Math.min(conversation.messages.length, options.throughSeq ?? Number.POSITIVE_INFINITY);
    const loaded = [];
    for (let index = from; index < to; index++) loaded.push(readMessageJson(conversationId, index + 1, conversation.messages[index]));
    return loaded;
  },

  claimRun(database, runId, claim) {
    const now = claim.now ?? Date.now();
    const run = database.runs.get(runId);
    if (!run) {
      database.runs.set(runId, {
        owner: claim.owner,
        leaseUntil: now + claim.leaseMs,
        token: 1,
        finished: false,
        lastWriteAt: now,
        checkpoints: new Map(),
        journal: new Map(),
      });
      return { claimed: true, token: 1 };
    }
    if (run.finished) return { claimed: false, reason: "finished" };
    if (run.owner !== claim.owner && run.leaseUntil > now) return { claimed: false, reason: "held", owner: run.owner, leaseUntil: run.leaseUntil };
    const previousOwner = run.owner === claim.owner ? undefined : run.owner;
    if (previousOwner !== undefined) run.token++;
    run.owner = claim.owner;
    run.leaseUntil = now + claim.leaseMs;
    run.lastWriteAt = now;
    const checkpoint = checkpointOf(runId, run);
    return {
      claimed: true,
      token: run.token,
      ...(checkpoint === undefined ? {} : { checkpoint }),
      ...(previousOwner === undefined ? {} : { previousOwner }),
    };
  },

  saveCheckpoint(database, checkpoint, claim) {
    const data = serializeRunState(checkpoint);
    saveCheckpointData(claimedRun(database, checkpoint, claim), checkpoint, data, claim);
  },

  saveCheckpointWithJournal(database, checkpoint, claim, entries) {
    const data = serializeRunState(checkpoint);
    const run = claimedRun(database, checkpoint, claim);
    // Checked, then written in the same synchronous step: all or none.
    for (const entry of entries) run.journal.set(entry.toolCallId, entry);
    saveCheckpointData(run, checkpoint, data, claim);
  },

  loadCheckpoint(database, runId) {
    const run = database.runs.get(runId);
    return run === undefined ? undefined : checkpointOf(runId, run);
  },

  writeToolJournal(database, entries, fence) {
    checkFence(database, fence);
    const run = database.runs.get(fence.runId)!;
    // A Map keeps a key's first place when it is set again: a call's outcome replaces its intent in place.
    // Kept as written, not as text: see MemoryRun.journal.
    for (const entry of entries) run.journal.set(entry.toolCallId, entry);
  },

  loadToolJournal(database, runId) {
    const run = database.runs.get(runId);
    if (run === undefined) return [];
    const entries = [];
    // Read back as text, through the same checks as the other adapters: a copy, never the object written.
    for (const [toolCallId, entry] of run.journal) entries.push(readToolJournalEntry(runId, toolCallId, JSON.stringify(entry)));
    return entries;
  },

  loadSessionState(database, key) {
    const session = database.sessions.get(key);
    if (!session) return undefined;
    return { value: readSessionValue(key, session.json), version: session.version, updatedAt: session.updatedAt };
  },

  saveSessionState(database, key, value, options = {}) {
    const session = database.sessions.get(key);
    const version = session?.version ?? 0;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new StorageConflictError(`session "${key}"`, options.expectedVersion, version);
    }
    database.sessions.set(key, { json: JSON.stringify(value ?? null), version: version + 1, updatedAt: Date.now() });
    return version + 1;
  },

  archiveToolOutput(database, output) {
    const createdAt = Date.now();
    database.archives.set(output.id, { json: JSON.stringify(storedToolOutput(output, createdAt)), createdAt });
  },

  loadToolOutput(database, id) {
    const stored = database.archives.get(id);
    return stored === undefined ? undefined : readToolOutput(id, stored.json);
  },

  saveSummary(database, conversationId, summary, options = {}) {
    checkFence(database, options.fence);
    const now = Date.now();
    const json = JSON.stringify(storedSummary(summary, now));
    const conversation = database.conversations.get(conversationId);
    if (conversation) conversation.summary = json;
    else database.conversations.set(conversationId, { messages: [], lastWriteAt: now, summary: json });
  },

  loadSummary(database, conversationId) {
    const stored = database.conversations.get(conversationId)?.summary;
    return stored === undefined ? undefined : readSummary(conversationId, stored);
  },

  recordUsage(database, records, options = {}) {
    checkFence(database, options.fence);
    database.usage.push(
      ...records.map((record) => ({
        json: JSON.stringify(record),
        runId: record.runId,
        conversationId: record.conversationId,
        userId: record.userId,
        recordedAt: record.recordedAt,
      })),
    );
  },

  queryUsage(database, query) {
    const matching = database.usage
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => {
        if (query.runId !== undefined && row.runId !== query.runId) return false;
        if (query.conversationId !== undefined && row.conversationId !== query.conversationId) return false;
        if (query.userId !== undefined && row.userId !== query.userId) return false;
        if (query.from !== undefined && row.recordedAt < query.from) return false;
        return query.to === undefined || row.recordedAt < query.to;
      });
    matching.sort((a, b) => a.row.recordedAt - b.row.recordedAt || a.index - b.index);
    return matching.map(({ row, index }) => readUsageRecord(`${index + 1} (run "${row.runId}")`, row.json));
  },

  prune,
};
