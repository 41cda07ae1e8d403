/**
 * Error codes of `@baton/mcp`, registered in core's `BatonErrorCodes` (below), so
 * `BatonError`, `isBatonError` and `SerializedError` take them wherever this package
 * is imported. Stable: match on them in logs and `catch` blocks. A tool that reports an error result (`isError`) fails with
 * core's `TOOL_EXECUTION_FAILED` ({@link McpToolError}), like any tool that throws.
 */
export const MCP_ERROR_CODES = {
  /** The MCP server could not be started or reached, or refused the `initialize` handshake. */
  MCP_CONNECT_FAILED: "MCP_CONNECT_FAILED",
  /** The MCP server did not answer `initialize` in time. */
  MCP_INITIALIZE_TIMEOUT: "MCP_INITIALIZE_TIMEOUT",
  /** The connection to the MCP server broke while a request was in flight (the server exited, the HTTP server went away). The next call reconnects. */
  MCP_CONNECTION_LOST: "MCP_CONNECTION_LOST",
  /** The MCP connection was closed by its owner (`close()`); it takes no more calls. */
  MCP_CONNECTION_CLOSED: "MCP_CONNECTION_CLOSED",
  /** The MCP server answered a request with a protocol error (an unknown tool, invalid params, a timeout). */
  MCP_REQUEST_FAILED: "MCP_REQUEST_FAILED",
} as const;

/** One of the {@link MCP_ERROR_CODES}. */
export type McpErrorCode = (typeof MCP_ERROR_CODES)[keyof typeof MCP_ERROR_CODES];

declare module "@baton/core" {
  /** The codes of `@baton/mcp` ({@link MCP_ERROR_CODES}). */
  interface BatonErrorCodes extends Record<McpErrorCode, true> {}
}
