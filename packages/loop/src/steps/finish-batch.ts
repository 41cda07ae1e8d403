import type { ToolCallRecord, BatchCall, NextStep, ToolBatchResult, ToolBatchState, ToolMessage, ToolResultPart } from "@baton/core";
import { withOptionalParts } from "../optional/load-optional-parts.js";
import { recordCallUsage } from "../usage/record-call-usage.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { CONTINUE_TO } from "./continue-to.js";
import type { Mutable } from "../state/mutable.js";

/** What the model reads of a failed call: the refusal, or the error's code and message. */
function modelReadsOf(entry: BatchCall): unknown {
  if (entry.refusal) return entry.refusal.result;
  const error = entry.outcome?.error;
  if (!error) return "Tool failed.";
  return error.code === "TOOL_NOT_ENABLED" ? "TOOL_NOT_ENABLED" : `Error (${error.code}): ${error.message}`;
}

/**
 * Records, as a call finishes, what history keeps of it: a failed call keeps its error
 * text, a tool marked not for history its summary (so a checkpoint taken while the
 * batch is open stores only that).
 */
export function keepHistoryRule(run: AgentRun, entry: BatchCall): void {
  const outcome = entry.outcome!;
  if (outcome.status === "ok") {
    const tool = run.registry.get(entry.call.toolName);
    if (tool?.includeInHistory !== false) return;
    const metadata = run.metadataFor(entry.call.toolCallId);
    metadata.includeInHistory = false;
    if (tool.summarize) metadata.summary = tool.summarize(outcome.result);
    return;
  }
  const metadata = run.metadataFor(entry.call.toolCallId);
  metadata.includeInHistory = false;
  metadata.summary = modelReadsOf(entry);
}

/** A finished call as the model reads it, and its side effects on the run's records. */
function resultOf(run: AgentRun, entry: BatchCall, iteration: number): ToolBatchResult {
  const { state } = run;
  const { call } = entry;
  const outcome = entry.outcome!;
  const ok = outcome.status === "ok";
  const result = ok ? outcome.result : modelReadsOf(entry);
  if (!ok) {
    state.lastIterationErroredTools.push(call.toolName);
    if (outcome.status === "not_enabled") state.toolsNotEnabled.push(call.toolName);
  }
  // Built key by key in the order records always had (spreading optional keys into a literal takes V8's slow path, on every call).
  const record = {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    arguments: entry.arguments ?? call.rawArguments ?? call.arguments,
    status: outcome.status,
  } as Mutable<ToolCallRecord>;
  if (ok) record.result = outcome.result;
  if (outcome.error) record.error = outcome.error;
  record.durationMs = outcome.durationMs;
  record.agentPath = state.agentPath;
  record.iteration = iteration;
  state.toolCalls.push(record);
  const read = { call, status: outcome.status, result } as Mutable<ToolBatchResult>;
  if (ok) read.output = outcome.result;
  if (outcome.error) read.error = outcome.error;
  read.durationMs = outcome.durationMs;
  return read;
}

/**
 * Closes a batch whose every call finished: records each call, lets `afterToolBatch`
 * change what the model reads (or force the next tool, or end the run after this
 * step), adds the results for the model, records the turn's usage (naming the tools
 * that succeeded) and counts the calls against the limit.
 */
export function finishBatch(run: AgentRun, batch: ToolBatchState): NextStep | Promise<NextStep> {
  const { state } = run;
  state.lastIterationErroredTools = [];
  state.toolsNotEnabled = [];
  const results = batch.calls.map((entry) => resultOf(run, entry, batch.iteration));
  const hook = run.config.afterToolBatch;
  // A config with `afterToolBatch` hooks applies them with code loaded when first needed (its optional parts).
  if (hook) return withOptionalParts((parts) => parts.finishBatchWithHook(run, batch, results, hook));
  return close(run, batch, results);
}

/** Hands the results (`final`, as the model reads them) to the model, records the turn's usage and counts the calls. */
export function close(run: AgentRun, batch: ToolBatchState, final: readonly ToolBatchResult[]): NextStep | Promise<NextStep> {
  const { state } = run;
  const parts = final.map((entry): ToolResultPart => {
    const part: Mutable<ToolResultPart> = { type: "tool-result", toolCallId: entry.call.toolCallId, toolName: entry.call.toolName, result: entry.result };
    if (entry.status !== "ok") part.isError = true;
    if (entry.call.providerToolCallId !== undefined) part.providerToolCallId = entry.call.providerToolCallId;
    return part;
  });
  const message: ToolMessage = { role: "tool", content: parts };
  state.added.push(message);
  state.inLoopMessages.push(message);
  if (run.events.active) run.emit({ type: "message", message });
  run.batchResults = final;
  let counted = 0;
  for (const entry of batch.calls) if (!run.nonIterativeTools.has(entry.call.toolName)) counted++;
  state.toolCallCount += counted;
  // The batch is over: a checkpoint taken while its usage is recorded resumes at the end of the step.
  state.batch = undefined;
  state.step = "end";
  if (batch.usageRecorded) return next(run);
  const succeeded: string[] = [];
  for (const entry of final) if (entry.status === "ok") succeeded.push(entry.call.toolName);
  const recorded = recordCallUsage(
    run,
    { ...batch.usage, tools: succeeded },
    run.config.adjustUsage ? { text: state.lastText, toolCalls: state.lastToolCalls, toolsSent: batch.toolsSent, tools: run.offered.definitions } : undefined,
  );
  return recorded ? recorded.then(() => next(run)) : next(run);
}

function next(run: AgentRun): NextStep {
  if (run.abort.aborted) throw run.abort.abortError;
  return CONTINUE_TO.end;
}
