import { ToolRefusedError, isPromiseLike, type BatchCall, type NextStep, type ToolBatchState } from "@baton/core";
import { executeToolBatch } from "../tools/execute-tool-batch.js";
import { checkArguments, prepareToolCall } from "../tools/prepare-tool-calls.js";
import type { PreparedToolCall } from "../tools/prepared-tool-call.js";
import type { ToolRunResult } from "../tools/tool-outcome.js";
import { failedOutcome, runToolCall } from "../tools/run-tool-call.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { loadedOptionalParts, withOptionalParts } from "../optional/load-optional-parts.js";
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
  const persistence = run.tree.persistence;
  // A stored run's journal says which calls finished before (they take their outcome) and which are in doubt (held).
  if (persistence) loadedOptionalParts().settleCallsFromJournal(run, batch);
  const runnable: BatchCall[] = [];
  for (const entry of batch.calls) {
    if (entry.status === "awaiting") {
      if (!entry.approval) return pause(run, batch);
      // A call held for approval waits only in a resumed run, which has its optional parts loaded.
      loadedOptionalParts().settleApproval(entry, entry.approval);
    }
    if (isRunnable(entry)) runnable.push(entry);
  }
  const concurrency = run.useParallelTools ? (run.settings.maxConcurrentTools ?? runnable.length) : 1;
  const prepared = new Array<PreparedToolCall>(runnable.length);
  for (let index = 0; index < runnable.length; index++) prepared[index] = preparedOf(run, runnable[index]!);
  // A stored run's calls start once its checkpoint is stored, the intents of those that start at once with it.
  if (persistence) await loadedOptionalParts().startStoredBatch(run, runnable, prepared, concurrency);
  if (runnable.length > 0) {
    const executed = executeToolBatch(runnable.length, concurrency, (index) => runEntry(run, runnable[index]!, prepared[index]!));
    if (executed) await executed;
  }
  // A stored run's batch closes once the journal's own writes are done (or this attempt ends); the outcomes
  // ride with the checkpoint that follows, which the next batch waits for.
  if (persistence) {
    const settled = loadedOptionalParts().afterStoredBatch(run);
    if (settled) await settled;
  }
  for (const entry of batch.calls) if (entry.status !== "done") return pause(run, batch);
  return finishBatch(run, batch);
}

/** Whether a call runs now: not started, or paused and answered (or holding nested runs that continue). */
function isRunnable(entry: BatchCall): boolean {
  return entry.status === "pending" || (entry.status === "interrupted" && entry.waitingFor === undefined);
}

/**
 * Runs one call of the batch (or refuses it, or takes the outcome a decision gave it)
 * and records how it ended. A stored run journals the call around it; a call that did
 * not start, or that the end of this attempt cut short, stays pending.
 */
function runEntry(run: AgentRun, entry: BatchCall, prepared: PreparedToolCall): void | Promise<void> {
  const refusal = entry.refusal;
  const outcome: ToolRunResult | undefined | Promise<ToolRunResult | undefined> = refusal
    ? failedOutcome(prepared, run, refusal.status, new ToolRefusedError(entry.call.toolName, String(refusal.result)))
    : run.tree.persistence
      ? loadedOptionalParts().runStoredCall(run, entry, prepared)
      : runToolCall(prepared, run, entry);
  if (isPromiseLike(outcome)) return outcome.then((ended) => recordOutcome(run, entry, ended));
  recordOutcome(run, entry, outcome);
}

/** Records how a call of the batch ended (a call that did not start, or was cut short by the end of this attempt, stays pending). */
function recordOutcome(run: AgentRun, entry: BatchCall, outcome: ToolRunResult | undefined): void {
  if (outcome === undefined) return;
  const refusal = entry.refusal;
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

/** Announces the turn and its calls once the batch is decided (`beforeToolCalls` decisions announce the calls they hold for approval too). */
export function announce(run: AgentRun, batch: ToolBatchState): undefined {
  batch.decided = true;
  if (run.events.active) {
    run.emit({ type: "message", message: run.state.added.at(-1)! });
    for (const entry of batch.calls) run.emit({ type: "tool-call", toolCall: entry.call });
  }
  return undefined;
}
