import type { Tool } from "@baton/core";
import { ToolSet, type ToolSetOptions } from "./tool-set.js";

/**
 * A {@link ToolSet} holding `tools`, with an optional base prompt for its system prompt.
 * Throws `DuplicateToolError` on a repeated name.
 */
export function createToolRegistry(tools: Iterable<Tool> = [], options: ToolSetOptions = {}): ToolSet {
  return new ToolSet(tools, options);
}
