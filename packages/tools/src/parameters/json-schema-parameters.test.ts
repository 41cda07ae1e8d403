import { isBatonError } from "@baton/core";
import { describe, expect, it } from "vitest";
import { allKeys, expectedSearchJsonSchema, FORBIDDEN_KEYWORDS, jsonSearchSchema } from "../../test/fixtures/search-schema.js";
import { defineTool } from "../define-tool/define-tool.js";

const search = defineTool({
  name: "web_search",
  description: "Searches the web.",
  parameters: jsonSearchSchema,
  execute: (args) => args,
});

describe("JSON Schema parameters", () => {
  it("are normalised: $schema/$id removed, refs inlined, definitions dropped", () => {
    expect(search.parameters).toStrictEqual(expectedSearchJsonSchema);
    for (const keyword of FORBIDDEN_KEYWORDS) expect(allKeys(search.parameters).has(keyword)).toBe(false);
  });

  it("are not mutated", () => {
    expect(jsonSearchSchema.properties.filters).toStrictEqual({ $ref: "#/definitions/filters" });
    expect(jsonSearchSchema.$schema).toBe("http://json-schema.org/draft-07/schema#");
  });

  it("refuse a non-object top level, naming the tool", () => {
    let caught: unknown;
    try {
      defineTool({ name: "listing", description: "L.", parameters: { type: "array", items: { type: "string" } }, execute: () => 0 });
    } catch (error) {
      caught = error;
    }
    expect(isBatonError(caught, "TOOL_INVALID_SCHEMA")).toBe(true);
    expect((caught as Error).message).toContain('tool "listing"');
  });

  it("refuse a schema Ajv cannot compile", () => {
    expect(() =>
      defineTool({ name: "broken", description: "B.", parameters: { type: "object", properties: { a: { type: "strng" } } }, execute: () => 0 }),
    ).toThrow(/"broken".*Ajv could not compile/);
  });
});

describe("JSON Schema validation", () => {
  it("returns a copy of the arguments with defaults filled in", () => {
    const args = { query: "llm", filters: { site: "example.com" }, sources: [] };
    expect(search.validate?.(args)).toStrictEqual({ success: true, value: { ...args, mode: "fast" } });
    expect(args).not.toHaveProperty("mode");
  });

  it("names the path of every issue", () => {
    expect(search.validate?.({ limit: "ten", mode: "slow", filters: { site: 3 }, sources: [{ url: "u" }], extra: true })).toStrictEqual({
      success: false,
      issues: [
        "query: Required",
        "limit: Expected number, received string",
        'mode: must be equal to one of the allowed values: "fast", "deep"',
        "filters.site: Expected string, received integer",
        "sources[0].weight: Required",
      ],
    });
  });

  it("reports unknown keys when the schema forbids them, and root-level problems", () => {
    const strict = defineTool({
      name: "strict",
      description: "S.",
      parameters: { type: "object", properties: { n: { type: "integer", maximum: 3 } }, additionalProperties: false },
      execute: () => 0,
    });
    expect(strict.validate?.({ n: 5, other: 1 })).toStrictEqual({
      success: false,
      issues: ["other: Unrecognized key", "n: must be <= 3"],
    });
    expect(strict.validate?.([])).toStrictEqual({ success: false, issues: ["(root): Expected object, received array"] });
  });

  it("types args as Record<string, unknown> unless told otherwise", () => {
    const typed = defineTool<{ city: string }, string>({
      name: "weather",
      description: "W.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      execute: ({ city }) => city.toUpperCase(),
    });
    expect(typed.validate?.({ city: "Oslo" })).toStrictEqual({ success: true, value: { city: "Oslo" } });
  });
});
