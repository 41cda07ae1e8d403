import type { ArchivedToolOutput, StoredToolOutput } from "@baton/core";
import { readToolOutput, storedToolOutput } from "@baton/core/storage-kit";
import type { PostgresContext } from "./database.js";

/** Stores (or replaces) an archived tool output under its id, stamped with the current time. */
export async function archiveToolOutput(
  { db, sql }: PostgresContext,
  output: ArchivedToolOutput & { readonly runId?: string; readonly conversationId?: string },
): Promise<void> {
  const createdAt = Date.now();
  await db.rows(sql.archive, [output.id, JSON.stringify(storedToolOutput(output, createdAt)), createdAt], "archiving a tool output");
}

/** The archived output with this id, checked as Baton wrote it. */
export async function loadToolOutput({ db, sql }: PostgresContext, id: string): Promise<StoredToolOutput | undefined> {
  const [row] = await db.rows<{ data: string }>(sql.loadArchive, [id], "loading a tool output");
  return row ? readToolOutput(id, row.data) : undefined;
}
