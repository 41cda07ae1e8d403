import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import type { JsonSchema, Tool, ToolExecutionContext } from "@baton/core";
import { normalizeToolSchema } from "@baton/core";

/** Calls one tool on the server; given by the connection, which owns the session. */
export type McpToolCaller = (mcpName: string, batonName: string, args: Record<string, unknown>, context: ToolExecutionContext) => Promise<unknown>;

/** What Baton knows of the MCP tool behind a Baton tool. */
export interface McpToolOrigin {
  /** The server's name (the connection's `name`). */
  readonly server: string;
  /** The tool's name on the server (before the prefix). */
  readonly mcpName: string;
  /** The server's tool definition as it was listed. */
  readonly definition: McpToolDefinition;
}

/** A Baton tool that calls an MCP server's tool. */
export interface McpTool extends Tool<Record<string, unknown>, unknown> {
  /** Where the tool comes from. */
  readonly mcp: McpToolOrigin;
}

/**
 * The Baton tool for one listed MCP tool: its parameters are the `inputSchema` made
 * provider-safe ({@link normalizeToolSchema}; throws `InvalidToolSchemaError` when it
 * cannot be), its description the server's (or its title), and a tool the server
 * marks `readOnlyHint` is in the `readonly` preset. Arguments are checked by the
 * server, not here.
 */
export function createMcpTool(definition: McpToolDefinition, batonName: string, serverName: string, call: McpToolCaller): McpTool {
  const parameters: JsonSchema = normalizeToolSchema(batonName, definition.inputSchema);
  const description =
    definition.description ?? definition.title ?? definition.annotations?.title ?? `The tool "${definition.name}" of the MCP server "${serverName}".`;
  return {
    name: batonName,
    description,
    parameters,
    ...(definition.annotations?.readOnlyHint === true ? { preset: "readonly" as const } : {}),
    mcp: { server: serverName, mcpName: definition.name, definition },
    execute: (args, context) => call(definition.name, batonName, isRecord(args) ? args : {}, context),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
