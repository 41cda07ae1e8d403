import type { ToolDefinition } from "@baton/core";
import type Anthropic from "@anthropic-ai/sdk";
import { toInputSchema } from "./input-schema.js";

/**
 * Tool definitions as Messages API tools (`name`, `description`, `input_schema`).
 *
 * @example toAnthropicTools([{ name: "add", description: "Adds", parameters: { type: "object" } }])
 * // [{ name: "add", description: "Adds", input_schema: { type: "object" } }]
 */
export function toAnthropicTools(tools: readonly ToolDefinition[]): Anthropic.Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    input_schema: toInputSchema(tool.name, tool.parameters),
  }));
}
