import type { Tool } from "./tool.js";

/** Heading of the tool-usage section of a system prompt. */
export const TOOL_USAGE_HEADING = "## Tools";

/**
 * The system-prompt section telling the model when to use which tool: a `## Tools`
 * heading and one `- <name>: <selectionRule>` line per tool that has a (non-blank)
 * selection rule, in the given order. Continuation lines of a multi-line rule are
 * indented so they stay in the list item. Empty string when no tool has a rule.
 * Every registry formats the section with this one function.
 *
 * @example
 * toolUsagePrompt([{ name: "search", selectionRule: "for recent facts", ... }]) // "## Tools\n- search: for recent facts"
 */
export function toolUsagePrompt(tools: readonly Pick<Tool, "name" | "selectionRule">[]): string {
  const lines = tools
    .filter((tool) => tool.selectionRule !== undefined && tool.selectionRule.trim() !== "")
    .map((tool) => `- ${tool.name}: ${(tool.selectionRule ?? "").trim().replace(/\r?\n/g, "\n  ")}`);
  return lines.length === 0 ? "" : `${TOOL_USAGE_HEADING}\n${lines.join("\n")}`;
}
