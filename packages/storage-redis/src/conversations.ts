import {
  checkConversationMessage,
  parseStoredJson,
  StorageConflictError,
  StorageCorruptionError,
  type AppendMessagesOptions,
  type AppendMessagesResult,
  type ConversationMessage,
  type LoadMessagesOptions,
  type NewConversationMessage,
} from "@baton/core";
import { isObject, type RedisContext } from "./context.js";

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

/** Appends messages in one script: version check, `RPUSH` and the activity index. */
export async function appendMessages(ctx: RedisContext, conversationId: string, messages: readonly NewConversationMessage[], options: AppendMessagesOptions = {}): Promise<AppendMessagesResult> {
  const expected = options.expectedVersion;
  const key = ctx.keys.messages(conversationId);
  if (messages.length === 0) {
    const count = await ctx.client.llen(key);
    if (expected !== undefined && expected !== count) throw new StorageConflictError(`conversation "${conversationId}"`, expected, count);
    return { firstSeq: count + 1, version: count };
  }
  const now = Date.now();
  const [appended, count] = await ctx.client.batonAppendMessages(
    2,
    key,
    ctx.keys.conversationsByTime,
    conversationId,
    String(now),
    expected === undefined ? "" : String(expected),
    ...messages.map((message) => messageJson(message, now)),
  );
  if (appended !== 1) throw new StorageConflictError(`conversation "${conversationId}"`, expected ?? count, count);
  return { firstSeq: count + 1, version: count + messages.length };
}

/** One stored message, validated: the stored JSON plus the conversation id and its position. */
export function readMessage(conversationId: string, seq: number, text: string): ConversationMessage {
  const record = `conversation "${conversationId}" message ${seq}`;
  const stored = parseStoredJson(text, record);
  if (!isObject(stored)) throw new StorageCorruptionError(record, "the record is not an object");
  const message = checkConversationMessage({ ...stored, conversationId, seq }, record);
  return {
    conversationId,
    seq,
    role: message.role,
    parts: message.parts,
    ...(typeof stored["runId"] === "string" ? { runId: stored["runId"] } : {}),
    ...(typeof stored["agentPath"] === "string" ? { agentPath: stored["agentPath"] } : {}),
    ...(typeof stored["userId"] === "string" ? { userId: stored["userId"] } : {}),
    createdAt: message.createdAt,
  };
}

/** Reads a range of a conversation with one `LRANGE` (message `seq` is list index + 1). */
export async function loadMessages(ctx: RedisContext, conversationId: string, options: LoadMessagesOptions = {}): Promise<ConversationMessage[]> {
  const start = Math.max(0, Math.floor(options.afterSeq ?? 0));
  const stop = options.throughSeq === undefined ? -1 : Math.floor(options.throughSeq) - 1;
  if (options.throughSeq !== undefined && stop < start) return [];
  const texts = await ctx.client.lrange(ctx.keys.messages(conversationId), start, stop);
  return texts.map((text, index) => readMessage(conversationId, start + index + 1, text));
}
