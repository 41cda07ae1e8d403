import { checkSummary, checkToolOutput, storedToolOutput, parseStoredJson, type ArchivedToolOutput, type ConversationSummary, type StoredToolOutput } from "@baton/core";
import type { Database } from "./database.js";
import type { Statements } from "./statements.js";

/** Stores (or replaces) an archived tool output under its id, stamped with the current time. */
export async function archiveToolOutput(
  db: Database,
  sql: Statements,
  output: ArchivedToolOutput & { readonly runId?: string; readonly conversationId?: string },
): Promise<void> {
  const createdAt = Date.now();
  const stored = storedToolOutput(output, createdAt);
  await db.rows(sql.archive, [output.id, JSON.stringify(stored), createdAt], "archiving a tool output");
}

/** The archived output with this id, checked as Baton wrote it. */
export async function loadToolOutput(db: Database, sql: Statements, id: string): Promise<StoredToolOutput | undefined> {
  const [row] = await db.rows<{ data: string }>(sql.loadArchive, [id], "loading a tool output");
  if (!row) return undefined;
  const record = `tool output "${id}"`;
  return checkToolOutput(parseStoredJson(row.data, record), record);
}

/** Saves (replaces) a conversation's summary. */
export async function saveSummary(
  db: Database,
  sql: Statements,
  conversationId: string,
  summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number },
): Promise<void> {
  const stored: ConversationSummary = { text: summary.text, throughSeq: summary.throughSeq, createdAt: summary.createdAt ?? Date.now() };
  await db.rows(sql.saveSummary, [conversationId, JSON.stringify(stored)], "saving a summary");
}

/** A conversation's summary, checked as Baton wrote it. */
export async function loadSummary(db: Database, sql: Statements, conversationId: string): Promise<ConversationSummary | undefined> {
  const [row] = await db.rows<{ data: string }>(sql.loadSummary, [conversationId], "loading a summary");
  if (!row) return undefined;
  const record = `summary of conversation "${conversationId}"`;
  return checkSummary(parseStoredJson(row.data, record), record);
}
