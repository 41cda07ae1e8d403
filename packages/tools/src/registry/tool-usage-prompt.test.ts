import type { Tool } from "@baton/core";
import { describe, expect, it } from "vitest";
import { toolUsagePrompt } from "./tool-usage-prompt.js";

function tool(name: string, selectionRule?: string): Tool {
  return {
    name,
    description: `${name}.`,
    parameters: { type: "object", properties: {} },
    execute: () => null,
    ...(selectionRule === undefined ? {} : { selectionRule }),
  };
}

describe("toolUsagePrompt", () => {
  it("lists tools with a selection rule, in order, under a heading", () => {
    expect(toolUsagePrompt([tool("web_search", "Use for current events."), tool("clock"), tool("calculator", "Use for any arithmetic.")])).toBe(
      "## Tools\n- web_search: Use for current events.\n- calculator: Use for any arithmetic.",
    );
  });

  it("indents the continuation lines of a multi-line rule and skips blank rules", () => {
    expect(toolUsagePrompt([tool("sql", "Use for data questions.\nNever write."), tool("blank", "  ")])).toBe(
      "## Tools\n- sql: Use for data questions.\n  Never write.",
    );
  });

  it("is empty when no tool has a rule", () => {
    expect(toolUsagePrompt([])).toBe("");
    expect(toolUsagePrompt([tool("clock")])).toBe("");
  });
});
