import type { Tool, ToolRegistry } from "@baton/core";
import { ToolSet } from "@baton/tools";

/**
 * The agent's registry: the given registry as is, or a `ToolSet` of the given tools
 * (which throws `DuplicateToolError` on a repeated name), or an empty `ToolSet`.
 */
export function agentRegistry(tools: ToolRegistry | readonly Tool[] | undefined): ToolRegistry {
  if (tools === undefined) return new ToolSet();
  return isToolList(tools) ? new ToolSet(tools) : tools;
}

function isToolList(tools: ToolRegistry | readonly Tool[]): tools is readonly Tool[] {
  return Array.isArray(tools);
}
