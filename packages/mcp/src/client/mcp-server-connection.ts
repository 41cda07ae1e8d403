import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@baton/core";
import type { SkippedMcpTool } from "./build-tool-list.js";
import type { McpTool } from "./mcp-tool.js";

/**
 * A connection to one MCP server, made by `connectMcpServer`. Nothing starts until
 * the first call that needs the server (`tools()`, `connect()`, a tool call); a call
 * after the connection was lost starts a new session; `close()` ends it for good
 * (stopping a child process).
 */
export interface McpServerConnection {
  /** The server's name (the `name` option, or the command or the URL's host). */
  readonly name: string;
  /** Connects (when not connected) and resolves the server's tools as Baton tools, the latest list. */
  tools(): Promise<readonly McpTool[]>;
  /** The latest tool list known, without connecting (empty before the first connection). */
  readonly currentTools: readonly McpTool[];
  /** Server tools not offered (a name or schema providers reject), with the reason. */
  readonly skippedTools: readonly SkippedMcpTool[];
  /** Connects when not connected: starts the process or reaches the URL, runs `initialize`, lists the tools. */
  connect(): Promise<void>;
  /** Lists the server's tools again (it also happens on each `notifications/tools/list_changed`). */
  refreshTools(): Promise<readonly McpTool[]>;
  /**
   * Calls `listener` with the new list each time the tool list changes (a new session,
   * or the server's `tools/list_changed`). Returns a function that removes it.
   */
  onToolsChanged(listener: (tools: readonly McpTool[]) => void): () => void;
  /** Whether `tool` is one of this connection's tools (of any list it had). */
  ownsTool(tool: Tool): boolean;
  /** Whether a session is open now. */
  readonly connected: boolean;
  /** The server process's id while a stdio session is open. */
  readonly pid: number | undefined;
  /** Which transport carries the open session (`sse` when an HTTP server needed the fallback). */
  readonly transportKind: "stdio" | "streamable-http" | "sse" | undefined;
  /** The SDK client of the session (connecting when needed), for what Baton does not wrap: prompts, resources. */
  client(): Promise<Client>;
  /** Ends the session (stops a child process) and refuses further calls with `MCP_CONNECTION_CLOSED`. */
  close(): Promise<void>;
}
