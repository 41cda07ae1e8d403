import { ConfigurationError, DuplicateToolError, isBatonError, type Tool } from "@baton/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../define-tool/define-tool.js";
import { createToolRegistry } from "./create-tool-registry.js";
import { ToolSet } from "./tool-set.js";

const search = defineTool({
  name: "web_search",
  description: "Searches the web.",
  parameters: z.object({ query: z.string() }),
  selectionRule: "Use for anything that may have changed recently.",
  execute: ({ query }) => [query],
});
const calculator = defineTool({
  name: "calculator",
  description: "Evaluates arithmetic.",
  parameters: { type: "object", properties: { expression: { type: "string" } }, required: ["expression"] },
  selectionRule: "Use for any arithmetic instead of computing in your head.",
  execute: () => 0,
});
const clock = defineTool({ name: "clock", description: "Tells the time.", parameters: {}, execute: () => Date.now() });

describe("ToolSet", () => {
  it("keeps tools in registration order and finds them by name", () => {
    const tools = new ToolSet([calculator, search]).register(clock);
    expect(tools.list().map((tool) => tool.name)).toStrictEqual(["calculator", "web_search", "clock"]);
    expect(tools.names()).toStrictEqual(["calculator", "web_search", "clock"]);
    expect(tools.size).toBe(3);
    expect(tools.get("web_search")).toBe(search);
    expect(tools.get("nope")).toBeUndefined();
    expect(tools.has("clock")).toBe(true);
    expect(tools.has("nope")).toBe(false);
  });

  it("refuses a duplicate name with TOOL_DUPLICATE_NAME", () => {
    const tools = createToolRegistry([search]);
    const again: Tool = { ...calculator, name: "web_search" };
    expect(() => tools.register(again)).toThrow(DuplicateToolError);
    try {
      tools.register(again);
    } catch (error) {
      expect(isBatonError(error, "TOOL_DUPLICATE_NAME")).toBe(true);
      expect((error as Error).message).toBe('A tool named "web_search" is already registered.');
    }
    expect(() => new ToolSet([search, search])).toThrow(DuplicateToolError);
    expect(tools.get("web_search")).toBe(search);
  });

  it("refuses a tool without execute, or whose name is not a string, with a ConfigurationError naming it", () => {
    const { execute: _execute, ...withoutExecute } = calculator;
    const noExecute = withoutExecute as unknown as Tool;
    for (const register of [() => createToolRegistry([search, noExecute]), () => new ToolSet([noExecute]), () => new ToolSet([search]).register(noExecute)]) {
      expect(register).toThrow(ConfigurationError);
      expect(register).toThrow('Tool "calculator" has no execute function: a tool needs execute(args, context) to be called.');
    }
    expect(() => createToolRegistry([{ ...calculator, name: 42 } as unknown as Tool])).toThrow("A tool's name must be a string, got a number.");
    expect(() => createToolRegistry([undefined as unknown as Tool])).toThrow("A tool must be an object with a name and an execute function, got nothing.");
    const tools = createToolRegistry([search]);
    expect(() => tools.register({ ...calculator, execute: "run" } as unknown as Tool)).toThrow('Tool "calculator" has no execute function');
    expect(tools.names()).toStrictEqual(["web_search"]);
  });

  it("unregisters (true when present, false otherwise) and clears", () => {
    const tools = createToolRegistry([search, calculator, clock]);
    const before = tools.list();
    expect(tools.unregister("calculator")).toBe(true);
    expect(tools.unregister("calculator")).toBe(false);
    expect(tools.list().map((tool) => tool.name)).toStrictEqual(["web_search", "clock"]);
    expect(before).toHaveLength(3);
    tools.register(calculator);
    expect(tools.names()).toStrictEqual(["web_search", "clock", "calculator"]);
    tools.clear();
    expect(tools.list()).toStrictEqual([]);
    expect(tools.size).toBe(0);
  });

  it("gives the model definitions of every tool", () => {
    expect(createToolRegistry([search, clock]).definitions()).toStrictEqual([
      {
        name: "web_search",
        description: "Searches the web.",
        parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
      },
      { name: "clock", description: "Tells the time.", parameters: { type: "object", properties: {} } },
    ]);
  });

  it("assembles the system prompt from the base prompt and the selection rules", () => {
    const tools = createToolRegistry([search, clock, calculator], { basePrompt: "You are a research assistant.\n" });
    expect(tools.systemPrompt()).toBe(
      [
        "You are a research assistant.",
        "",
        "## Tools",
        "- web_search: Use for anything that may have changed recently.",
        "- calculator: Use for any arithmetic instead of computing in your head.",
      ].join("\n"),
    );
    expect(createToolRegistry([search]).systemPrompt()).toBe("## Tools\n- web_search: Use for anything that may have changed recently.");
    expect(createToolRegistry([clock], { basePrompt: "Be brief." }).systemPrompt()).toBe("Be brief.");
    expect(createToolRegistry([clock]).systemPrompt()).toBe("");
    expect(createToolRegistry().systemPrompt()).toBe("");
  });

  it("selects into a new set that keeps the base prompt", () => {
    const tools = createToolRegistry([search, calculator, clock], { basePrompt: "Base." });
    const selected = tools.select({ deny: ["web_search"] });
    expect(selected).toBeInstanceOf(ToolSet);
    expect(selected.names()).toStrictEqual(["calculator", "clock"]);
    expect(selected.systemPrompt()).toBe("Base.\n\n## Tools\n- calculator: Use for any arithmetic instead of computing in your head.");
    expect(tools.names()).toStrictEqual(["web_search", "calculator", "clock"]);
  });
});
