import type { Tool, ToolDefinition } from "@baton/core";

const cache = new WeakMap<Tool, ToolDefinition>();

/** The definition the model sees of a tool (cached per tool object). */
export function toolDefinition(tool: Tool): ToolDefinition {
  let definition = cache.get(tool);
  if (!definition) {
    definition = { name: tool.name, description: tool.description, parameters: tool.parameters };
    cache.set(tool, definition);
  }
  return definition;
}
