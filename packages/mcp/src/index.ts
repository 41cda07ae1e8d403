/**
 * `@baton/mcp`: tools from Model Context Protocol servers as Baton tools, and Baton
 * agents served over MCP, on the official `@modelcontextprotocol/sdk`.
 */
export { connectMcpServer } from "./client/connect-mcp-server.js";
export type { McpServerConnection } from "./client/mcp-server-connection.js";
export {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_INITIALIZE_TIMEOUT_MS,
  type ConnectMcpServerOptions,
  type McpHttpServer,
  type McpStdioServer,
} from "./client/mcp-server-options.js";
export { CONNECT_MCP_SERVER_OPTION_RULES } from "./client/connect-option-rules.js";
export type { McpTool, McpToolOrigin } from "./client/mcp-tool.js";
export type { SkippedMcpTool } from "./client/build-tool-list.js";
export type { McpAudioPart, McpResourceLinkPart, McpResourcePart, McpToolResultPart } from "./client/tool-result-parts.js";
export { toBatonResult, toResultPart } from "./client/call-result.js";
export { batonToolName, TOOL_NAME_PATTERN } from "./client/tool-name.js";
export { syncMcpTools, syncRegistryWithConnection } from "./client/sync-mcp-tools.js";

export { serveAgentOverMcp, type McpAgentServer } from "./server/serve-agent-over-mcp.js";
export { createAgentMcpServer } from "./server/create-agent-mcp-server.js";
export type { McpAgentRunOptions, McpServableAgent } from "./server/mcp-servable-agent.js";
export {
  AGENT_MCP_SERVER_OPTION_RULES,
  DEFAULT_AGENT_TOOL_NAME,
  SERVE_AGENT_OVER_MCP_OPTION_RULES,
  type AgentMcpServerOptions,
  type ServeAgentOverMcpOptions,
} from "./server/agent-server-options.js";
export { defaultProgressMessage } from "./server/event-progress-message.js";
export { agentCallResult } from "./server/agent-call-result.js";

export { MCP_ERROR_CODES, type McpErrorCode } from "./errors/mcp-error-codes.js";
export {
  BatonMcpError,
  McpConnectError,
  McpConnectionClosedError,
  McpConnectionLostError,
  McpInitializeTimeoutError,
  McpRequestError,
  McpToolError,
} from "./errors/mcp-errors.js";
