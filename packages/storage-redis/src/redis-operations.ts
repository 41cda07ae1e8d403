import type { StorageOperations } from "@baton/core/storage-kit";
import { archiveToolOutput, loadToolOutput } from "./archives.js";
import type { RedisContext } from "./context.js";
import { appendMessages, loadMessages } from "./conversations.js";
import { loadToolJournal, saveCheckpointWithJournal, writeToolJournal } from "./journal.js";
import { prune } from "./retention.js";
import { claimRun, loadCheckpoint, saveCheckpoint } from "./runs.js";
import { loadSessionState, saveSessionState } from "./sessions.js";
import { loadSummary, saveSummary } from "./summaries.js";
import { queryUsage, recordUsage } from "./usage.js";

/** The `Storage` operations on Redis: every multi-key write is one Lua script or one `MULTI`. */
export const REDIS_OPERATIONS: StorageOperations<RedisContext> = {
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
