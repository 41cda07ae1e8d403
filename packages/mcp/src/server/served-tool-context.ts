import { SubAgentFailedError, ToolExecutionError, type Tool, type ToolExecutionContext } from "@baton/core";
import type { ProgressSender } from "./progress-sender.js";

/** What a served tool's context is made from. */
export interface ServedToolCall {
  readonly tool: Tool;
  /** The JSON-RPC id of the `tools/call` request. */
  readonly requestId: string | number;
  /** Aborted when the client cancels the call. */
  readonly signal: AbortSignal;
  readonly sendProgress: ProgressSender;
}

/**
 * The execution context of a Baton tool called over MCP, outside any run: progress and
 * steps go to the client as progress notifications, the signal is the call's, and what
 * needs a run (`runSubAgent`, `askUser`) rejects; usage and agent events are dropped.
 */
export function servedToolContext(call: ServedToolCall): ToolExecutionContext {
  const toolName = call.tool.name;
  const id = `mcp-${String(call.requestId)}`;
  return {
    toolCallId: id,
    toolName,
    runId: id,
    idempotencyKey: `${id}:${id}`,
    agentPath: "mcp",
    signal: call.signal,
    context: {},
    metadata: {},
    agentState: {},
    messages: () => [],
    progress: (message) => call.sendProgress(message),
    reportStep: (step) => call.sendProgress(step.title),
    emit: () => undefined,
    addUsage: () => undefined,
    runSubAgent: () => Promise.reject(new SubAgentFailedError(`Tool "${toolName}" cannot run a sub-agent when called over MCP.`)),
    askUser: () => Promise.reject(new ToolExecutionError(toolName, `Tool "${toolName}" cannot ask the user a question when called over MCP.`)),
  };
}
