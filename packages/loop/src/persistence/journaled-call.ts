import { isBatonError, ToolExecutionError, type BatchCall, type ToolCallOutcome, type ToolJournalEntry } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import type { PreparedToolCall } from "../tools/prepared-tool-call.js";
import { failedOutcome, runToolCall, ToolAbortedError } from "../tools/run-tool-call.js";
import type { ToolRunResult } from "../tools/tool-outcome.js";

/**
 * Whether this attempt at the run is ending for a reason of storage (its claim lost to
 * another process, its storage unavailable past the run's wait, or an abort saying
 * another process holds the run) rather than the user's abort: a call it cut short may have done its effect, so it is left for a
 * resumed run to find in doubt, not recorded as aborted.
 */
export function attemptEnding(run: AgentRun): boolean {
  const persistence = run.tree.persistence;
  if (persistence === undefined) return false;
  // A queue's relay may find the newer claim first: the abort it sends says so.
  return persistence.claimLost || persistence.health.unavailable !== undefined || isBatonError(run.abort.abortError?.cause, "RUN_CLAIM_LOST");
}

/**
 * Runs one call of a stored run under its journal: the call's intent is written
 * first, and the call starts only once it is stored; its outcome is written when it
 * ends (an `interrupted` marker for a call that paused the run). Returns undefined
 * when the call did not start (the run can no longer count on its claim or its
 * storage) or was cut short by the end of this attempt: it stays pending, and a
 * resumed run finds it not started, or in doubt. A call that cannot run (unknown
 * tool, invalid arguments) runs nothing, so nothing is journaled for it.
 *
 * Not an async function: each call of a stored run passes here, and chained steps
 * allocate less than an async function's suspended frames (about 1.2 KB less per call).
 */
export function runJournaledCall(run: AgentRun, entry: BatchCall, prepared: PreparedToolCall): Promise<ToolRunResult | undefined> {
  if (!runsUnderJournal(prepared)) return Promise.resolve(runToolCall(prepared, run, entry));
  const persistence = run.tree.persistence!;
  if (!persistence.health.claimHolds() || attemptEnding(run)) return NOT_STARTED;
  // Its intent rode with the batch's checkpoint, which is stored: it starts now (checked just above).
  const intent = persistence.journal.intentStored(entry.call.toolCallId);
  if (intent !== undefined) return Promise.resolve(runStarted(run, entry, prepared, intent));
  // Aborted by the user before it started: it does not start.
  if (run.abort.aborted) return Promise.resolve(failedOutcome(prepared, run, "aborted", new ToolAbortedError(entry.call.toolName)));
  return persistence.journal.start(run.agentPath, entry.call, run.abort).then(
    (stored) => runAfterIntent(run, entry, prepared, stored),
    // Refused: the run lost its claim or its storage, and ends; the call never started.
    () => undefined,
  );
}

/** Whether a call runs under the journal: one that cannot run (unknown tool, invalid arguments) runs nothing, so nothing is journaled. */
function runsUnderJournal(prepared: PreparedToolCall): boolean {
  return prepared.tool !== undefined && prepared.invalid === undefined;
}

/** The call stays pending (see {@link runJournaledCall}). */
const NOT_STARTED: Promise<undefined> = Promise.resolve(undefined);

/** Runs a call of {@link runJournaledCall} once its intent is written (`stored`), or not, when its run was aborted meanwhile. */
function runAfterIntent(
  run: AgentRun,
  entry: BatchCall,
  prepared: PreparedToolCall,
  stored: boolean,
): ToolRunResult | undefined | Promise<ToolRunResult | undefined> {
  // Aborted while its intent was being written: it does not start (should the intent land, a resume finds the run aborted).
  if (!stored) return attemptEnding(run) ? undefined : failedOutcome(prepared, run, "aborted", new ToolAbortedError(entry.call.toolName));
  const persistence = run.tree.persistence!;
  if (attemptEnding(run) || !persistence.health.claimHolds()) return undefined;
  return runStarted(run, entry, prepared, persistence.journal.entryOf(entry.call.toolCallId)!);
}

/**
 * Runs a call whose intent (`started`) is stored, its claim and storage checked, and
 * journals how it ended; a run aborted meanwhile does not start it, and the journal says so.
 */
