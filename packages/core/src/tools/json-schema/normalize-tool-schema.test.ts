import { type InvalidToolSchemaError, isBatonError } from "../../errors/index.js";
import { describe, expect, it } from "vitest";
import { normalizeToolSchema } from "./normalize-tool-schema.js";

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isBatonError(error, "TOOL_INVALID_SCHEMA")).toBe(true);
    return (error as InvalidToolSchemaError).message;
  }
  throw new Error("expected InvalidToolSchemaError");
}

describe("normalizeToolSchema", () => {
  it("adds type and properties to an empty schema", () => {
    expect(normalizeToolSchema("t", {})).toStrictEqual({ type: "object", properties: {} });
    expect(normalizeToolSchema("t", { type: ["object"] })).toStrictEqual({ type: "object", properties: {} });
  });

  it("keeps descriptions, enums, formats, bounds, defaults and additionalProperties", () => {
    const schema = {
      type: "object",
      description: "D",
      properties: {
        email: { type: "string", format: "email", minLength: 3, maxLength: 99, pattern: "@" },
        n: { type: "integer", minimum: 0, exclusiveMaximum: 10, multipleOf: 2, default: 4 },
        color: { type: "string", enum: ["red", "blue"], description: "C" },
        list: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 },
      },
      required: ["email"],
      additionalProperties: false,
    };
    expect(normalizeToolSchema("t", schema)).toStrictEqual(schema);
  });

  it("removes $schema and $id everywhere but keeps properties with those names", () => {
    expect(
      normalizeToolSchema("t", {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $id: "urn:t",
        type: "object",
        properties: {
          inner: { $id: "urn:inner", type: "object", properties: { x: { type: "number" } } },
          $id: { type: "string" },
          definitions: { type: "string" },
        },
      }),
    ).toStrictEqual({
      type: "object",
      properties: {
        inner: { type: "object", properties: { x: { type: "number" } } },
        $id: { type: "string" },
        definitions: { type: "string" },
      },
    });
  });

  it("inlines $defs, definitions and pointer refs, letting sibling keywords win", () => {
    expect(
      normalizeToolSchema("t", {
        type: "object",
        properties: {
          home: { $ref: "#/$defs/address", description: "Where you live" },
          work: { $ref: "#/definitions/place" },
          again: { $ref: "#/properties/home" },
        },
        $defs: { address: { type: "object", description: "An address", properties: { city: { type: "string" } } } },
        definitions: { place: { $ref: "#/$defs/address" } },
      }),
    ).toStrictEqual({
      type: "object",
      properties: {
        home: { type: "object", description: "Where you live", properties: { city: { type: "string" } } },
        work: { type: "object", description: "An address", properties: { city: { type: "string" } } },
        again: { type: "object", description: "Where you live", properties: { city: { type: "string" } } },
      },
    });
  });

  it("turns const into a one-value enum but leaves data alone", () => {
    expect(
      normalizeToolSchema("t", {
        type: "object",
        properties: {
          kind: { const: "a" },
          opts: { type: "object", default: { $ref: "#/not-a-ref", const: 1 } },
          choice: { anyOf: [{ const: 1 }, { const: 2 }] },
        },
      }),
    ).toStrictEqual({
      type: "object",
      properties: {
        kind: { enum: ["a"] },
        opts: { type: "object", default: { $ref: "#/not-a-ref", const: 1 } },
        choice: { anyOf: [{ enum: [1] }, { enum: [2] }] },
      },
    });
  });

  it("does not mutate its input", () => {
    const input = { $schema: "x", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { const: 1 } } };
    const copy = structuredClone(input);
    normalizeToolSchema("t", input);
    expect(input).toStrictEqual(copy);
  });

  it("refuses recursive, external and dangling refs", () => {
    const tree = {
      type: "object",
      properties: { root: { $ref: "#/$defs/node" } },
      $defs: { node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
    };
    expect(reasonOf(() => normalizeToolSchema("tree", tree))).toBe(
      'Invalid tool "tree": recursive $ref "#/$defs/node" is not supported; model providers need a finite schema',
    );
    expect(reasonOf(() => normalizeToolSchema("t", { properties: { a: { $ref: "https://x/y.json" } } }))).toMatch(/external \$ref "https:\/\/x\/y.json"/);
    expect(reasonOf(() => normalizeToolSchema("t", { properties: { a: { $ref: "#/$defs/missing" } } }))).toMatch(
      /\$ref "#\/\$defs\/missing" points to nothing/,
    );
  });

  it("refuses a top level that is not an object schema, naming the tool", () => {
    expect(reasonOf(() => normalizeToolSchema("my_tool", { type: "string" }))).toBe(
      'Invalid tool "my_tool": the top level must be an object schema (type "object"), got type "string"',
    );
    expect(reasonOf(() => normalizeToolSchema("my_tool", { type: ["object", "null"] }))).toMatch(/got type \["object","null"\]/);
    expect(reasonOf(() => normalizeToolSchema("my_tool", { anyOf: [{ type: "object" }] }))).toMatch(/not a "anyOf" schema/);
    expect(reasonOf(() => normalizeToolSchema("my_tool", [] as never))).toMatch(/"my_tool".*JSON Schema object/);
  });
});
