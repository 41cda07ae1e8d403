import type { BatchCall, InDoubtPayload, ToolBatchState } from "@baton/core";
import { toolEffects } from "@baton/core/tool-access";
import type { AgentRun } from "../run-tree/agent-run.js";
import { keepHistoryRule } from "../steps/finish-batch.js";
import { settleInDoubt } from "../state/apply-decisions.js";
import { announceWaiting } from "../tools/announce-waiting.js";

/**
 * Whether a call of the batch would run its tool now: not started, approved (a process
 * may have died after the approval let it start), or paused and answered (or holding
 * nested runs that continue).
 */
function wouldRun(entry: BatchCall): boolean {
  if (entry.refusal || entry.decided) return false;
  if (entry.status === "awaiting") return entry.approval?.approved === true;
  return entry.status === "pending" || (entry.status === "interrupted" && entry.waitingFor === undefined);
}

/** Whether running the tool's call twice is safe: declared, or a tool that only reads (an unknown tool runs nothing). */
export function isIdempotent(run: AgentRun, toolName: string): boolean {
  const tool = run.registry.get(toolName);
  return !tool || toolEffects(tool) === "idempotent";
}

/**
 * Reads the journal for the calls of a resumed run's batch that would run now: a
 * call whose outcome was journaled finished (before its process died, or before the
 * checkpoint that would have said so was written): it takes that outcome and never
 * runs again. A call whose intent was journaled but not its outcome is in doubt: it
 * may have run, in part or whole. An idempotent tool's call simply runs again; any
 * other is held (`awaiting`, waiting for a decision of kind `in-doubt`), and the run
 * pauses for a person or a handler to decide. A call the journal does not know never
 * started, and runs. Returns whether a call is now held.
 */
export function settleCallsFromJournal(run: AgentRun, batch: ToolBatchState): boolean {
  const journal = run.tree.persistence?.journal;
  if (!journal || journal.isEmpty) return false;
  let held = false;
  for (const entry of batch.calls) {
    if (!wouldRun(entry)) continue;
    const { toolCallId, toolName } = entry.call;
    const recorded = journal.entryOf(toolCallId);
    if (!recorded) continue;
    const outcome = recorded.outcome;
    if (outcome !== undefined) {
      // A call that paused its run runs again by design (with its answers); any other outcome is final.
      if (outcome.status === "interrupted") continue;
      entry.status = "done";
      entry.outcome = outcome;
      delete entry.subRuns;
      delete entry.waitingFor;
      delete entry.approval;
      keepHistoryRule(run, entry);
      continue;
    }
    // A decision said to run this attempt again, or the tool may run twice: it runs.
    if (entry.runAgain === recorded.attempt || isIdempotent(run, toolName)) continue;
    // Decided already: the attempt that reported this call in doubt could not store its pause, and resume() was given the decision.
    const later = run.tree.persistence!.laterDecisions;
    if (later?.[toolCallId] !== undefined && settleInDoubt(entry, later[toolCallId], recorded.attempt)) {
      delete later[toolCallId];
      continue;
    }
    const payload: InDoubtPayload = { idempotencyKey: `${run.runId}:${toolCallId}`, attempt: recorded.attempt, startedAt: recorded.startedAt };
    entry.status = "awaiting";
    entry.waitingFor = { kind: "in-doubt", payload };
    // An approval let it start once; whether it runs again is now this decision's.
    delete entry.approval;
    announceWaiting(run, entry.call, "in-doubt", payload);
    held = true;
  }
  return held;
}
