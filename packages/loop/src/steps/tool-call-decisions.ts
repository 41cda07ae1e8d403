import {
  ERROR_CODES,
  RUN_DECISION,
  isPromiseLike,
  type AgentConfig,
  type AssistantMessage,
  type NextStep,
  type PlannedToolCall,
  type ToolBatchState,
  type ToolCallDecision,
  type ToolCallsOverrides,
} from "@baton/core";
import { callHook } from "../hooks/call-hook.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { prepareToolCall } from "../tools/prepare-tool-calls.js";
import { recordCallUsage } from "../usage/record-call-usage.js";
import { CONTINUE_TO } from "./continue-to.js";
import { announce } from "./tool-batch.js";
import { announceWaiting } from "../tools/announce-waiting.js";

/**
 * Runs a config's `beforeToolCalls` on a new batch and applies its decisions (run,
 * rewrite, refuse, drop, hold for approval, or end the run); then announces the turn
 * and its calls. Returns the stop when the hook ended the run.
 */
export function decideToolCalls(
  run: AgentRun,
  batch: ToolBatchState,
  hook: NonNullable<AgentConfig["beforeToolCalls"]>,
): NextStep | undefined | Promise<NextStep | undefined> {
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
  announce(run, batch);
  // The calls held for approval, once every call is announced.
  for (const entry of batch.calls) if (entry.status === "awaiting") announceWaiting(run, entry.call, "approval", entry.waitingFor?.payload);
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
  state.step = "end";
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
