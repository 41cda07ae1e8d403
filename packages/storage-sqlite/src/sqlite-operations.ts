import type { Database } from "better-sqlite3";
import type { RunCheckpoint, RunClaim, ToolJournalEntry } from "@baton/core";
import type { StorageOperations } from "@baton/core/storage-kit";
import { sqliteArchives } from "./archives.js";
import { sqliteConversations } from "./conversations.js";
import { sqliteFence } from "./fence.js";
import { sqliteJournal } from "./journal.js";
import { sqliteRetention } from "./retention.js";
import { sqliteRuns } from "./runs.js";
import { sqliteSessions } from "./sessions.js";
import { sqliteSummaries } from "./summaries.js";
import { sqliteUsage } from "./usage.js";

/** Each domain's statements, prepared once on a migrated database. */
export interface SqliteDomains {
  readonly conversations: ReturnType<typeof sqliteConversations>;
  readonly runs: ReturnType<typeof sqliteRuns>;
  readonly journal: ReturnType<typeof sqliteJournal>;
  readonly sessions: ReturnType<typeof sqliteSessions>;
  readonly archives: ReturnType<typeof sqliteArchives>;
  readonly summaries: ReturnType<typeof sqliteSummaries>;
  readonly usage: ReturnType<typeof sqliteUsage>;
  readonly retention: ReturnType<typeof sqliteRetention>;
  /** Journal entries, then the checkpoint of their run, in one `BEGIN IMMEDIATE` transaction: all or none. */
  checkpointWithJournal(checkpoint: RunCheckpoint, claim: RunClaim, entries: readonly ToolJournalEntry[]): void;
}

/**
 * Prepares every domain's statements on `db` (its schema must be current). The writes
 * of a run's data (appends, journal, summaries, usage) share one fence check.
 */
export function prepareDomains(db: Database): SqliteDomains {
  const fence = sqliteFence(db);
  const runs = sqliteRuns(db);
  const journal = sqliteJournal(db, fence);
  // The inner writes' own transactions become savepoints of this one: a refused checkpoint rolls the entries back.
  const both = db.transaction((checkpoint: RunCheckpoint, claim: RunClaim, entries: readonly ToolJournalEntry[]) => {
    if (entries.length > 0) journal.write(entries, { runId: checkpoint.runId, owner: claim.owner, token: claim.token });
    runs.save(checkpoint, claim);
  });
  return {
    conversations: sqliteConversations(db, fence),
    runs,
    journal,
    checkpointWithJournal: (checkpoint, claim, entries) => both.immediate(checkpoint, claim, entries),
    sessions: sqliteSessions(db),
    archives: sqliteArchives(db),
    summaries: sqliteSummaries(db, fence),
    usage: sqliteUsage(db, fence),
    retention: sqliteRetention(db),
  };
}

/** The `Storage` operations on SQLite: each runs synchronously on the prepared statements of its domain. */
export const SQLITE_OPERATIONS: StorageOperations<SqliteDomains> = {
  appendMessages: (d, conversationId, messages, options = {}) => d.conversations.append(conversationId, messages, options),
  loadMessages: (d, conversationId, options = {}) => d.conversations.load(conversationId, options),
  claimRun: (d, runId, claim) => d.runs.claim(runId, claim),
  saveCheckpoint: (d, checkpoint, claim) => d.runs.save(checkpoint, claim),
  loadCheckpoint: (d, runId) => d.runs.load(runId),
  writeToolJournal: (d, entries, fence) => d.journal.write(entries, fence),
  saveCheckpointWithJournal: (d, checkpoint, claim, entries) => d.checkpointWithJournal(checkpoint, claim, entries),
  loadToolJournal: (d, runId) => d.journal.load(runId),
  loadSessionState: (d, key) => d.sessions.load(key),
  saveSessionState: (d, key, value, options = {}) => d.sessions.save(key, value, options.expectedVersion),
  archiveToolOutput: (d, output) => d.archives.archive(output),
  loadToolOutput: (d, id) => d.archives.load(id),
  saveSummary: (d, conversationId, summary, options = {}) => d.summaries.save(conversationId, summary, options),
  loadSummary: (d, conversationId) => d.summaries.load(conversationId),
  recordUsage: (d, records, options = {}) => d.usage.record(records, options),
  queryUsage: (d, query) => d.usage.query(query),
  prune: (d, domain, olderThan) => d.retention.prune(domain, olderThan),
};
