import { totalUsage, type AgentState, type Interruption, type RunResult, type RunState } from "@baton/core";
import type { Mutable } from "./mutable.js";

/** What a root run's result carries besides its agent's outcome. */
export interface RootResultParts {
  /** Set when a finished run's end could not be stored: it is left for `resume()`. */
  readonly resumable?: boolean;
  /** The whole run state. */
  readonly state?: RunState;
  /** What a paused run waits for. */
  readonly interruptions?: readonly Interruption[] | undefined;
}

/**
 * The result of an agent's run, from its state (what `run()` returns, and what a nested
 * run gives its tool); a root run's with `parts`. One object, built once: copying it
 * with spreads cost about a third of a one-turn run.
 */
export function resultOf(state: AgentState, persisted: boolean, parts?: RootResultParts): RunResult {
  const result: Mutable<RunResult> = {
    runId: state.runId,
    agentPath: state.agentPath,
    text: state.text ?? "",
    messages: state.added,
    toolCalls: state.toolCalls,
    usage: { calls: state.usage, total: totalUsage(state.usage) },
    iterations: state.iteration,
    toolCallCount: state.toolCallCount,
    stopReason: state.status === "interrupted" ? "interrupted" : (state.stopReason ?? "completed"),
    toolMetadata: state.toolMetadata,
    custom: state.custom,
    persisted,
  };
  if (state.error) result.error = state.error;
  if (parts?.resumable) result.resumable = true;
  if (parts?.state) result.state = parts.state;
  if (parts?.interruptions) result.interruptions = parts.interruptions;
  return result;
}
