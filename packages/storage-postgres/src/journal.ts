import type { RunCheckpoint, RunClaim, RunFence, ToolJournalEntry } from "@baton/core";
import { readToolJournalEntry } from "@baton/core/storage-kit";
import type { PostgresContext } from "./database.js";
import { claimLost } from "./fence.js";
import { checkpointRefused, checkpointValues, saveCheckpoint } from "./runs.js";

/**
 * Writes journal entries of run `fence.runId` in one statement, all or none: under the
 * run's fence (see `fence.ts`), one upsert per call into `baton_tool_calls`, keyed by
 * `(run_id, tool_call_id)`. A call's first row takes the next `position`; a later
 * write of the call replaces its data and keeps its position. Of two entries of one
 * call in one write, the last is kept, at the first one's place. The entries are
 * serialized before anything is awaited: the caller goes on changing them.
 * @throws RunClaimLostError when the fence does not hold (nothing written).
 */
export async function writeToolJournal(context: PostgresContext, entries: readonly ToolJournalEntry[], fence: RunFence): Promise<void> {
  const rows = journalRows(entries);
  const [row] = await context.db.rows<{ fenced: number }>(
    context.sql.writeToolJournal,
    [fence.runId, fence.token, [...rows.keys()], [...rows.values()]],
    "writing the tool-call journal",
  );
  if ((row?.fenced ?? 0) === 0) throw await claimLost(context, fence, "writing the tool-call journal");
}

/**
 * Writes journal entries of the checkpoint's run and saves the checkpoint in one
 * statement, all or none: the entries are upserted (as `writeToolJournal` does) from
 * the run's row that the checkpoint's save renewed, so when the claim does not hold
 * neither is written. Everything is serialized before anything is awaited.
 * @throws RunClaimLostError when the claim does not hold (nothing written).
 */
export async function saveCheckpointWithJournal(
  context: PostgresContext,
  checkpoint: RunCheckpoint,
  claim: RunClaim,
  entries: readonly ToolJournalEntry[],
): Promise<void> {
  if (entries.length === 0) return saveCheckpoint(context, checkpoint, claim);
  const rows = journalRows(entries);
  const values = [...checkpointValues(checkpoint, claim), [...rows.keys()], [...rows.values()]];
  const [row] = await context.db.rows<{ saved: number }>(context.sql.saveCheckpointWithJournal, values, "saving a checkpoint with journal entries");
  if ((row?.saved ?? 0) === 0) throw await checkpointRefused(context, checkpoint, claim);
}

/** The rows of a journal write, by tool-call id (of two entries of one call, the last, at the first one's place), each entry's JSON. */
function journalRows(entries: readonly ToolJournalEntry[]): Map<string, string> {
  const rows = new Map<string, string>();
  for (const entry of entries) rows.set(entry.toolCallId, JSON.stringify(entry));
  return rows;
}

/** The run's journal in the order calls were first written, each entry checked; `[]` for an unknown run. */
export async function loadToolJournal({ db, sql }: PostgresContext, runId: string): Promise<ToolJournalEntry[]> {
  const rows = await db.rows<{ tool_call_id: string; data: string }>(sql.loadToolJournal, [runId], "loading the tool-call journal");
  return rows.map((row) => readToolJournalEntry(runId, row.tool_call_id, row.data));
}
