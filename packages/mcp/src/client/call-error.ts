import { McpError as SdkMcpError, ErrorCode as SdkErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { isBatonError } from "@baton/core";
import { McpConnectionLostError, McpRequestError } from "../errors/mcp-errors.js";

/** How a failed `tools/call` is reported, and whether the session is gone. */
export interface CallFailure {
  readonly error: unknown;
  /** True when the session is broken: the connection drops it and the next call reconnects. */
  readonly sessionLost: boolean;
}

/**
 * Classifies an error of `tools/call`:
 * - Baton errors (an `isError` result) and aborts of the run pass through as they are;
 * - the SDK's "connection closed" (the process exited, the stream ended) becomes
 *   {@link McpConnectionLostError};
 * - any other JSON-RPC error of the server (an unknown tool, invalid params, a
 *   request timeout) becomes {@link McpRequestError};
 * - anything else (an HTTP request that failed: the server went away, or forgot the
 *   session) is a lost connection too.
 */
export function classifyCallError(error: unknown, serverName: string, toolName: string, signal: AbortSignal): CallFailure {
  if (isBatonError(error) || signal.aborted) return { error, sessionLost: false };
  if (error instanceof SdkMcpError) {
    if (error.code === SdkErrorCode.ConnectionClosed) return { error: new McpConnectionLostError(serverName, toolName, { cause: error }), sessionLost: true };
    return { error: new McpRequestError(serverName, "tools/call", error.code, error.message, { cause: error, details: { toolName } }), sessionLost: false };
  }
  return { error: new McpConnectionLostError(serverName, toolName, { cause: error }), sessionLost: true };
}
