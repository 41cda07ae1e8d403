import { BatonError, ToolExecutionError, type BatonErrorOptions } from "@baton/core";
import { MCP_ERROR_CODES, type McpErrorCode } from "./mcp-error-codes.js";

/** The base of the errors `@baton/mcp` throws; `code` is one of {@link MCP_ERROR_CODES}. */
export class BatonMcpError extends BatonError {
  /** The name of the MCP server (`name` of the connection options). */
  readonly serverName: string;

  constructor(code: McpErrorCode, serverName: string, message: string, options: BatonErrorOptions = {}) {
    super(code, message, { ...options, details: { server: serverName, ...options.details } });
    this.serverName = serverName;
  }
}

/** The server could not be started or reached, or refused the handshake. Retryable: the next call tries again. */
export class McpConnectError extends BatonMcpError {
  constructor(serverName: string, reason: string, options: BatonErrorOptions = {}) {
    super(MCP_ERROR_CODES.MCP_CONNECT_FAILED, serverName, `Could not connect to MCP server "${serverName}": ${reason}`, { retryable: true, ...options });
  }
}

/** The server did not answer `initialize` within `initializeTimeoutMs`; its process (stdio) was stopped. */
export class McpInitializeTimeoutError extends BatonMcpError {
  constructor(
    serverName: string,
    readonly timeoutMs: number,
  ) {
    super(MCP_ERROR_CODES.MCP_INITIALIZE_TIMEOUT, serverName, `MCP server "${serverName}" did not answer initialize within ${timeoutMs} ms.`, {
      retryable: true,
      details: { timeoutMs },
    });
  }
}

/**
 * The connection broke while a request was in flight: the server process exited or
 * the HTTP server went away. The next call reconnects, so the model may try again.
 */
export class McpConnectionLostError extends BatonMcpError {
  constructor(
    serverName: string,
    readonly toolName: string | undefined,
    options: BatonErrorOptions = {},
  ) {
    super(
      MCP_ERROR_CODES.MCP_CONNECTION_LOST,
      serverName,
      `The connection to MCP server "${serverName}" was lost${toolName === undefined ? "" : ` while tool "${toolName}" was running`}; the next call reconnects.`,
      { retryable: true, ...options, details: { ...(toolName === undefined ? {} : { toolName }), ...options.details } },
    );
  }
}

/** The connection was closed by its owner and takes no more calls. */
export class McpConnectionClosedError extends BatonMcpError {
  constructor(serverName: string) {
    super(MCP_ERROR_CODES.MCP_CONNECTION_CLOSED, serverName, `The connection to MCP server "${serverName}" is closed.`);
  }
}

/** The server answered a request with a JSON-RPC error; `mcpCode` is its code. */
export class McpRequestError extends BatonMcpError {
  constructor(
    serverName: string,
    readonly method: string,
    readonly mcpCode: number,
    message: string,
    options: BatonErrorOptions = {},
  ) {
    super(MCP_ERROR_CODES.MCP_REQUEST_FAILED, serverName, `MCP server "${serverName}" failed ${method}: ${message}`, {
      ...options,
      details: { method, mcpCode, ...options.details },
    });
  }
}

/**
 * An MCP tool returned an error result (`isError: true`). The loop turns it into an
 * error result the model reads (code `TOOL_EXECUTION_FAILED`); the message is the
 * text the server sent.
 */
export class McpToolError extends ToolExecutionError {
  constructor(
    toolName: string,
    readonly serverName: string,
    message: string,
    readonly content: unknown,
  ) {
    super(toolName, message, { details: { server: serverName } });
  }
}
