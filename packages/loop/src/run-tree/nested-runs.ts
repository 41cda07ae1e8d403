import {
  MaxDepthExceededError,
  SubAgentFailedError,
  ToolPausedSignal,
  createAgentState,
  interruptionsOf,
  type BatchCall,
  type Message,
  type RunResult,
  type SubAgentRequest,
} from "@baton/core";
import { AbortHub } from "../abort/abort-hub.js";
import { DEFAULT_TOOL_CALL_LIMIT } from "../config/defaults.js";
import { configOf } from "../hooks/config-of.js";
import { toRegistry } from "../tools/tool-list-registry.js";
import { driveAgent } from "../driver/drive-agent.js";
import { resultOf } from "../state/result-of.js";
import { initialMessages, withSystem } from "./initial-messages.js";
import { AgentRun } from "./agent-run.js";

/**
 * Runs (or continues) the `ordinal`-th nested run of a tool call. The nested run's
 * state lives in the call's entry of the parent's batch, so a checkpoint of the tree
 * holds it; it shares the tree's run id, events, budget and tool-call ids, and has the
 * path `<parent>/<name>#<n>`. Its usage reaches the parent as it happens; its
 * tool-call count and tool metadata merge into the parent's when it finishes. When
 * it ends with an error, the call rejects with a `SubAgentFailedError`. When
 * it pauses, the tool call pauses ({@link ToolPausedSignal}); when the tool runs again
 * on resume, the same call continues it, and a nested run that had finished gives its
 * result again without running.
 */
export async function runNestedAgent(parent: AgentRun, request: SubAgentRequest, signal: AbortSignal, entry: BatchCall, ordinal: number): Promise<RunResult> {
  const depth = parent.agentPath.split("/").length - 1;
  if (depth + 1 > parent.settings.maxDepth) throw new MaxDepthExceededError(parent.agentPath, parent.settings.maxDepth);
  const subRuns = (entry.subRuns ??= []);
  let state = subRuns[ordinal];
  // The tool asked for another agent than before: what was saved for that place is not this run.
  if (state && state.agentName !== request.name) {
    subRuns.length = ordinal;
    state = undefined;
  }
  if (state?.status === "finished") return answered(request.name, resultOf(state, false));
  const registry = toRegistry(request.tools);
  const { messages, system } = initialMessages(request.instructions, registry, request.input);
  const config = configOf(request.config);
  const toolCallLimit = request.toolCallLimit ?? config.toolCallLimit ?? DEFAULT_TOOL_CALL_LIMIT;
  const maxIterations = request.maxIterations ?? parent.settings.maxIterations;
  const model = request.model ?? parent.model;
  const resumed = state !== undefined;
  if (state) {
    state.messages = withSystem(system, state.messages as Message[]);
    state.toolCallLimit = toolCallLimit;
    state.maxIterations = maxIterations;
  } else {
    const numbers = parent.state.subRunNumbers;
    const n = (numbers[request.name] ?? 0) + 1;
    numbers[request.name] = n;
    state = createAgentState({ runId: parent.runId, agentPath: `${parent.agentPath}/${request.name}#${n}`, model, messages, toolCallLimit, maxIterations });
    subRuns[ordinal] = state;
  }
  const child = new AgentRun({
    tree: parent.tree,
    state,
    provider: request.provider ?? parent.provider,
    model,
    registry,
    config,
    settings: { ...parent.settings, toolCallLimit, maxIterations },
    events: parent.events.child(state.agentPath),
    abort: new AbortHub(signal),
    parent,
    resumed,
    log: parent.log?.forAgent(state.agentPath),
  });
  const result = await driveAgent(child);
  if (state.status === "interrupted") throw new ToolPausedSignal(entry.call.toolName, interruptionsOf(state)[0]?.kind ?? "approval");
  parent.state.toolCallCount += result.toolCallCount;
  parent.state.subAgentToolCalls += result.toolCallCount;
  Object.assign(parent.state.toolMetadata, result.toolMetadata);
  return answered(request.name, result);
}

/**
 * The nested run's result, or — when it ended with an error — a {@link SubAgentFailedError}
 * naming the agent, its path and the error, which the calling tool's call records
 * (`SUB_AGENT_FAILED`) unless the tool handles it.
 */
function answered(name: string, result: RunResult): RunResult {
  if (result.stopReason !== "error") return result;
  const cause = result.error;
  const why = cause ? `(${cause.code}) ${cause.message}` : "it stopped with an error";
  throw new SubAgentFailedError(`Sub-agent "${name}" failed (${result.agentPath}, stop reason "error"): ${why}`, {
    details: {
      agent: name,
      agentPath: result.agentPath,
      stopReason: result.stopReason,
      ...(cause ? { causeCode: cause.code, causeMessage: cause.message } : {}),
    },
  });
}
