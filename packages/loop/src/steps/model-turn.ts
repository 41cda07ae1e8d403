import {
  ProviderError,
  RunAbortedError,
  errorMessage,
  isBatonError,
  type AssistantMessage,
  type BatchCall,
  type NextStep,
  type ToolCallPart,
} from "@baton/core";
import { streamModelTurn, type ModelTurn } from "../model/stream-model-turn.js";
import { toolCallPart } from "../tools/prepare-tool-calls.js";
import { usageRecord } from "../usage/usage-record.js";
import { recordCallUsage } from "../usage/record-call-usage.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { CONTINUE_TO } from "./continue-to.js";
import { loadedOptionalParts } from "../optional/load-optional-parts.js";

type Content = AssistantMessage["content"][number];

/**
 * The model step: streams one model call (text and reasoning deltas reach the
 * consumer as they come), gives its tool calls ids unique in the run tree, and records
 * the turn. A turn without tool calls goes to the end step; a turn with calls opens
 * the tool batch (the turn's final answer, when it was asked for, does not run its
 * calls: they are dropped and the run ends after this step).
 */
export async function modelTurn(run: AgentRun): Promise<NextStep> {
  const { state, tree } = run;
  const request = run.request!;
  run.request = undefined;
  const wait = run.waitForConsumers();
  if (wait) await wait;
  const iteration = ++state.iteration;
  if (run.events.active) run.emit({ type: "step-start", iteration, model: request.model, toolsSent: request.tools !== undefined });
  run.stepOpen = true;
  const startedAt = performance.timeOrigin + performance.now();
  let turn: ModelTurn;
  // The run hears the turn's deltas (see AgentRun.onText): one listener for every turn.
  run.producedThisTurn = false;
  try {
    turn = await streamModelTurn(run.provider, request, run.abort, run);
  } catch (error) {
    if (RunAbortedError.isInstance(error) || run.abort.aborted) throw run.abort.abortError ?? error;
    const failure = isBatonError(error) ? error : new ProviderError(`Model call failed: ${errorMessage(error)}`, { cause: error });
    // Only a run with a context engine retries (its optional parts are loaded).
    const retry = run.settings.contextEngine
      ? await loadedOptionalParts().retryAfterOverflow(run, failure, request.model, iteration, run.producedThisTurn)
      : undefined;
    if (retry) return retry;
    throw failure;
  }
  run.overflowRetried = false;
  state.lastText = turn.text;
  if (turn.usageReported) {
    run.lastInputTokens = turn.usage.inputTokens;
    // An estimating counter learns what the provider counted for this exact request.
    if (turn.usage.inputTokens > 0)
      run.settings.tokenCounter?.calibrate?.(request.messages, turn.usage.inputTokens, request.tools ? { tools: request.tools } : {});
  }
  // A run with a budget has its optional parts loaded.
  if (run.hold) loadedOptionalParts().updateHold(run, run.hold, turn.usage, request.model);
  const calls: ToolCallPart[] =
    turn.toolCalls.length === 0 ? [] : turn.toolCalls.map((call) => toolCallPart(tree.callIds.claim(call.id), call.name, call.rawArguments, call.id));
  state.lastToolCalls = calls;
  const content: Content[] = turn.reasoning.length === 0 ? [] : [...turn.reasoning];
  if (state.sentText.length > 0) {
    // Text a hook sent before this turn comes first in it.
    content.push({ type: "text", text: state.sentText });
    state.sentText = "";
  }
  if (turn.text.length > 0) content.push({ type: "text", text: turn.text });
  const usage = usageRecord(run.provider, request.model, state.agentPath, iteration, turn.usage, [], startedAt);
  const toolsSent = request.tools !== undefined;
  run.turn = {
    iteration,
    model: request.model,
    text: turn.text,
    toolCalls: calls,
    finishReason: turn.finishReason,
    usage: turn.usage,
    answered: calls.length === 0,
  };

  if (calls.length === 0 || run.finalAnswer) {
    if (calls.length > 0) {
      // A final answer that still asks for tools gets none: its calls are dropped and the run ends.
      run.turn.toolCalls = [];
      run.stepStop = { stop: true, reason: state.stopReason ?? "tool_call_limit" };
    }
    // An empty turn adds no message: providers refuse an assistant message without content, and storage keeps none.
    if (content.length > 0) addTurn(run, { role: "assistant", content }, iteration, true);
    const recorded = recordCallUsage(
      run,
      usage,
      run.config.adjustUsage ? { text: turn.text, toolCalls: calls, toolsSent, tools: request.tools ?? [] } : undefined,
    );
    if (recorded) await recorded;
    return CONTINUE_TO.end;
  }
  state.hasToolCalls = true;
  // The turn with its calls; its `message` event comes once `beforeToolCalls` decided (it may drop calls).
  for (const call of calls) content.push(call);
  addTurn(run, { role: "assistant", content }, iteration, false);
  state.batch = {
    iteration,
    usage,
    usageRecorded: false,
    toolsSent,
    decided: false,
    calls: calls.map((call): BatchCall => ({ call, status: "pending" })),
  };
  return CONTINUE_TO.tools;
}

/** Adds an assistant turn to the run's messages (and what the next call sees). */
export function addTurn(run: AgentRun, message: AssistantMessage, iteration: number, announce: boolean): void {
  const { state } = run;
  state.turnIterations.push(iteration);
  state.added.push(message);
  state.inLoopMessages.push(message);
  if (announce && run.events.active) run.emit({ type: "message", message });
}
