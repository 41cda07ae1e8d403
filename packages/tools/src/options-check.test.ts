import type { Tool } from "@baton/core";
import { expectUnknownOptionRejected, optionsError } from "@baton/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "./define-tool/define-tool.js";
import { createToolRegistry } from "./registry/create-tool-registry.js";
import { ToolSet } from "./registry/tool-set.js";
import { selectTools } from "./selection/select-tools.js";

/** Expects a wrong-type message naming the key and what it must be. */
async function expectWrongType(name: string, key: string, expected: string, fn: () => unknown): Promise<void> {
  expect((await optionsError(fn)).message).toContain(`${name}(): option "${key}" must be ${expected}, got`);
}

/** A value of the wrong shape, typed to fit any parameter. */
const bad = (value: unknown): never => value as never;
const parameters = z.object({ q: z.string() });

function tool(name: string): Tool {
  return { name, description: `${name}.`, parameters: { type: "object", properties: {} }, execute: () => null };
}

describe("options are checked: unknown keys and wrong types are a ConfigurationError", () => {
  it("defineTool (the spec's keys)", async () => {
    const accepted = [
      "name",
      "description",
      "parameters",
      "execute",
      "selectionRule",
      "preset",
      "shouldUse",
      "timeoutMs",
      "effects",
      "includeInHistory",
      "summarize",
    ];
    const spec = { name: "search", description: "Searches.", parameters, execute: () => "x" };
    await expectUnknownOptionRejected("defineTool", "timeout", accepted, () => defineTool(bad({ ...spec, timeout: 5 })));
    await expectUnknownOptionRejected("defineTool", "selection_rule", accepted, () => defineTool(bad({ ...spec, selection_rule: "Use it." })));
    await expectWrongType("defineTool", "includeInHistory", "a boolean", () => defineTool(bad({ ...spec, includeInHistory: "no" })));
    await expectWrongType("defineTool", "timeoutMs", "a positive finite number", () => defineTool({ ...spec, timeoutMs: 0 }));
    await expectWrongType("defineTool", "preset", 'one of "readonly", "readwrite", "full"', () => defineTool(bad({ ...spec, preset: "write" })));
    await expectWrongType("defineTool", "execute", "a function", () => defineTool(bad({ ...spec, execute: "run" })));
    await expectWrongType("defineTool", "effects", 'one of "idempotent", "once"', () => defineTool(bad({ ...spec, effects: "twice" })));
    await expectWrongType("defineTool", "effects", 'one of "idempotent", "once"', () => defineTool(bad({ ...spec, effects: true })));
    expect((await optionsError(() => defineTool(bad(null)))).message).toContain("defineTool(): the options must be an object, got null");
    const full = defineTool({
      ...spec,
      selectionRule: "For facts.",
      preset: "readonly",
      shouldUse: () => true,
      timeoutMs: 1000,
      effects: "once",
      includeInHistory: false,
      summarize: () => "s",
    });
    expect(full).toMatchObject({ name: "search", preset: "readonly", timeoutMs: 1000, effects: "once", includeInHistory: false });
    // Absent (undefined) optional keys are fine.
    expect(defineTool({ ...spec, timeoutMs: undefined }).name).toBe("search");
  });

  it("createToolRegistry and new ToolSet", async () => {
    await expectUnknownOptionRejected("createToolRegistry", "systemPrompt", ["basePrompt"], () => createToolRegistry([], bad({ systemPrompt: "x" })));
    await expectWrongType("createToolRegistry", "basePrompt", "a string", () => createToolRegistry([], bad({ basePrompt: 3 })));
    await expectUnknownOptionRejected("ToolSet", "prompt", ["basePrompt"], () => new ToolSet([], bad({ prompt: "x" })));
    await expectWrongType("ToolSet", "basePrompt", "a string", () => new ToolSet([], bad({ basePrompt: ["x"] })));
    expect(createToolRegistry([tool("a")], { basePrompt: "Base." }).systemPrompt()).toBe("Base.");
    expect(new ToolSet([tool("a")], { basePrompt: "Base." }).basePrompt).toBe("Base.");
  });

  it("selectTools and ToolSet.select (the selection's keys)", async () => {
    const accepted = ["preset", "presets", "allow", "deny"];
    const all = [tool("a"), tool("b")];
    await expectUnknownOptionRejected("selectTools", "allowed", accepted, () => selectTools(all, bad({ allowed: ["a"] })));
    await expectUnknownOptionRejected("selectTools", "exclude", accepted, () => new ToolSet(all).select(bad({ exclude: ["a"] })));
    await expectWrongType("selectTools", "allow", "an array of strings", () => selectTools(all, bad({ allow: "a" })));
    await expectWrongType("selectTools", "presets", "an object of tool-name lists (each value an array of strings)", () =>
      selectTools(all, bad({ presets: { mine: "a" } })),
    );
    await expectWrongType("selectTools", "preset", "a non-empty string", () => selectTools(all, { preset: "" }));
    expect(selectTools(all, { preset: "mine", presets: { mine: ["a", "b"] }, allow: ["a", "b"], deny: ["b"] }).map((t) => t.name)).toEqual(["a"]);
  });
});
