import type { StorageOperations } from "@baton/core/storage-kit";
import { archiveToolOutput, loadToolOutput } from "./archives.js";
import { appendMessages, loadMessages } from "./conversations.js";
import type { PostgresContext } from "./database.js";
import { loadToolJournal, saveCheckpointWithJournal, writeToolJournal } from "./journal.js";
import { prune } from "./retention.js";
import { claimRun, loadCheckpoint, saveCheckpoint } from "./runs.js";
import { loadSessionState, saveSessionState } from "./sessions.js";
import { loadSummary, saveSummary } from "./summaries.js";
import { queryUsage, recordUsage } from "./usage.js";

/** The `Storage` operations on PostgreSQL: each runs one or a few prepared statements on the pool. */
export const POSTGRES_OPERATIONS: StorageOperations<PostgresContext> = {
  appendMessages,
  loadMessages,
  claimRun,
  saveCheckpoint,
  loadCheckpoint,
  writeToolJournal,
  saveCheckpointWithJournal,
  loadToolJournal,
  loadSessionState,
  saveSessionState,
  archiveToolOutput,
  loadToolOutput,
  saveSummary,
  loadSummary,
  recordUsage,
  queryUsage,
  prune,
};
