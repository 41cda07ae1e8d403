import type { Database } from "better-sqlite3";
import type { ConversationSummary, RunFence, SaveSummaryOptions } from "@baton/core";
import { readSummary, storedSummary } from "@baton/core/storage-kit";
import type { SqliteFence } from "./fence.js";

/** Conversation summaries over SQLite, synchronously (the storage wraps them in promises). */
export interface SqliteSummaries {
  save(conversationId: string, summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number }, options: SaveSummaryOptions): void;
  load(conversationId: string): ConversationSummary | undefined;
}

/**
 * Prepares the summary statements once. A summary belongs to its conversation's row
 * (created when missing, without touching its last-append time otherwise), so
 * `prune("conversations")` removes it with the messages. A save is one `BEGIN IMMEDIATE`
 * transaction that checks the run's `fence` (when given) first.
 */
export function sqliteSummaries(db: Database, fence: SqliteFence): SqliteSummaries {
  const ensureConversation = db.prepare("INSERT INTO baton_conversations (id, version, updated_at) VALUES (?, 0, ?) ON CONFLICT (id) DO NOTHING");
  const upsert = db.prepare(
    "INSERT INTO baton_summaries (conversation_id, data) VALUES (?, ?) ON CONFLICT (conversation_id) DO UPDATE SET data = excluded.data",
  );
  const select = db.prepare<[string], { data: unknown }>("SELECT data FROM baton_summaries WHERE conversation_id = ?");
  const save = db.transaction((conversationId: string, data: string, now: number, runFence: RunFence | undefined) => {
    fence.check(runFence);
    ensureConversation.run(conversationId, now);
    upsert.run(conversationId, data);
  });
  return {
    save: (conversationId, summary, options) => {
      const now = Date.now();
      save.immediate(conversationId, JSON.stringify(storedSummary(summary, now)), now, options.fence);
    },
    load: (conversationId) => {
      const row = select.get(conversationId);
      return row === undefined ? undefined : readSummary(conversationId, row.data);
    },
  };
}
