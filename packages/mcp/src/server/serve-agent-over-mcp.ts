import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { checkOptions } from "@baton/core";
import { SERVE_AGENT_OVER_MCP_OPTION_RULES, type ServeAgentOverMcpOptions } from "./agent-server-options.js";
import { createAgentMcpServer } from "./create-agent-mcp-server.js";
import type { McpServableAgent } from "./mcp-servable-agent.js";

/** An agent being served over MCP. */
export interface McpAgentServer {
  /** The SDK server, for what Baton does not wrap (more tools, resources, logging). */
  readonly server: Server;
  /** Stops serving: closes the server and its transport; runs in progress are aborted. */
  close(): Promise<void>;
}

/**
 * Serves `agent` as an MCP tool on `transport` (see `createAgentMcpServer` for what
 * the tool does): its progress reaches the client as progress notifications, and a
 * cancelled call aborts the run.
 *
 * @example
 * // agent-server.ts: an MCP server over stdio that any MCP client can start
 * await serveAgentOverMcp(agent, { transport: new StdioServerTransport(), toolName: "research" });
 */
export async function serveAgentOverMcp(agent: McpServableAgent, options: ServeAgentOverMcpOptions): Promise<McpAgentServer> {
  checkOptions("serveAgentOverMcp", options, SERVE_AGENT_OVER_MCP_OPTION_RULES);
  const { transport, ...serverOptions } = options;
  const server = createAgentMcpServer(agent, serverOptions);
  await server.connect(transport);
  return { server, close: () => server.close() };
}
