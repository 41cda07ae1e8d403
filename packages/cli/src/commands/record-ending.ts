import type { ExecutedRun } from "../run/execute-run.js";
import type { RunRecords } from "../storage/run-records.js";

/**
 * Notes in the CLI's run index how a run ended (its stop reason and what it waits for).
 * A run stopped before its end (Ctrl-C, SIGTERM, its output closed) is left as a crash would leave it: only what it waited for
 * before is cleared.
 */
export async function recordEnding(records: RunRecords, runId: string, executed: ExecutedRun): Promise<void> {
  const { stopReason, interruptions } = executed.result;
  await records.update(runId, executed.stoppedBy !== undefined ? {} : { lastStopReason: stopReason, ...(interruptions ? { interruptions } : {}) });
}
