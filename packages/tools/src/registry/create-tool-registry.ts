import { checkOptions, type Tool } from "@baton/core";
import { TOOL_SET_OPTION_RULES, ToolSet, type ToolSetOptions } from "./tool-set.js";

/**
 * A {@link ToolSet} holding `tools`, with an optional base prompt for its system prompt.
 * Throws `DuplicateToolError` on a repeated name, and a `ConfigurationError` for an
 * unknown option or a wrong type (accepted options: `basePrompt`, a string), or for a
 * tool without a string name or an `execute` function.
 *
 * @example createToolRegistry([search], { basePrompt: "You are a research assistant." })
 */
export function createToolRegistry(tools: Iterable<Tool> = [], options: ToolSetOptions = {}): ToolSet {
  checkOptions("createToolRegistry", options, TOOL_SET_OPTION_RULES);
  return new ToolSet(tools, options);
}
