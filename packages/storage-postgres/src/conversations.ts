import {
  StorageConflictError,
  type AppendMessagesOptions,
  type AppendMessagesResult,
  type ConversationMessage,
  type LoadMessagesOptions,
  type NewConversationMessage,
} from "@baton/core";
import { readMessageColumns } from "@baton/core/storage-kit";
import type { PostgresContext } from "./database.js";

interface MessageRow {
  seq: number;
  role: string;
  parts: string;
  run_id: string | null;
  agent_path: string | null;
  user_id: string | null;
  created_at: number;
}

const MAX_SEQ = 2_147_483_647;

async function currentVersion({ db, sql }: PostgresContext, conversationId: string): Promise<number> {
  const [row] = await db.rows<{ version: number }>(sql.conversationVersion, [conversationId], "reading a conversation's version");
  return row?.version ?? 0;
}

/**
 * Appends messages in one statement: the conversation row is created or updated
 * (which locks it until the statement commits) and the messages are numbered from
 * its new version, so concurrent appends from any connection never share a `seq`.
 */
export async function appendMessages(
  ctx: PostgresContext,
  conversationId: string,
  messages: readonly NewConversationMessage[],
  options: AppendMessagesOptions = {},
): Promise<AppendMessagesResult> {
  const { db, sql } = ctx;
  const expected = options.expectedVersion;
  if (messages.length === 0) {
    const version = await currentVersion(ctx, conversationId);
    if (expected !== undefined && expected !== version) throw new StorageConflictError(`conversation "${conversationId}"`, expected, version);
    return { firstSeq: version + 1, version };
  }
  const values: unknown[] = [
    conversationId,
    messages.length,
    Date.now(),
    messages.map((message) => message.role),
    messages.map((message) => JSON.stringify(message.parts)),
    messages.map((message) => message.runId ?? null),
    messages.map((message) => message.agentPath ?? null),
    messages.map((message) => message.userId ?? null),
  ];
  const query = expected === undefined ? sql.appendAny : expected === 0 ? sql.appendToNew : sql.appendAtVersion;
  if (expected !== undefined && expected !== 0) values.push(expected);
  const [row] = await db.rows<{ version: number }>(query, values, "appending messages");
  if (!row) throw new StorageConflictError(`conversation "${conversationId}"`, expected ?? 0, await currentVersion(ctx, conversationId));
  return { firstSeq: row.version - messages.length + 1, version: row.version };
}

/** A conversation's messages in `seq` order, each checked as Baton wrote it. */
export async function loadMessages({ db, sql }: PostgresContext, conversationId: string, options: LoadMessagesOptions = {}): Promise<ConversationMessage[]> {
  const rows = await db.rows<MessageRow>(sql.loadMessages, [conversationId, options.afterSeq ?? 0, options.throughSeq ?? MAX_SEQ], "loading messages");
  return rows.map((row) =>
    readMessageColumns(conversationId, {
      seq: row.seq,
      role: row.role,
      parts: row.parts,
      runId: row.run_id,
      agentPath: row.agent_path,
      userId: row.user_id,
      createdAt: row.created_at,
    }),
  );
}
