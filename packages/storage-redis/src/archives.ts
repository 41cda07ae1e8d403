import type { ArchivedToolOutput, StoredToolOutput } from "@baton/core";
import { readToolOutput, storedToolOutput } from "@baton/core/storage-kit";
import type { RedisContext } from "./context.js";
import { execAtomically } from "./transaction.js";

/** Stores (replaces) an archived output and indexes it by creation time, in one `MULTI`. */
export async function archiveToolOutput(
  ctx: RedisContext,
  output: ArchivedToolOutput & { readonly runId?: string; readonly conversationId?: string },
): Promise<void> {
  const createdAt = Date.now();
  const stored = storedToolOutput(output, createdAt);
  await execAtomically(ctx.client.multi().set(ctx.keys.archive(output.id), JSON.stringify(stored)).zadd(ctx.keys.archivesByTime, createdAt, output.id));
}

/** The archived output with this id, validated; undefined when none. */
export async function loadToolOutput(ctx: RedisContext, id: string): Promise<StoredToolOutput | undefined> {
  const text = await ctx.client.get(ctx.keys.archive(id));
  return text === null ? undefined : readToolOutput(id, text);
}
