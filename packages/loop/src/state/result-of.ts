import { totalUsage, type AgentState, type RunResult } from "@baton/core";

/** The result of an agent's run, from its state (what `run()` returns, and what a nested run gives its tool). */
export function resultOf(state: AgentState, persisted: boolean): RunResult {
  return {
    runId: state.runId,
    agentPath: state.agentPath,
    text: state.text ?? "",
    messages: state.added,
    toolCalls: state.toolCalls,
    usage: { calls: state.usage, total: totalUsage(state.usage) },
    iterations: state.iteration,
    toolCallCount: state.toolCallCount,
    stopReason: state.status === "interrupted" ? "interrupted" : (state.stopReason ?? "completed"),
    ...(state.error ? { error: state.error } : {}),
    toolMetadata: state.toolMetadata,
    custom: state.custom,
    persisted,
  };
}
