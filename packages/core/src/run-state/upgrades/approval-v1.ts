import { messageText, toolCallsOf, type AssistantMessage, type Message } from "../../messages/index.js";
import { createAgentState } from "../../run/create-agent-state.js";
import { RUN_STATE_FORMAT, RUN_STATE_VERSION, type BatchCall, type RunState } from "../../run/run-state.js";

/** Format `baton.approval` 1: the approval state of the first agents release. */
interface ApprovalStateV1 {
  readonly format: "baton.approval";
  readonly version: 1;
  readonly runId: string;
  readonly agentPath: string;
  /** The conversation without the system prompt; last the assistant turn holding the paused calls. */
  readonly messages: readonly Message[];
  readonly pendingCalls: readonly { readonly toolCallId: string; readonly toolName: string; readonly arguments: unknown }[];
}

/**
 * Upgrades a `baton.approval` version-1 state to the current run state: a run paused
 * in its tool batch, the calls that needed approval waiting for a decision and the
 * others ready to run once they are decided. The paused turn's usage was already
 * accounted by the run that paused, so none is recorded again.
 */
export function upgradeApprovalV1(value: Record<string, unknown>): RunState {
  const approval = value as unknown as ApprovalStateV1;
  const messages = structuredClone([...approval.messages]);
  const turn = messages.at(-1) as AssistantMessage;
  const waiting = new Set(approval.pendingCalls.map((call) => call.toolCallId));
  const state = createAgentState({
    runId: approval.runId,
    agentPath: approval.agentPath,
    model: "",
    messages: messages.slice(0, -1),
    toolCallLimit: 25,
    maxIterations: 50,
  });
  const iteration = Math.max(1, messages.filter((message) => message.role === "assistant").length);
  const calls = toolCallsOf(turn);
  state.status = "interrupted";
  state.step = "tools";
  state.iteration = iteration;
  state.added.push(turn);
  state.inLoopMessages = [turn];
  state.turnIterations.push(iteration);
  state.lastText = messageText(turn);
  state.lastToolCalls = calls;
  state.batch = {
    iteration,
    usage: { model: "", agentPath: approval.agentPath, iteration, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, tools: [] },
    usageRecorded: true,
    toolsSent: true,
    decided: true,
    calls: calls.map(
      (call): BatchCall => (waiting.has(call.toolCallId) ? { call, status: "awaiting", waitingFor: { kind: "approval" } } : { call, status: "pending" }),
    ),
  };
  return {
    format: RUN_STATE_FORMAT,
    version: RUN_STATE_VERSION,
    runId: approval.runId,
    agentPath: approval.agentPath,
    status: "interrupted",
    root: state,
    savedAt: 0,
  };
}
