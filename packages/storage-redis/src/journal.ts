import { StorageCorruptionError, type RunCheckpoint, type RunClaim, type RunFence, type ToolJournalEntry } from "@baton/core";
import { RECORD_NAMES, readToolJournalEntry } from "@baton/core/storage-kit";
import type { RedisContext } from "./context.js";
import { throwIfFenceLost } from "./fence.js";
import { checkpointKeysAndArgs, throwIfCheckpointRefused } from "./runs.js";
import { execAtomically } from "./transaction.js";

/**
 * Writes journal entries of one run in one script: the fence check (the run exists
 * and `fence.token` is its token), then each entry upserted in the run's journal hash
 * (field = tool-call id, value = the entry's JSON), a new call's id appended to the
 * run's order list. All or none. The entries are serialized before anything is awaited.
 * @throws TypeError when an entry is of another run than `fence.runId` (nothing written).
 * @throws RunClaimLostError when the fence check fails (nothing written).
 */
export async function writeToolJournal(ctx: RedisContext, entries: readonly ToolJournalEntry[], fence: RunFence): Promise<void> {
  const args = [String(fence.token)];
  pushEntries(args, entries, fence.runId, "the fence's run");
  const { keys } = ctx;
  const reply = await ctx.client.batonWriteToolJournal(3, keys.run(fence.runId), keys.journal(fence.runId), keys.journalOrder(fence.runId), ...args);
  throwIfFenceLost(reply, fence);
}

/**
 * Writes journal entries of the checkpoint's run and saves the checkpoint in one
 * script, all or none (`SAVE_CHECKPOINT_WITH_JOURNAL`): the checkpoint's claim check,
 * the entries upserted as {@link writeToolJournal} does, the checkpoint saved.
 * Everything is serialized before anything is awaited.
 * @throws TypeError when an entry is of another run than the checkpoint's (nothing written).
 * @throws RunClaimLostError when the claim does not hold (nothing written).
 */
export async function saveCheckpointWithJournal(
  ctx: RedisContext,
  checkpoint: RunCheckpoint,
  claim: RunClaim,
  entries: readonly ToolJournalEntry[],
): Promise<void> {
  const { keys, args } = checkpointKeysAndArgs(ctx, checkpoint, claim);
  pushEntries(args, entries, checkpoint.runId, "the checkpoint's run");
  keys.push(ctx.keys.journal(checkpoint.runId), ctx.keys.journalOrder(checkpoint.runId));
  throwIfCheckpointRefused(await ctx.client.batonSaveCheckpointWithJournal(keys.length, ...keys, ...args), checkpoint, claim);
}

/** Appends each entry's tool-call id and JSON to a script's arguments, after checking it is of run `runId` (`whose` names that run in the error). */
function pushEntries(args: string[], entries: readonly ToolJournalEntry[], runId: string, whose: string): void {
  entries.forEach((entry, index) => {
    // Checked before anything is written: an entry filed under another run would read back as damaged.
    if (entry.runId !== runId) throw new TypeError(`Journal entry ${index} is of run "${entry.runId}", not of ${whose} "${runId}".`);
    args.push(entry.toolCallId, JSON.stringify(entry));
  });
}

/**
 * A run's journal in first-written order, each entry checked; `[]` for an unknown run.
 * The order list and the entries are read in one `MULTI`, so a concurrent write or
 * prune is seen whole or not at all.
 * @throws StorageCorruptionError for a damaged entry, or an order list and entries that disagree (a call in one and not the other).
 */
export async function loadToolJournal(ctx: RedisContext, runId: string): Promise<ToolJournalEntry[]> {
  const [order, texts] = (await execAtomically(ctx.client.multi().lrange(ctx.keys.journalOrder(runId), 0, -1).hgetall(ctx.keys.journal(runId)))) as [
    string[],
    Record<string, string>,
  ];
  const seen = new Set<string>();
  const entries: ToolJournalEntry[] = [];
  for (const toolCallId of order) {
    if (seen.has(toolCallId)) continue;
    seen.add(toolCallId);
    if (!Object.hasOwn(texts, toolCallId)) throw new StorageCorruptionError(RECORD_NAMES.toolJournalEntry(runId, toolCallId), "the entry is missing");
    entries.push(readToolJournalEntry(runId, toolCallId, texts[toolCallId]));
  }
  for (const toolCallId of Object.keys(texts)) {
    if (!seen.has(toolCallId))
      throw new StorageCorruptionError(RECORD_NAMES.toolJournalEntry(runId, toolCallId), "the call is missing from the journal's order");
  }
  return entries;
}
