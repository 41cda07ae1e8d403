import { checkConnectOptions } from "./connect-option-rules.js";
import { McpConnection } from "./mcp-connection.js";
import { DEFAULT_CALL_TIMEOUT_MS, DEFAULT_INITIALIZE_TIMEOUT_MS, type ConnectMcpServerOptions } from "./mcp-server-options.js";
import type { McpServerConnection } from "./mcp-server-connection.js";

/** The client info sent in `initialize` when none is given. */
const DEFAULT_CLIENT_INFO = { name: "baton", version: "0.1.0" } as const;

/**
 * A connection to an MCP server whose tools become Baton tools. Nothing starts until
 * the first call that needs the server (`await connection.tools()`); `close()` stops it.
 * Throws `ConfigurationError` for options that are unknown, of the wrong type, or not
 * exactly one of `stdio` and `http`.
 *
 * @example
 * const fs = connectMcpServer({ stdio: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] }, prefix: "fs_" });
 * const result = await run({ provider, model, input: "List the files", tools: await fs.tools() });
 * await fs.close();
 */
export function connectMcpServer(options: ConnectMcpServerOptions): McpServerConnection {
  checkConnectOptions(options);
  return new McpConnection({
    serverName: options.name ?? defaultServerName(options),
    ...(options.stdio === undefined ? {} : { stdio: options.stdio }),
    ...(options.http === undefined ? {} : { http: options.http }),
    prefix: options.prefix ?? "",
    ...(options.allow === undefined ? {} : { allow: options.allow }),
    ...(options.deny === undefined ? {} : { deny: options.deny }),
    initializeTimeoutMs: options.initializeTimeoutMs ?? DEFAULT_INITIALIZE_TIMEOUT_MS,
    callTimeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    clientInfo: options.clientInfo ?? DEFAULT_CLIENT_INFO,
  });
}

/** The command line of a stdio server, or the host of an HTTP one. */
function defaultServerName(options: ConnectMcpServerOptions): string {
  if (options.stdio !== undefined) return [options.stdio.command, ...(options.stdio.args ?? [])].join(" ");
  return new URL(options.http!.url).host;
}
