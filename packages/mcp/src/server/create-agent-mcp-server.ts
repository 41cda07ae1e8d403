import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool as McpToolDefinition,
} from "@modelcontextprotocol/sdk/types.js";
import { checkOptions, ConfigurationError, errorMessage, type EventSink, type StreamEvent, type Tool } from "@baton/core";
import { agentCallResult, agentErrorResult } from "./agent-call-result.js";
import { AGENT_MCP_SERVER_OPTION_RULES, DEFAULT_AGENT_TOOL_NAME, type AgentMcpServerOptions } from "./agent-server-options.js";
import { defaultProgressMessage } from "./event-progress-message.js";
import type { McpServableAgent } from "./mcp-servable-agent.js";
import { progressSender } from "./progress-sender.js";
import { runServedTool } from "./run-served-tool.js";
import { servedToolContext } from "./served-tool-context.js";

/** The input schema of the agent's MCP tool. */
const AGENT_TOOL_INPUT_SCHEMA = {
  type: "object",
  properties: { message: { type: "string", description: "The message for the agent: a question or a task." } },
  required: ["message"],
} as const;

/** The MCP definition of a served Baton tool. */
function toolDefinition(tool: Tool): McpToolDefinition {
  return { name: tool.name, description: tool.description, inputSchema: { ...tool.parameters, type: "object" } as McpToolDefinition["inputSchema"] };
}

/**
 * An SDK `Server` (not connected yet) offering `agent` as one MCP tool that takes a
 * `message` and answers with the run's text, and `options.tools` as tools of their own.
 * While the run goes, its steps and tool calls are sent as progress notifications to a
 * client that sent a `progressToken`; a client's cancellation aborts the run. Connect
 * it to a transport yourself (one server per Streamable HTTP session), or use
 * `serveAgentOverMcp`. Throws `ConfigurationError` for unknown options or a tool named
 * like the agent's tool.
 *
 * @example
 * const server = createAgentMcpServer(agent, { toolName: "research" });
 * await server.connect(new StdioServerTransport());
 */
export function createAgentMcpServer(agent: McpServableAgent, options: AgentMcpServerOptions = {}): Server {
  checkOptions("createAgentMcpServer", options, AGENT_MCP_SERVER_OPTION_RULES);
  const toolName = options.toolName ?? DEFAULT_AGENT_TOOL_NAME;
  const describe = options.progressMessage ?? defaultProgressMessage;
  const tools = new Map((options.tools ?? []).map((tool) => [tool.name, tool]));
  if (tools.has(toolName))
    throw new ConfigurationError(
      `createAgentMcpServer(): a tool in "tools" is named "${toolName}" like the agent's tool; rename one of them with "toolName".`,
      { details: { function: "createAgentMcpServer", toolName } },
    );
  const server = new Server(options.serverInfo ?? { name: "baton-agent", version: "0.1.0" }, { capabilities: { tools: {} } });

  const agentTool: McpToolDefinition = {
    name: toolName,
    description: options.description ?? "Asks the agent: give it a message (a question or a task) and it answers.",
    inputSchema: AGENT_TOOL_INPUT_SCHEMA as unknown as McpToolDefinition["inputSchema"],
  };
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [agentTool, ...[...tools.values()].map(toolDefinition)] }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const sendProgress = progressSender(request.params._meta?.progressToken, extra.sendNotification);
    const tool = tools.get(request.params.name);
    if (tool !== undefined) {
      const context = servedToolContext({ tool, requestId: extra.requestId, signal: extra.signal, sendProgress });
      return runServedTool(tool, request.params.arguments ?? {}, context, sendProgress);
    }
    if (request.params.name !== toolName) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const message = request.params.arguments?.message;
    if (typeof message !== "string" || message.trim() === "") return agentErrorResult('The argument "message" must be a non-empty string.');
    const progressSink: EventSink = {
      emit: (event: StreamEvent) => {
        const text = describe(event);
        return text === undefined ? undefined : sendProgress(text);
      },
    };
    try {
      return agentCallResult(await agent.run(message, { signal: extra.signal, sinks: [progressSink] }));
    } catch (error) {
      return agentErrorResult(errorMessage(error));
    }
  });
  return server;
}
