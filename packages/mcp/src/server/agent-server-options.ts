import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { optionIs as is, type OptionRule, type OptionRules, type StreamEvent, type Tool } from "@baton/core";

/** Options of `createAgentMcpServer`: how the agent appears to MCP clients. */
export interface AgentMcpServerOptions {
  /** The MCP tool's name. Default {@link DEFAULT_AGENT_TOOL_NAME}. */
  readonly toolName?: string;
  /** The MCP tool's description, for the client's model. Default: "Asks the agent …". */
  readonly description?: string;
  /** The server's name and version sent in `initialize`. Default `{ name: "baton-agent", version: "0.1.0" }`. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /** The progress message of a run event, or undefined to send none. Default {@link defaultProgressMessage}. */
  readonly progressMessage?: (event: StreamEvent) => string | undefined;
  /**
   * Baton tools to serve as MCP tools of their own beside the agent (their `parameters`
   * as the input schema). They run outside any run: `ctx.progress` reaches the client
   * as progress, `ctx.signal` is the call's; `runSubAgent` and `askUser` reject.
   */
  readonly tools?: readonly Tool[];
}

/** Options of `serveAgentOverMcp`: those of `createAgentMcpServer` and the transport. */
export interface ServeAgentOverMcpOptions extends AgentMcpServerOptions {
  /** The SDK transport to serve on: `new StdioServerTransport()`, a `StreamableHTTPServerTransport`, … */
  readonly transport: Transport;
}

/** Default of {@link AgentMcpServerOptions.toolName}. */
export const DEFAULT_AGENT_TOOL_NAME = "ask_agent";

const toolArray: OptionRule = {
  expected: "an array of tools (each with a name and execute())",
  test: (v) =>
    Array.isArray(v) &&
    v.every(
      (tool: unknown) => typeof tool === "object" && tool !== null && typeof (tool as Tool).name === "string" && typeof (tool as Tool).execute === "function",
    ),
};

/** The rules of {@link AgentMcpServerOptions}. */
export const AGENT_MCP_SERVER_OPTION_RULES: OptionRules = {
  toolName: is.nonEmptyString,
  description: is.nonEmptyString,
  serverInfo: is.optionsObject({ name: { ...is.nonEmptyString, required: true }, version: { ...is.nonEmptyString, required: true } }),
  progressMessage: is.function,
  tools: toolArray,
};

/** The rules of {@link ServeAgentOverMcpOptions}. */
export const SERVE_AGENT_OVER_MCP_OPTION_RULES: OptionRules = {
  ...AGENT_MCP_SERVER_OPTION_RULES,
  transport: { ...is.objectWith("an MCP transport", "start", "send", "close"), required: true },
};
