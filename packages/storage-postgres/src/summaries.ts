import type { ConversationSummary, SaveSummaryOptions } from "@baton/core";
import { readSummary, storedSummary } from "@baton/core/storage-kit";
import type { PostgresContext } from "./database.js";
import { claimLost } from "./fence.js";

/**
 * Saves (replaces) a conversation's summary in one statement. With `options.fence`,
 * the same statement checks the run's fence first (see `fence.ts`): when it does not
 * hold, nothing is saved and a `RunClaimLostError` is thrown.
 */
export async function saveSummary(
  context: PostgresContext,
  conversationId: string,
  summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number },
  options: SaveSummaryOptions = {},
): Promise<void> {
  const { db, sql } = context;
  const { fence } = options;
  const data = JSON.stringify(storedSummary(summary, Date.now()));
  if (fence === undefined) {
    await db.rows(sql.saveSummary, [conversationId, data], "saving a summary");
    return;
  }
  const [row] = await db.rows<{ fenced: number }>(sql.fencedSaveSummary, [conversationId, data, fence.runId, fence.token], "saving a summary");
  if ((row?.fenced ?? 0) === 0) throw await claimLost(context, fence, "saving a summary");
}

/** A conversation's summary, checked as Baton wrote it. */
export async function loadSummary({ db, sql }: PostgresContext, conversationId: string): Promise<ConversationSummary | undefined> {
  const [row] = await db.rows<{ data: string }>(sql.loadSummary, [conversationId], "loading a summary");
  return row ? readSummary(conversationId, row.data) : undefined;
}