function runStarted(
  run: AgentRun,
  entry: BatchCall,
  prepared: PreparedToolCall,
  started: ToolJournalEntry,
): ToolRunResult | Promise<ToolRunResult | undefined> {
  if (run.abort.aborted) {
    const aborted = failedOutcome(prepared, run, "aborted", new ToolAbortedError(entry.call.toolName));
    run.tree.persistence!.journal.end(started, aborted);
    return aborted;
  }
  return Promise.resolve(runToolCall(prepared, run, entry)).then((result) => {
    if (result.status === "aborted" && attemptEnding(run)) return undefined;
    run.tree.persistence!.journal.end(started, result.status === "interrupted" ? { status: "interrupted", durationMs: result.durationMs } : result);
    return result;
  });
}

/**
 * Starts a stored run's batch: journals the intents of the calls that start as soon as
 * the batch's checkpoint is stored (the first `concurrency` of `runnable`, `prepared`
 * in the same order), which ride with that checkpoint's write (one storage step fewer
 * per call), and waits for it (at most until the storage wait ends, never past the
 * run's abort). A call that runs nothing (refused, unknown tool, invalid arguments) or
 * takes a decision's outcome is not journaled; the calls that wait for a free slot
 * write their intents when they start.
 */
export function startStoredBatch(run: AgentRun, runnable: readonly BatchCall[], prepared: readonly PreparedToolCall[], concurrency: number): Promise<boolean> {
  const persistence = run.tree.persistence!;
  const count = Math.min(runnable.length, concurrency);
  for (let index = 0; index < count && !run.abort.aborted; index++) {
    const entry = runnable[index]!;
    // As runEntry and runStoredCall route it: a refused call, or one a decision settled, runs nothing.
    if (entry.refusal === undefined && entry.decided === undefined && runsUnderJournal(prepared[index]!)) {
      persistence.journal.intend(run.agentPath, entry.call);
    }
  }
  return persistence.bounded(run.tree.checkpoint()!, run.abort);
}

/**
 * A call settled by a decision on it in doubt (a result given, or a failure): reported
 * as it would have been had it run (`tool-done` or `tool-error`), and its outcome
 * journaled so that a later resume takes it as done.
 */
export function decidedOutcome(run: AgentRun, entry: BatchCall, decided: ToolCallOutcome): ToolCallOutcome {
  const { toolCallId, toolName } = entry.call;
  if (decided.status === "ok") run.emitToolEvent({ type: "tool-done", toolCallId, toolName, result: decided.result, durationMs: 0 });
  else
    run.emitToolEvent({
      type: "tool-error",
      toolCallId,
      toolName,
      status: decided.status,
      error: decided.error ?? new ToolExecutionError(toolName, "The call in doubt was failed by a decision.").toJSON(),
      durationMs: 0,
    });
  const journal = run.tree.persistence?.journal;
  const recorded = journal?.entryOf(toolCallId);
  if (journal && recorded) journal.end(recorded, decided);
  return decided;
}

/**
 * Runs one call of a stored run's batch: one a decision on it in doubt settled takes
 * that outcome; any other runs under the journal ({@link runJournaledCall}). A call
 * that ends clears what the decision left on it.
 */
export function runStoredCall(run: AgentRun, entry: BatchCall, prepared: PreparedToolCall): Promise<ToolRunResult | undefined> {
  // Most calls carry no decision: they run under the journal, with nothing to clear after.
  if (entry.decided === undefined && entry.runAgain === undefined) return runJournaledCall(run, entry, prepared);
  return runDecidedCall(run, entry, prepared);
}

/** A call of {@link runStoredCall} that a decision on it in doubt left something on. */
async function runDecidedCall(run: AgentRun, entry: BatchCall, prepared: PreparedToolCall): Promise<ToolRunResult | undefined> {
  const decided = entry.decided;
  const outcome = decided ? decidedOutcome(run, entry, decided) : await runJournaledCall(run, entry, prepared);
  if (outcome !== undefined && outcome.status !== "interrupted") {
    delete entry.decided;
    delete entry.runAgain;
  }
  return outcome;
}

/**
 * What a stored run's batch does once its calls ran: calls this attempt's end left
 * pending are for a resumed run to find (the attempt ends now); otherwise the batch
 * closes once the journal's own writes are done (none, while storage answers: the
 * outcomes ride with the checkpoint asked for after each call, which the next batch's
 * calls wait for).
 */
export function afterStoredBatch(run: AgentRun): Promise<void> | undefined {
  // Not an async function: the batch awaits the journal's own promise, one turn fewer per batch.
  if (attemptEnding(run)) return Promise.reject(run.abort.abortError);
  return run.tree.persistence!.journal.settled(run.abort);
}
