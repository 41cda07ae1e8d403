import { ToolRefusedError, isPromiseLike, rejectionText, type BatchCall, type NextStep, type ToolBatchState } from "@baton/core";
import { executeToolBatch } from "../tools/execute-tool-batch.js";
import { checkArguments, prepareToolCall } from "../tools/prepare-tool-calls.js";
import type { PreparedToolCall } from "../tools/prepared-tool-call.js";
import { failedOutcome, runToolCall } from "../tools/run-tool-call.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { withOptionalParts } from "../optional/load-optional-parts.js";
import { finishBatch, keepHistoryRule } from "./finish-batch.js";

/**
 * The tool batch step. Once per batch, `beforeToolCalls` decides what happens to each
 * call (run, rewrite, refuse, drop, hold for approval) or ends the run; then the
 * calls run truly in parallel, each call's events reaching the consumer as they
 * happen, and each finished call is checkpointed. A call held for approval, a tool
 * that asks the user a question and a nested run that pauses pause the run
 * (`interrupt`); calls that finished keep their results, and a resumed run runs only
 * the others. When every result is in, {@link finishBatch} hands them to the model.
 */
export async function toolBatch(run: AgentRun): Promise<NextStep> {
  const batch = run.state.batch!;
  if (!batch.decided) {
    const decided = decideCalls(run, batch);
    const stop = isPromiseLike(decided) ? await decided : decided;
    if (stop) return stop;
  }
  const runnable: BatchCall[] = [];
  for (const entry of batch.calls) {
    if (entry.status === "awaiting") {
      if (!entry.approval) return pause(run, batch);
      settleApproval(entry, entry.approval);
    }
    if (isRunnable(entry)) runnable.push(entry);
  }
  const persistence = run.tree.persistence;
  if (persistence) await persistence.bounded(run.tree.checkpoint()!, run.abort);
  if (runnable.length > 0) {
    const concurrency = run.useParallelTools ? (run.settings.maxConcurrentTools ?? runnable.length) : 1;
    await executeToolBatch(runnable.length, concurrency, (index) => runEntry(run, runnable[index]!));
  }
  for (const entry of batch.calls) if (entry.status !== "done") return pause(run, batch);
  return finishBatch(run, batch);
}

/** Whether a call runs now: not started, or paused and answered (or holding nested runs that continue). */
function isRunnable(entry: BatchCall): boolean {
  return entry.status === "pending" || (entry.status === "interrupted" && entry.waitingFor === undefined);
}

/** Runs one call of the batch (or refuses it) and records how it ended. */
async function runEntry(run: AgentRun, entry: BatchCall): Promise<void> {
  const prepared = preparedOf(run, entry);
  const refusal = entry.refusal;
  const outcome = refusal
    ? failedOutcome(prepared, run, refusal.status, new ToolRefusedError(entry.call.toolName, String(refusal.result)))
    : await runToolCall(prepared, run, entry);
  if (outcome.status === "interrupted") {
    entry.status = "interrupted";
  } else {
    entry.status = "done";
    entry.outcome = refusal ? { ...outcome, ...(refusal.error ? { error: refusal.error } : {}) } : outcome;
    delete entry.subRuns;
    delete entry.waitingFor;
    keepHistoryRule(run, entry);
  }
  void run.tree.checkpoint(true);
}

/** The call ready to run: its tool (among the tools offered with the turn) and its checked arguments. */
function preparedOf(run: AgentRun, entry: BatchCall): PreparedToolCall {
  const prepared = prepareToolCall(entry.call, run.registry, run.offeredNames);
  if (entry.arguments === undefined || !prepared.tool) return prepared;
  return checkArguments(entry.call, prepared.tool, entry.arguments);
}

/** Turns a person's approval into a run, or a refusal the model reads. */
function settleApproval(entry: BatchCall, approval: NonNullable<BatchCall["approval"]>): void {
  entry.status = "pending";
  delete entry.waitingFor;
  if (approval.approved) return;
  const result = rejectionText(approval.reason);
  entry.refusal = { result, status: "refused", error: new ToolRefusedError(entry.call.toolName, result).toJSON() };
}

/**
 * Pauses the run in its batch (with the pause step, one of the loop's optional parts:
 * most runs never pause).
 */
function pause(run: AgentRun, batch: ToolBatchState): Promise<NextStep> {
  return withOptionalParts((parts) => parts.pauseRun(run, batch));
}

/**
 * Runs `beforeToolCalls` on a new batch and applies its decisions (with the code for
 * that, one of the loop's optional parts: a config without the hook never loads it);
 * then announces the turn and its calls. Returns the stop when a hook ended the run.
 */
function decideCalls(run: AgentRun, batch: ToolBatchState): NextStep | undefined | Promise<NextStep | undefined> {
  const hook = run.config.beforeToolCalls;
  if (!hook) return announce(run, batch);
  return withOptionalParts((parts) => parts.decideToolCalls(run, batch, hook));
}

/** Announces the turn and its calls (and the calls held for approval), once the batch is decided. */
export function announce(run: AgentRun, batch: ToolBatchState): undefined {
  batch.decided = true;
  if (run.events.active) {
    run.emit({ type: "message", message: run.state.added.at(-1)! });
    for (const entry of batch.calls) run.emit({ type: "tool-call", toolCall: entry.call });
  }
  for (const entry of batch.calls) {
    if (entry.status !== "awaiting") continue;
    const payload = entry.waitingFor?.payload;
    run.emitToolEvent({
      type: "tool-interrupted",
      toolCallId: entry.call.toolCallId,
      toolName: entry.call.toolName,
      kind: "approval",
      ...(payload === undefined ? {} : { payload }),
    });
  }
  return undefined;
}
