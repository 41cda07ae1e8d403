import type { ConversationSummary } from "@baton/core";
import { readSummary, storedSummary } from "@baton/core/storage-kit";
import type { PostgresContext } from "./database.js";

/** Saves (replaces) a conversation's summary. */
export async function saveSummary(
  { db, sql }: PostgresContext,
  conversationId: string,
  summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number },
): Promise<void> {
  await db.rows(sql.saveSummary, [conversationId, JSON.stringify(storedSummary(summary, Date.now()))], "saving a summary");
}

/** A conversation's summary, checked as Baton wrote it. */
export async function loadSummary({ db, sql }: PostgresContext, conversationId: string): Promise<ConversationSummary | undefined> {
  const [row] = await db.rows<{ data: string }>(sql.loadSummary, [conversationId], "loading a summary");
  return row ? readSummary(conversationId, row.data) : undefined;
}
