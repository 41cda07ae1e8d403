import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { RunResult } from "@baton/core";

/** Stop reasons after which the call reports an error result. */
const FAILED = new Set<RunResult["stopReason"]>(["error", "aborted"]);

/**
 * The MCP result of a finished run: its answer as text, with `stopReason` (and the
 * error, when it failed) in `structuredContent`. A run that ended with an error or
 * was aborted is an error result (`isError: true`) whose text is the error message.
 */
export function agentCallResult(result: RunResult): CallToolResult {
  const failed = FAILED.has(result.stopReason);
  const text = failed ? (result.error?.message ?? `The agent stopped: ${result.stopReason}.`) : result.text;
  return {
    content: [{ type: "text", text }],
    structuredContent: {
      text: result.text,
      stopReason: result.stopReason,
      ...(result.error === undefined ? {} : { error: { code: result.error.code, message: result.error.message } }),
    },
    ...(failed ? { isError: true } : {}),
  };
}

/** The MCP error result of a run that threw instead of returning a result. */
export function agentErrorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
