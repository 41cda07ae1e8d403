import {
  ERROR_CODES,
  RUN_DECISION,
  ToolRefusedError,
  isPromiseLike,
  rejectionText,
  type AssistantMessage,
  type BatchCall,
  type NextStep,
  type PlannedToolCall,
  type ToolBatchState,
  type ToolCallDecision,
  type ToolCallsOverrides,
} from "@baton/core";
import { callHook } from "../hooks/call-hook.js";
import { executeToolBatch } from "../tools/execute-tool-batch.js";
import { checkArguments, prepareToolCall } from "../tools/prepare-tool-calls.js";
import type { PreparedToolCall } from "../tools/prepared-tool-call.js";
import { failedOutcome, runToolCall } from "../tools/run-tool-call.js";
import { recordCallUsage } from "../usage/record-call-usage.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { loadOptionalParts } from "../optional/load-optional-parts.js";
import { finishBatch, keepHistoryRule } from "./finish-batch.js";
import { CONTINUE_TO } from "./continue-to.js";

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
async function pause(run: AgentRun, batch: ToolBatchState): Promise<NextStep> {
  return (await loadOptionalParts()).pauseRun(run, batch);
}

/**
 * Runs `beforeToolCalls` on a new batch and applies its decisions; then announces the
 * turn and its calls. Returns the stop when a hook ended the run.
 */
function decideCalls(run: AgentRun, batch: ToolBatchState): NextStep | undefined | Promise<NextStep | undefined> {
  const hook = run.config.beforeToolCalls;
  if (!hook) return announce(run, batch);
  const calls: PlannedToolCall[] = batch.calls.map((entry) => {
    const prepared = prepareToolCall(entry.call, run.registry, run.offeredNames);
    return { call: entry.call, tool: prepared.tool, ...(prepared.invalid ? { invalid: prepared.invalid.toJSON() } : {}), decision: RUN_DECISION };
  });
  const overrides = callHook("beforeToolCalls", () => hook({ state: run.state, context: run.hookContext, calls, text: run.state.lastText }));
  return isPromiseLike(overrides)
    ? overrides.then((value) => applyDecisions(run, batch, value ?? undefined))
    : applyDecisions(run, batch, overrides ?? undefined);
}

function applyDecisions(run: AgentRun, batch: ToolBatchState, overrides: ToolCallsOverrides | undefined): NextStep | undefined | Promise<NextStep | undefined> {
  if (overrides?.stop !== undefined) {
    const reason = overrides.stop === true ? (run.state.stopReason ?? "ended_by_hook") : overrides.stop;
    run.stepStop = { stop: true, reason };
    return dropBatch(run, batch);
  }
  const decisions = overrides?.decisions;
  if (decisions) {
    for (let i = batch.calls.length - 1; i >= 0; i--) {
      const entry = batch.calls[i]!;
      if (!Object.hasOwn(decisions, entry.call.toolCallId)) continue;
      const decision: ToolCallDecision = decisions[entry.call.toolCallId]!;
      if (decision.type === "drop") batch.calls.splice(i, 1);
      else if (decision.type === "interrupt") {
        entry.status = "awaiting";
        entry.waitingFor = { kind: "approval", ...(decision.payload === undefined ? {} : { payload: decision.payload }) };
      } else if (decision.type === "refuse") {
        const error = decision.error;
        const result = decision.result ?? (error ? `Error (${error.code}): ${error.message}` : "This tool call was refused.");
        entry.refusal = {
          result,
          status: error?.code === ERROR_CODES.TOOL_INVALID_ARGUMENTS ? "invalid" : "refused",
          ...(error ? { error: error.toJSON() } : {}),
        };
      } else if (decision.arguments !== undefined) {
        entry.arguments = decision.arguments;
      }
    }
    if (batch.calls.length === 0) return dropBatch(run, batch);
    if (batch.calls.length < run.state.lastToolCalls.length) rewriteTurn(run, batch);
  }
  return announce(run, batch);
}

/** Announces the turn and its calls (and the calls held for approval), once the batch is decided. */
function announce(run: AgentRun, batch: ToolBatchState): undefined {
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

/** Keeps only the batch's calls in the turn (the others were dropped). */
function rewriteTurn(run: AgentRun, batch: ToolBatchState): void {
  const { state } = run;
  const kept = new Set(batch.calls.map((entry) => entry.call.toolCallId));
  const turn = state.added.at(-1) as AssistantMessage;
  const message: AssistantMessage = { role: "assistant", content: turn.content.filter((part) => part.type !== "tool-call" || kept.has(part.toolCallId)) };
  replaceTurn(run, turn, message);
  state.lastToolCalls = batch.calls.map((entry) => entry.call);
  if (run.turn) run.turn.toolCalls = state.lastToolCalls;
}

/** Drops the batch: the turn keeps its text (or goes when it has none), nothing runs. */
async function dropBatch(run: AgentRun, batch: ToolBatchState): Promise<NextStep> {
  const { state } = run;
  const turn = state.added.at(-1) as AssistantMessage;
  const content = turn.content.filter((part) => part.type !== "tool-call");
  if (content.length > 0) {
    const message: AssistantMessage = { role: "assistant", content };
    replaceTurn(run, turn, message);
    if (run.events.active) run.emit({ type: "message", message });
  } else {
    state.added.pop();
    state.inLoopMessages.splice(state.inLoopMessages.lastIndexOf(turn), 1);
    state.turnIterations.pop();
  }
  state.batch = undefined;
  state.lastToolCalls = [];
  if (run.turn) run.turn.toolCalls = [];
  const recorded = recordCallUsage(run, batch.usage, { text: state.lastText, toolCalls: [], toolsSent: batch.toolsSent, tools: run.offered.definitions });
  if (recorded) await recorded;
  return CONTINUE_TO.end;
}

function replaceTurn(run: AgentRun, turn: AssistantMessage, message: AssistantMessage): void {
  const { state } = run;
  state.added[state.added.lastIndexOf(turn)] = message;
  const index = state.inLoopMessages.lastIndexOf(turn);
  if (index >= 0) state.inLoopMessages[index] = message;
}
