import type { ConversationSummary, SaveSummaryOptions } from "@baton/core";
import { readSummary, storedSummary } from "@baton/core/storage-kit";
import type { RedisContext } from "./context.js";
import { fenceArgs, throwIfFenceLost } from "./fence.js";

/**
 * Saves (replaces) a conversation's summary, in one script with the fence check when
 * `options.fence` is given (the run exists and the fence's token is its token).
 * @throws RunClaimLostError when the fence check fails (nothing saved).
 */
export async function saveSummary(
  ctx: RedisContext,
  conversationId: string,
  summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number },
  options: SaveSummaryOptions = {},
): Promise<void> {
  const json = JSON.stringify(storedSummary(summary, Date.now()));
  const fence = fenceArgs(ctx, options.fence);
  const reply = await ctx.client.batonSaveSummary(1 + fence.keys.length, ctx.keys.summary(conversationId), ...fence.keys, fence.token, json);
  throwIfFenceLost(reply, options.fence);
}

/** A conversation's summary, validated; undefined when none. */
export async function loadSummary(ctx: RedisContext, conversationId: string): Promise<ConversationSummary | undefined> {
  const text = await ctx.client.get(ctx.keys.summary(conversationId));
  return text === null ? undefined : readSummary(conversationId, text);
}
