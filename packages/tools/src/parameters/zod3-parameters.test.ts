import { isBatonError } from "@baton/core";
import { describe, expect, it } from "vitest";
import { z as z3 } from "zod/v3";
import { allKeys, expectedSearchJsonSchema, FORBIDDEN_KEYWORDS, zod3SearchSchema } from "../../test/fixtures/search-schema.js";
import { defineTool } from "../define-tool/define-tool.js";

const search = defineTool({
  name: "web_search",
  description: "Searches the web.",
  parameters: zod3SearchSchema,
  execute: (args) => args,
});

describe("zod 3 parameters", () => {
  it("become the same JSON Schema as zod 4's", () => {
    expect(search.parameters).toStrictEqual(expectedSearchJsonSchema);
    for (const keyword of FORBIDDEN_KEYWORDS) expect(allKeys(search.parameters).has(keyword)).toBe(false);
  });

  it("inline a schema used twice; add additionalProperties only for strict objects", () => {
    const address = z3.object({ city: z3.string() }).strict();
    const tool = defineTool({
      name: "ship",
      description: "Ships.",
      parameters: z3.object({ from: address, to: address, kind: z3.literal("parcel") }),
      execute: () => 0,
    });
    const city = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };
    expect(tool.parameters).toStrictEqual({
      type: "object",
      properties: { from: city, to: city, kind: { type: "string", enum: ["parcel"] } },
      required: ["from", "to", "kind"],
    });
  });

  it("refuse recursive schemas instead of degrading them to 'any'", () => {
    type Node = { name: string; children: Node[] };
    const node: z3.ZodType<Node> = z3.lazy(() => z3.object({ name: z3.string(), children: z3.array(node) }));
    expect(() => defineTool({ name: "tree", description: "T.", parameters: z3.object({ root: node }), execute: () => 0 })).toThrow(/"tree".*recursive \$ref/);
  });

  it("refuse a non-object top level, naming the tool", () => {
    let caught: unknown;
    try {
      defineTool({ name: "numbers", description: "N.", parameters: z3.array(z3.number()), execute: () => 0 });
    } catch (error) {
      caught = error;
    }
    expect(isBatonError(caught, "TOOL_INVALID_SCHEMA")).toBe(true);
    expect((caught as Error).message).toBe('Invalid tool "numbers": the top level must be an object schema (type "object"), got type "array"');
  });
});

describe("zod 3 validation", () => {
  it("returns the parsed value with defaults and transforms applied", () => {
    const args = { query: "llm", filters: { site: "example.com" }, sources: [] };
    expect(search.validate?.(args)).toStrictEqual({ success: true, value: { ...args, mode: "fast" } });
    const tool = defineTool({
      name: "t",
      description: "T.",
      parameters: z3.object({ n: z3.string().transform(Number) }),
      execute: () => 0,
    });
    expect(tool.validate?.({ n: "42" })).toStrictEqual({ success: true, value: { n: 42 } });
  });

  it("names the path of every issue", () => {
    expect(search.validate?.({ limit: "ten", mode: "slow", filters: { site: "x" }, sources: [{ url: 1, weight: 2 }] })).toStrictEqual({
      success: false,
      issues: [
        "query: Required",
        "limit: Expected number, received string",
        "mode: Invalid enum value. Expected 'fast' | 'deep', received 'slow'",
        "sources[0].url: Expected string, received number",
      ],
    });
  });
});
