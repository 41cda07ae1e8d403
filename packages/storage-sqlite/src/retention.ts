import type { Database } from "better-sqlite3";
import type { StorageDomain } from "@baton/core";

/** Retention over SQLite, synchronously (the storage wraps it in a promise). */
export interface SqliteRetention {
  prune(domain: StorageDomain, olderThan: number): number;
}

/**
 * Prepares the prune statements once. Each domain is pruned in one `BEGIN IMMEDIATE`
 * transaction; dependent rows (messages and summaries of a conversation, checkpoints
 * and tool-call journal of a run) are deleted explicitly, so pruning does not depend
 * on `foreign_keys`.
 */
export function sqliteRetention(db: Database): SqliteRetention {
  const oldConversations = "SELECT id FROM baton_conversations WHERE updated_at < ?";
  const oldRuns = "SELECT run_id FROM baton_runs WHERE updated_at < ?";
  const statements = {
    messages: db.prepare(`DELETE FROM baton_messages WHERE conversation_id IN (${oldConversations})`),
    summaries: db.prepare(`DELETE FROM baton_summaries WHERE conversation_id IN (${oldConversations})`),
    conversations: db.prepare("DELETE FROM baton_conversations WHERE updated_at < ?"),
    checkpoints: db.prepare(`DELETE FROM baton_checkpoints WHERE run_id IN (${oldRuns})`),
    journal: db.prepare(`DELETE FROM baton_tool_calls WHERE run_id IN (${oldRuns})`),
    runs: db.prepare("DELETE FROM baton_runs WHERE updated_at < ?"),
    sessions: db.prepare("DELETE FROM baton_sessions WHERE updated_at < ?"),
    archives: db.prepare("DELETE FROM baton_archives WHERE created_at < ?"),
    usage: db.prepare("DELETE FROM baton_usage WHERE recorded_at < ?"),
  };
  const prune = db.transaction((domain: StorageDomain, olderThan: number): number => {
    switch (domain) {
      case "conversations":
        statements.messages.run(olderThan);
        statements.summaries.run(olderThan);
        return statements.conversations.run(olderThan).changes;
      case "runs":
        statements.checkpoints.run(olderThan);
        statements.journal.run(olderThan);
        return statements.runs.run(olderThan).changes;
      case "sessions":
        return statements.sessions.run(olderThan).changes;
      case "archives":
        return statements.archives.run(olderThan).changes;
      case "usage":
        return statements.usage.run(olderThan).changes;
      default:
        throw new TypeError(`Unknown storage domain ${JSON.stringify(domain)}.`);
    }
  });
  return { prune: (domain, olderThan) => prune.immediate(domain, olderThan) };
}
