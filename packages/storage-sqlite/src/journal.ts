import type { Database } from "better-sqlite3";
import type { RunFence, ToolJournalEntry } from "@baton/core";
import { readToolJournalEntry } from "@baton/core/storage-kit";
import type { SqliteFence } from "./fence.js";

/** The tool-call journal over SQLite, synchronously (the storage wraps it in promises). */
export interface SqliteJournal {
  write(entries: readonly ToolJournalEntry[], fence: RunFence): void;
  load(runId: string): ToolJournalEntry[];
}

/**
 * Prepares the journal statements once. A write is one `BEGIN IMMEDIATE` transaction:
 * the fence check, then one upsert per entry into `baton_tool_calls`, keyed by
 * `(run_id, tool_call_id)`. A call's first row takes the position after the run's
 * last; a later write of the call replaces its data and keeps its position, so the
 * journal reads back in the order calls were first written. Entries are stored as the
 * JSON text of the entry (the run's id is the fence's: entries of one write belong to
 * its run). The rows go with their run (`prune("runs")`).
 */
export function sqliteJournal(db: Database, fence: SqliteFence): SqliteJournal {
  const upsert = db.prepare(
    `INSERT INTO baton_tool_calls (run_id, tool_call_id, position, data)
     VALUES (@runId, @toolCallId, (SELECT coalesce(max(position), 0) + 1 FROM baton_tool_calls WHERE run_id = @runId), @data)
     ON CONFLICT (run_id, tool_call_id) DO UPDATE SET data = excluded.data`,
  );
  const select = db.prepare<[string], { tool_call_id: string; data: unknown }>(
    "SELECT tool_call_id, data FROM baton_tool_calls WHERE run_id = ? ORDER BY position",
  );
  const write = db.transaction((rows: readonly (readonly [string, string])[], runFence: RunFence) => {
    fence.check(runFence);
    for (const [toolCallId, data] of rows) upsert.run({ runId: runFence.runId, toolCallId, data });
  });
  return {
    write: (entries, runFence) =>
      write.immediate(
        entries.map((entry) => [entry.toolCallId, JSON.stringify(entry)] as const),
        runFence,
      ),
    load: (runId) => select.all(runId).map((row) => readToolJournalEntry(runId, row.tool_call_id, row.data)),
  };
}
