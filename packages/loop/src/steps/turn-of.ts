import type { AgentRun, TurnSummary } from "../run-tree/agent-run.js";

/** The summary of the last turn, rebuilt from the state (a run resumed at the end of a step). */
export function turnOf(run: AgentRun): TurnSummary {
  const { state } = run;
  return {
    iteration: state.iteration,
    model: run.model,
    text: state.lastText,
    toolCalls: state.lastToolCalls,
    finishReason: state.lastToolCalls.length > 0 ? "tool_calls" : "stop",
    usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 },
    answered: state.lastToolCalls.length === 0,
  };
}
