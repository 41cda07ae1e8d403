import type { ToolBatchState } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import { announceWaiting } from "../tools/announce-waiting.js";

/**
 * Announces a resumed run's decided batch again to this attempt's consumer: its calls
 * (`tool-call`), then `tool-interrupted` for each call that still waits for a decision
 * (none given, or none of its kind yet), so the consumer learns what the run waits for
 * though it may never have had the events of the attempt that paused (a queue worker
 * that died before its events were relayed, say).
 */
export function announceResumedBatch(run: AgentRun, batch: ToolBatchState): void {
  if (run.events.active) for (const entry of batch.calls) run.emit({ type: "tool-call", toolCall: entry.call });
  for (const entry of batch.calls) {
    const waiting = entry.waitingFor;
    if (waiting === undefined || entry.decided || (entry.status === "awaiting" && entry.approval)) continue;
    announceWaiting(run, entry.call, waiting.kind, waiting.payload);
  }
}
