import { InvalidToolSchemaError, isBatonError } from "@baton/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as zv4 } from "zod/v4";
import * as zm from "zod/mini";
import { allKeys, expectedSearchJsonSchema, FORBIDDEN_KEYWORDS, zod4SearchSchema } from "../../test/fixtures/search-schema.js";
import { defineTool } from "../define-tool/define-tool.js";

const search = defineTool({
  name: "web_search",
  description: "Searches the web.",
  parameters: zod4SearchSchema,
  execute: (args) => args,
});

describe("zod 4 parameters", () => {
  it("become the expected JSON Schema", () => {
    expect(search.parameters).toStrictEqual(expectedSearchJsonSchema);
    for (const keyword of FORBIDDEN_KEYWORDS) expect(allKeys(search.parameters).has(keyword)).toBe(false);
  });

  it("accept schemas from zod/v4 and zod/mini alike", () => {
    const fromV4 = defineTool({ name: "a", description: "A.", parameters: zv4.object({ q: zv4.string() }), execute: () => 0 });
    const fromMini = defineTool({
      name: "b",
      description: "B.",
      parameters: zm.object({ q: zm.string(), n: zm._default(zm.number(), 4) }),
      execute: () => 0,
    });
    expect(fromV4.parameters).toStrictEqual({ type: "object", properties: { q: { type: "string" } }, required: ["q"] });
    expect(fromMini.parameters).toStrictEqual({
      type: "object",
      properties: { q: { type: "string" }, n: { type: "number", default: 4 } },
      required: ["q"],
    });
    expect(fromMini.validate?.({ q: "x" })).toStrictEqual({ success: true, value: { q: "x", n: 4 } });
  });

  it("inline a schema used twice and turn literals into enums", () => {
    const address = z.object({ city: z.string() });
    const tool = defineTool({
      name: "ship",
      description: "Ships.",
      parameters: z.object({ from: address, to: address, kind: z.literal("parcel") }),
      execute: () => 0,
    });
    expect(tool.parameters).toStrictEqual({
      type: "object",
      properties: {
        from: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        to: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        kind: { type: "string", enum: ["parcel"] },
      },
      required: ["from", "to", "kind"],
    });
  });

  it("describe the input side: a transformed field is sent as its input type", () => {
    const tool = defineTool({
      name: "t",
      description: "T.",
      parameters: z.object({ tags: z.string().transform((text) => text.split(",")) }),
      execute: () => 0,
    });
    expect(tool.parameters).toStrictEqual({ type: "object", properties: { tags: { type: "string" } }, required: ["tags"] });
    expect(tool.validate?.({ tags: "a,b" })).toStrictEqual({ success: true, value: { tags: ["a", "b"] } });
  });

  it("refuse a non-object top level, naming the tool", () => {
    expect(() => defineTool({ name: "just_text", description: "T.", parameters: z.string(), execute: () => 0 })).toThrow(InvalidToolSchemaError);
    try {
      defineTool({ name: "just_text", description: "T.", parameters: z.string(), execute: () => 0 });
    } catch (error) {
      expect(isBatonError(error, "TOOL_INVALID_SCHEMA")).toBe(true);
      expect((error as Error).message).toContain('"just_text"');
      expect((error as Error).message).toContain('got type "string"');
    }
    expect(() =>
      defineTool({
        name: "either",
        description: "E.",
        parameters: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
        execute: () => 0,
      }),
    ).toThrow(/"either".*"anyOf" schema/);
  });

  it("refuse recursive and unrepresentable schemas", () => {
    const node = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    expect(() => defineTool({ name: "tree", description: "T.", parameters: node, execute: () => 0 })).toThrow(/"tree".*recursive \$ref "#"/);
    expect(() => defineTool({ name: "when", description: "W.", parameters: z.object({ at: z.date() }), execute: () => 0 })).toThrow(
      /"when".*Date cannot be represented/,
    );
  });
});

describe("zod 4 validation", () => {
  it("returns the parsed value with defaults applied", () => {
    const args = { query: "llm", filters: { site: "example.com" }, sources: [{ url: "u", weight: 1 }] };
    expect(search.validate?.(args)).toStrictEqual({ success: true, value: { ...args, mode: "fast" } });
  });

  it("names the path of every issue", () => {
    expect(search.validate?.({ query: 1, limit: "ten", filters: {}, sources: [{ url: "u", weight: "heavy" }] })).toStrictEqual({
      success: false,
      issues: [
        "query: Invalid input: expected string, received number",
        "limit: Invalid input: expected number, received string",
        "filters.site: Invalid input: expected string, received undefined",
        "sources[0].weight: Invalid input: expected number, received string",
      ],
    });
    expect(search.validate?.("nope")).toStrictEqual({
      success: false,
      issues: ["(root): Invalid input: expected object, received string"],
    });
  });

  it("reports a schema that throws while parsing as an issue instead of throwing", () => {
    const tool = defineTool({
      name: "slow",
      description: "S.",
      parameters: z.object({ id: z.string().refine(async () => true) }),
      execute: () => 0,
    });
    const check = tool.validate?.({ id: "x" });
    expect(check?.success).toBe(false);
    expect(check && !check.success ? check.issues[0] : "").toMatch(/^\(root\): /);
  });
});
