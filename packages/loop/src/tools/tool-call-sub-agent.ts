import { isToolPausedSignal, type RunResult, type SubAgentRequest } from "@baton/core";
import type { ToolCallState } from "./tool-call-state.js";

/**
 * `ctx.runSubAgent` of a tool call: starts (or, on resume, continues) the call's next
 * nested run; when it pauses, so does the call.
 */
export function runSubAgentOfCall(call: ToolCallState, request: SubAgentRequest): Promise<RunResult> {
  return call.env.runSubAgent(request, call.interruption().signal, call.entry, call.subRuns++).catch((error: unknown) => {
    if (isToolPausedSignal(error)) call.paused ??= error.kind;
    throw error;
  });
}
