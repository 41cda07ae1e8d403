import { messageText, toolCallsOf, type AssistantMessage, type Message, type ToolResultPart } from "../../messages/index.js";
import type { Usage } from "../../usage/index.js";
import type { StoredProgressPart } from "../../storage/conversation-store.js";
import type { StopReason } from "../../agent/stop-reason.js";
import { createAgentState } from "../../run/create-agent-state.js";
import { RUN_STATE_FORMAT, RUN_STATE_VERSION, type BatchCall, type RunState } from "../../run/run-state.js";

/** Format 2: the run checkpoint of the first storage release (one agent, no nested runs). */
interface CheckpointV2 {
  readonly version: 2;
  readonly runId: string;
  readonly agentPath: string;
  readonly conversationId?: string;
  readonly userId?: string;
  readonly model: string;
  readonly history: { readonly conversationId: string; readonly throughSeq: number } | { readonly messages: readonly Message[] };
  readonly iteration: number;
  readonly toolCallCount: number;
  readonly messages: readonly Message[];
  readonly pending?: { readonly results: readonly ToolResultPart[]; readonly usage: Usage };
  readonly progress: readonly StoredProgressPart[];
  readonly loop: {
    readonly hasToolCalls: boolean;
    readonly finalAnswerRequested: boolean;
    readonly subAgentToolCalls: number;
    readonly toolMetadata: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    readonly turnIterations: readonly number[];
  };
  readonly usage: readonly Usage[];
  readonly custom: Readonly<Record<string, unknown>>;
  readonly stopReason?: StopReason;
  readonly savedAt: number;
}

/** Limits format 2 did not keep: a resumed run takes its limits from its options. */
const UNKNOWN_LIMITS = { toolCallLimit: 25, maxIterations: 50 };

/**
 * Upgrades a format-2 checkpoint to the current run state. A run on a stored
 * conversation keeps referring to it (`historyInStorage`): the loop reads the history
 * again when it resumes. A batch that was running becomes the open batch: the calls
 * with a stored result are done, the others run again.
 */
export function upgradeCheckpointV2(value: Record<string, unknown>): RunState {
  const checkpoint = value as unknown as CheckpointV2;
  const history = checkpoint.history;
  const inStorage = "conversationId" in history;
  const state = createAgentState({
    runId: checkpoint.runId,
    agentPath: checkpoint.agentPath,
    model: checkpoint.model,
    messages: inStorage ? [] : structuredClone([...history.messages]),
    ...UNKNOWN_LIMITS,
  });
  const added = structuredClone([...checkpoint.messages]);
  const lastTurn = [...added].reverse().find((message): message is AssistantMessage => message.role === "assistant");
  state.iteration = checkpoint.iteration;
  state.toolCallCount = checkpoint.toolCallCount;
  state.hasToolCalls = checkpoint.loop.hasToolCalls;
  state.finalAnswerRequested = checkpoint.loop.finalAnswerRequested;
  state.subAgentToolCalls = checkpoint.loop.subAgentToolCalls;
  state.added.push(...added);
  state.inLoopMessages = [...added];
  state.turnIterations.push(...checkpoint.loop.turnIterations);
  state.usage.push(...checkpoint.usage);
  Object.assign(state.toolMetadata, structuredClone(checkpoint.loop.toolMetadata));
  Object.assign(state.custom, structuredClone(checkpoint.custom));
  state.progress.push(...checkpoint.progress);
  state.lastText = lastTurn ? messageText(lastTurn) : "";
  const finished = checkpoint.stopReason !== undefined;
  state.status = finished ? "finished" : "running";
  if (checkpoint.stopReason !== undefined) state.stopReason = checkpoint.stopReason;
  if (checkpoint.pending && lastTurn && added.at(-1) === lastTurn) {
    const done = new Map(checkpoint.pending.results.map((result) => [result.toolCallId, result]));
    const calls = toolCallsOf(lastTurn);
    state.lastToolCalls = calls;
    state.step = "tools";
    state.batch = {
      iteration: checkpoint.iteration,
      usage: checkpoint.pending.usage,
      usageRecorded: false,
      toolsSent: true,
      decided: true,
      calls: calls.map((call): BatchCall => {
        const result = done.get(call.toolCallId);
        return result ? { call, status: "done", outcome: { status: "ok", result: result.result, durationMs: 0 } } : { call, status: "pending" };
      }),
    };
  }
  const conversationId = checkpoint.conversationId ?? (inStorage ? history.conversationId : undefined);
  return {
    format: RUN_STATE_FORMAT,
    version: RUN_STATE_VERSION,
    runId: checkpoint.runId,
    agentPath: checkpoint.agentPath,
    status: state.status,
    ...(checkpoint.stopReason === undefined ? {} : { stopReason: checkpoint.stopReason }),
    ...(conversationId !== undefined && inStorage ? { conversation: { id: conversationId, throughSeq: history.throughSeq } } : {}),
    ...(checkpoint.userId === undefined ? {} : { userId: checkpoint.userId }),
    ...(inStorage ? { historyInStorage: true as const } : {}),
    root: state,
    savedAt: checkpoint.savedAt,
  };
}
