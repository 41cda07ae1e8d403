import { checkSummary, parseStoredJson, type ConversationSummary } from "@baton/core";
import type { RedisContext } from "./context.js";

/** Saves (replaces) a conversation's summary. */
export async function saveSummary(ctx: RedisContext, conversationId: string, summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number }): Promise<void> {
  const stored: ConversationSummary = { text: summary.text, throughSeq: summary.throughSeq, createdAt: summary.createdAt ?? Date.now() };
  await ctx.client.set(ctx.keys.summary(conversationId), JSON.stringify(stored));
}

/** A conversation's summary, validated; undefined when none. */
export async function loadSummary(ctx: RedisContext, conversationId: string): Promise<ConversationSummary | undefined> {
  const text = await ctx.client.get(ctx.keys.summary(conversationId));
  if (text === null) return undefined;
  const record = `summary of conversation "${conversationId}"`;
  return checkSummary(parseStoredJson(text, record), record);
}
