import {
  StorageConflictError,
  type AppendMessagesOptions,
  type AppendMessagesResult,
  type ConversationMessage,
  type LoadMessagesOptions,
  type NewConversationMessage,
} from "@baton/core";
import { readMessageJson } from "@baton/core/storage-kit";
import type { RedisContext } from "./context.js";
import { fenceArgs, throwIfFenceLost } from "./fence.js";

/** The JSON one message is stored as: its envelope, parts and time (seq is its list position). */
function messageJson(message: NewConversationMessage, createdAt: number): string {
  return JSON.stringify({
    role: message.role,
    parts: message.parts,
    ...(message.runId === undefined ? {} : { runId: message.runId }),
    ...(message.agentPath === undefined ? {} : { agentPath: message.agentPath }),
    ...(message.userId === undefined ? {} : { userId: message.userId }),
    createdAt,
  });
}

/**
 * Appends messages in one script: the fence check (with `options.fence`: the run
 * exists and the fence's token is its token), the version check, `RPUSH` and the
 * activity index. An empty append writes nothing but checks the same.
 * @throws RunClaimLostError when the fence check fails (nothing appended).
 * @throws StorageConflictError when `expectedVersion` does not match.
 */
export async function appendMessages(
  ctx: RedisContext,
  conversationId: string,
  messages: readonly NewConversationMessage[],
  options: AppendMessagesOptions = {},
): Promise<AppendMessagesResult> {
  const expected = options.expectedVersion;
  const now = Date.now();
  const fence = fenceArgs(ctx, options.fence);
  const reply = await ctx.client.batonAppendMessages(
    2 + fence.keys.length,
    ctx.keys.messages(conversationId),
    ctx.keys.conversationsByTime,
    ...fence.keys,
    conversationId,
    String(now),
    expected === undefined ? "" : String(expected),
    fence.token,
    ...messages.map((message) => messageJson(message, now)),
  );
  throwIfFenceLost(reply, options.fence);
  const count = Number(reply[1]);
  if (reply[0] !== "ok") throw new StorageConflictError(`conversation "${conversationId}"`, expected ?? count, count);
  return { firstSeq: count + 1, version: count + messages.length };
}

/** Reads a range of a conversation with one `LRANGE` (message `seq` is list index + 1). */
export async function loadMessages(ctx: RedisContext, conversationId: string, options: LoadMessagesOptions = {}): Promise<ConversationMessage[]> {
  const start = Math.max(0, Math.floor(options.afterSeq ?? 0));
  const stop = options.throughSeq === undefined ? -1 : Math.floor(options.throughSeq) - 1;
  if (options.throughSeq !== undefined && stop < start) return [];
  const texts = await ctx.client.lrange(ctx.keys.messages(conversationId), start, stop);
  return texts.map((text, index) => readMessageJson(conversationId, start + index + 1, text));
}
