import { isBatonError, type ToolExecutionContext } from "@baton/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "./define-tool.js";

const parameters = z.object({ a: z.number(), b: z.number() });

describe("defineTool", () => {
  it("returns a Tool carrying the spec's fields and only the optional ones given", () => {
    const summarize = (result: number): string => `sum ${result}`;
    const shouldUse = (): boolean => true;
    const tool = defineTool({
      name: "add",
      description: "Adds two numbers.",
      parameters,
      execute: ({ a, b }) => a + b,
      selectionRule: "Use for arithmetic.",
      shouldUse,
      timeoutMs: 1_000,
      includeInHistory: false,
      summarize,
    });
    expect(tool).toMatchObject({
      name: "add",
      description: "Adds two numbers.",
      selectionRule: "Use for arithmetic.",
      timeoutMs: 1_000,
      includeInHistory: false,
    });
    expect(tool.summarize).toBe(summarize);
    expect(tool.shouldUse).toBe(shouldUse);
    expect(tool.execute({ a: 2, b: 3 }, {} as ToolExecutionContext)).toBe(5);

    const bare = defineTool({ name: "add", description: "Adds.", parameters, execute: ({ a, b }) => a + b });
    expect(Object.keys(bare).sort()).toStrictEqual(["description", "execute", "name", "parameters", "validate"]);
  });

  it("keeps the declared effects, and leaves them out when not given (the default rule decides)", () => {
    const pay = defineTool({ name: "pay", description: "Pays.", parameters, execute: () => "paid", effects: "once" });
    const lookup = defineTool({ name: "lookup", description: "Looks up.", parameters, execute: () => 1, effects: "idempotent" });
    expect(pay.effects).toBe("once");
    expect(lookup.effects).toBe("idempotent");
    expect("effects" in defineTool({ name: "add", description: "Adds.", parameters, execute: () => 0 })).toBe(false);
  });

  it("refuses an invalid name with TOOL_INVALID_SCHEMA", () => {
    for (const name of ["", "web search", "a".repeat(65), "naïve", "calc.add"]) {
      let caught: unknown;
      try {
        defineTool({ name, description: "D.", parameters, execute: () => 0 });
      } catch (error) {
        caught = error;
      }
      expect(isBatonError(caught, "TOOL_INVALID_SCHEMA"), name).toBe(true);
    }
    expect(defineTool({ name: "a".repeat(64), description: "D.", parameters, execute: () => 0 }).name).toHaveLength(64);
  });

  it("refuses a missing or blank description with TOOL_INVALID_SCHEMA naming the tool", () => {
    for (const description of ["", "   ", undefined]) {
      let caught: unknown;
      try {
        defineTool({ name: "quiet", description: description as string, parameters, execute: () => 0 });
      } catch (error) {
        caught = error;
      }
      expect(isBatonError(caught, "TOOL_INVALID_SCHEMA")).toBe(true);
      expect((caught as Error).message).toContain('"quiet"');
    }
  });

  it("refuses a bad timeout or a missing execute with INVALID_CONFIGURATION", () => {
    for (const timeoutMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      let caught: unknown;
      try {
        defineTool({ name: "t", description: "D.", parameters, execute: () => 0, timeoutMs });
      } catch (error) {
        caught = error;
      }
      expect(isBatonError(caught, "INVALID_CONFIGURATION"), String(timeoutMs)).toBe(true);
    }
    expect(() => defineTool({ name: "t", description: "D.", parameters, execute: undefined as unknown as () => number })).toThrow(/needs an execute function/);
  });

  it("refuses parameters that are not a schema", () => {
    expect(() => defineTool({ name: "t", description: "D.", parameters: "object" as never, execute: () => 0 })).toThrow(
      /"t".*zod schema or a JSON Schema object/,
    );
  });
});
