import { checkToolOutput, storedToolOutput, parseStoredJson, type ArchivedToolOutput, type StoredToolOutput } from "@baton/core";
import type { RedisContext } from "./context.js";
import { execAtomically } from "./transaction.js";

/** Stores (replaces) an archived output and indexes it by creation time, in one `MULTI`. */
export async function archiveToolOutput(ctx: RedisContext, output: ArchivedToolOutput & { readonly runId?: string; readonly conversationId?: string }): Promise<void> {
  const createdAt = Date.now();
  const stored = storedToolOutput(output, createdAt);
  await execAtomically(ctx.client.multi().set(ctx.keys.archive(output.id), JSON.stringify(stored)).zadd(ctx.keys.archivesByTime, createdAt, output.id));
}

/** The archived output with this id, validated; undefined when none. */
export async function loadToolOutput(ctx: RedisContext, id: string): Promise<StoredToolOutput | undefined> {
  const text = await ctx.client.get(ctx.keys.archive(id));
  if (text === null) return undefined;
  const record = `tool output "${id}"`;
  return checkToolOutput(parseStoredJson(text, record), record);
}
