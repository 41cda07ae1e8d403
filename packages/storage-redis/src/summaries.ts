import type { ConversationSummary } from "@baton/core";
import { readSummary, storedSummary } from "@baton/core/storage-kit";
import type { RedisContext } from "./context.js";

/** Saves (replaces) a conversation's summary. */
export async function saveSummary(
  ctx: RedisContext,
  conversationId: string,
  summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number },
): Promise<void> {
  await ctx.client.set(ctx.keys.summary(conversationId), JSON.stringify(storedSummary(summary, Date.now())));
}

/** A conversation's summary, validated; undefined when none. */
export async function loadSummary(ctx: RedisContext, conversationId: string): Promise<ConversationSummary | undefined> {
  const text = await ctx.client.get(ctx.keys.summary(conversationId));
  return text === null ? undefined : readSummary(conversationId, text);
}
