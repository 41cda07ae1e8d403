import type { AgentContext, OrchestratorState, ToolCallRecord, ToolResultPart } from "@baton/core";
import type { ResolvedAgentConfig } from "../config/agent-defaults.js";
import type { PreparedToolCall } from "../tools/prepared-tool-call.js";
import type { ToolOutcome } from "../tools/tool-outcome.js";
import { callHook, isThenable } from "./call-hook.js";

/** What a finished tool batch gives back to the loop. */
export interface ToolBatchResults {
  /** Results for the model, in call order. */
  readonly results: ToolResultPart[];
  /** Names of the tools that succeeded, in call order. */
  readonly succeeded: string[];
}

/** The text of a failed call as the model sees it. */
function errorResultText(outcome: ToolOutcome): string {
  const error = outcome.error;
  if (!error) return "Tool failed.";
  return error.code === "TOOL_NOT_ENABLED" ? "TOOL_NOT_ENABLED" : `Error (${error.code}): ${error.message}`;
}

/**
 * Turns a batch's outcomes into results for the model and records for the run, in
 * call order: failed calls become error results; `handleSpecialTools` may change a
 * result, force the next tool choice or rewrite the conversation; tools whose result
 * is not for history get their summary recorded in the tool metadata.
 */
export async function collectToolBatchResults(
  prepared: readonly PreparedToolCall[],
  outcomes: readonly ToolOutcome[],
  state: OrchestratorState,
  config: ResolvedAgentConfig,
  context: AgentContext,
  records: ToolCallRecord[],
  iteration: number,
): Promise<ToolBatchResults> {
  const results: ToolResultPart[] = [];
  const succeeded: string[] = [];
  for (let i = 0; i < prepared.length; i++) {
    const { call, tool } = prepared[i]!;
    const outcome = outcomes[i]!;
    const ok = outcome.status === "ok";
    let result: unknown = ok ? outcome.result : errorResultText(outcome);
    if (ok) {
      succeeded.push(call.toolName);
      if (tool?.includeInHistory === false) {
        const metadata = (state.toolMetadata[call.toolCallId] ??= {});
        metadata["includeInHistory"] = false;
        if (tool.summarize) metadata["summary"] = tool.summarize(outcome.result);
      }
    } else {
      state.lastIterationErroredTools.push(call.toolName);
      if (outcome.status === "not_enabled") state.toolsNotEnabled.push(call.toolName);
      const metadata = (state.toolMetadata[call.toolCallId] ??= {});
      metadata["includeInHistory"] = false;
      metadata["summary"] = result;
    }
    if (config.handleSpecialTools) {
      const current = result;
      let special = callHook("handleSpecialTools", () => config.handleSpecialTools!(call.toolName, current, call, context, state));
      if (isThenable(special)) special = await special;
      if (special) {
        if ("modifiedResult" in special) result = special.modifiedResult;
        if (special.forceToolChoice) state.toolChoice = special.forceToolChoice;
        if (special.modifiedMessages) state.messages = [...special.modifiedMessages];
      }
    }
    results.push({ type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, result, ...(ok ? {} : { isError: true }) });
    records.push({
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      arguments: call.rawArguments ?? call.arguments,
      status: outcome.status,
      ...(ok ? { result: outcome.result } : {}),
      ...(outcome.error ? { error: outcome.error.toJSON() } : {}),
      durationMs: outcome.durationMs,
      agentPath: state.agentPath,
      iteration,
    });
  }
  return { results, succeeded };
}
