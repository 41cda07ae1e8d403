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
import { checkFence, claimLost } from "./fence.js";

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
 * With `options.fence`, the same statement checks the run's fence first (see
 * `fence.ts`): when it does not hold, nothing is appended and a `RunClaimLostError`
 * is thrown.
 */
export async function appendMessages(
  ctx: PostgresContext,
  conversationId: string,
  messages: readonly NewConversationMessage[],
  options: AppendMessagesOptions = {},
): Promise<AppendMessagesResult> {
  const { db, sql } = ctx;
  const { expectedVersion: expected, fence } = options;
  if (messages.length === 0) {
    await checkFence(ctx, fence, "appending messages");
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
  if (expected !== undefined && expected !== 0) values.push(expected);
  if (fence !== undefined) values.push(fence.runId, fence.token);
  const [any, toNew, atVersion] =
    fence === undefined ? [sql.appendAny, sql.appendToNew, sql.appendAtVersion] : [sql.fencedAppendAny, sql.fencedAppendToNew, sql.fencedAppendAtVersion];
  const query = expected === undefined ? any : expected === 0 ? toNew : atVersion;
  // A fenced append always returns a row: `fenced` 0 when the fence did not hold, `version` null on a version conflict.
  const [row] = await db.rows<{ version: number | null; fenced?: number }>(query, values, "appending messages");
  if (fence !== undefined && row?.fenced === 0) throw await claimLost(ctx, fence, "appending messages");
  if (row === undefined || row.version === null) {
    throw new StorageConflictError(`conversation "${conversationId}"`, expected ?? 0, await currentVersion(ctx, conversationId));
  }
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
