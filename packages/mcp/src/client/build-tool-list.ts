import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage } from "@baton/core";
import { createMcpTool, type McpTool, type McpToolCaller } from "./mcp-tool.js";
import { isToolOffered, type ToolFilter } from "./tool-filter.js";
import { batonToolName, TOOL_NAME_PATTERN } from "./tool-name.js";

/** A server tool that is not offered to the model, and why. */
export interface SkippedMcpTool {
  /** The tool's name on the server. */
  readonly mcpName: string;
  /** Why: a name too long or taken, or a schema that cannot be made provider-safe. */
  readonly reason: string;
}

/** The Baton tools of a server's tool list, and the ones that could not be offered. */
export interface McpToolList {
  readonly tools: readonly McpTool[];
  readonly skipped: readonly SkippedMcpTool[];
}

/** What {@link buildToolList} needs besides the definitions. */
export interface ToolListSettings extends ToolFilter {
  readonly serverName: string;
  readonly prefix: string;
  readonly call: McpToolCaller;
}

/**
 * Turns the server's tool definitions into Baton tools: those the allow/deny lists
 * keep, named with the prefix. A tool whose Baton name is not 1–64 letters, digits,
 * `_` or `-`, whose name is already taken (two server names that differ only in
 * characters replaced by `_`), or whose schema cannot be made provider-safe is
 * skipped, with the reason, instead of failing the whole list.
 */
export function buildToolList(definitions: readonly McpToolDefinition[], settings: ToolListSettings): McpToolList {
  const tools: McpTool[] = [];
  const skipped: SkippedMcpTool[] = [];
  const taken = new Set<string>();
  for (const definition of definitions) {
    if (!isToolOffered(settings, definition.name)) continue;
    const name = batonToolName(settings.prefix, definition.name);
    if (!TOOL_NAME_PATTERN.test(name)) {
      skipped.push({ mcpName: definition.name, reason: `the name "${name}" is not 1-64 letters, digits, '_' or '-'` });
      continue;
    }
    if (taken.has(name)) {
      skipped.push({ mcpName: definition.name, reason: `the name "${name}" is taken by another tool of the server` });
      continue;
    }
    try {
      tools.push(createMcpTool(definition, name, settings.serverName, settings.call));
      taken.add(name);
    } catch (error) {
      skipped.push({ mcpName: definition.name, reason: errorMessage(error) });
    }
  }
  return { tools, skipped };
}
