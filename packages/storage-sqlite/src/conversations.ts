import type { Database } from "better-sqlite3";
import {
  StorageConflictError,
  type AppendMessagesOptions,
  type AppendMessagesResult,
  type ConversationMessage,
  type LoadMessagesOptions,
  type NewConversationMessage,
  type RunFence,
} from "@baton/core";
import { readMessageColumns } from "@baton/core/storage-kit";
import type { SqliteFence } from "./fence.js";

/** A row of `baton_messages`. */
interface MessageRow {
  readonly seq: number;
  readonly role: unknown;
  readonly parts: unknown;
  readonly run_id: string | null;
  readonly agent_path: string | null;
  readonly user_id: string | null;
  readonly created_at: unknown;
}

/** Conversations over SQLite, synchronously (the storage wraps them in promises). */
export interface SqliteConversations {
  append(conversationId: string, messages: readonly NewConversationMessage[], options: AppendMessagesOptions): AppendMessagesResult;
  load(conversationId: string, options: LoadMessagesOptions): ConversationMessage[];
}

function messageOf(conversationId: string, row: MessageRow): ConversationMessage {
  return readMessageColumns(conversationId, {
    seq: row.seq,
    role: row.role,
    parts: row.parts,
    runId: row.run_id,
    agentPath: row.agent_path,
    userId: row.user_id,
    createdAt: row.created_at,
  });
}

/**
 * Prepares the conversation statements once. An append is one `BEGIN IMMEDIATE`
 * transaction: check the run's `fence` (when given), read the conversation's version,
 * check `expectedVersion`, write the new version and last-append time, insert the
 * messages with the following `seq`s.
 */
export function sqliteConversations(db: Database, fence: SqliteFence): SqliteConversations {
  const version = db.prepare<[string], { version: number }>("SELECT version FROM baton_conversations WHERE id = ?");
  const upsert = db.prepare(
    "INSERT INTO baton_conversations (id, version, updated_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at",
  );
  const insert = db.prepare(
    "INSERT INTO baton_messages (conversation_id, seq, role, parts, run_id, agent_path, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const select = db.prepare<[string, number, number], MessageRow>(
    "SELECT seq, role, parts, run_id, agent_path, user_id, created_at FROM baton_messages WHERE conversation_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
  );

  const append = db.transaction(
    (
      conversationId: string,
      messages: readonly NewConversationMessage[],
      expectedVersion: number | undefined,
      runFence: RunFence | undefined,
    ): AppendMessagesResult => {
      fence.check(runFence);
      const current = version.get(conversationId)?.version ?? 0;
      if (expectedVersion !== undefined && expectedVersion !== current)
        throw new StorageConflictError(`conversation "${conversationId}"`, expectedVersion, current);
      if (messages.length === 0) return { firstSeq: current + 1, version: current };
      const createdAt = Date.now();
      const next = current + messages.length;
      upsert.run(conversationId, next, createdAt);
      let seq = current;
      for (const message of messages) {
        seq++;
        insert.run(
          conversationId,
          seq,
          message.role,
          JSON.stringify(message.parts),
          message.runId ?? null,
          message.agentPath ?? null,
          message.userId ?? null,
          createdAt,
        );
      }
      return { firstSeq: current + 1, version: next };
    },
  );

  return {
    append: (conversationId, messages, options) => {
      if (messages.length === 0 && options.expectedVersion === undefined && options.fence === undefined) {
        const current = version.get(conversationId)?.version ?? 0;
        return { firstSeq: current + 1, version: current };
      }
      return append.immediate(conversationId, messages, options.expectedVersion, options.fence);
    },
    load: (conversationId, options) =>
      select.all(conversationId, options.afterSeq ?? 0, options.throughSeq ?? Number.MAX_SAFE_INTEGER).map((row) => messageOf(conversationId, row)),
  };
}
