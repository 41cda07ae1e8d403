import { describe, expect, it } from "vitest";
import { InvalidRequestError, type JsonSchema } from "@baton/core";
import { toGeminiSchema } from "../src/index.js";

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema =>
  ({ type: "object", properties, ...extra }) as JsonSchema;
/** The converted schema of a single property `p`. */
const property = (schema: unknown): unknown => (toGeminiSchema("t", object({ p: schema })) as { properties: Record<string, unknown> }).properties.p;

describe("JSON Schema → Gemini schema", () => {
  it("upper-cases types and keeps descriptions, titles, defaults, formats Gemini knows and limits", () => {
    expect(
      toGeminiSchema(
        "book",
        object(
          {
            title: { type: "string", title: "Title", description: "Book title", minLength: 1, maxLength: 200, pattern: "^\\S", default: "Untitled" },
            when: { type: "string", format: "date-time" },
            email: { type: "string", format: "email" },
            copies: { type: "integer", minimum: 1, exclusiveMaximum: 100, format: "int32" },
            price: { type: "number", exclusiveMinimum: 0, multipleOf: 0.01 },
            tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 5, uniqueItems: true, examples: [["a"]] },
            meta: {
              type: "object",
              properties: { draft: { type: "boolean" } },
              minProperties: 1,
              additionalProperties: { type: "string" },
              propertyNames: { pattern: "^[a-z]+$" },
            },
          },
          { required: ["title", "ghost"], $schema: "https://json-schema.org/draft/2020-12/schema", $id: "book", additionalProperties: false },
        ),
      ),
    ).toEqual({
      type: "OBJECT",
      properties: {
        title: { type: "STRING", title: "Title", description: "Book title", minLength: "1", maxLength: "200", pattern: "^\\S", default: "Untitled" },
        when: { type: "STRING", format: "date-time" },
        email: { type: "STRING" },
        copies: { type: "INTEGER", minimum: 1, maximum: 100, format: "int32" },
        price: { type: "NUMBER", minimum: 0 },
        tags: { type: "ARRAY", items: { type: "STRING" }, minItems: "1", maxItems: "5", example: ["a"] },
        meta: { type: "OBJECT", properties: { draft: { type: "BOOLEAN" } }, minProperties: "1" },
      },
      required: ["title"],
    });
  });

  it("declares a tool without parameters with no schema at all", () => {
    expect(toGeminiSchema("clock", { type: "object", properties: {} })).toBeUndefined();
    expect(toGeminiSchema("clock", { type: "object" })).toBeUndefined();
  });

  it("turns null types and null branches into nullable", () => {
    expect(property({ type: ["string", "null"], description: "d" })).toEqual({ type: "STRING", description: "d", nullable: true });
    expect(property({ anyOf: [{ type: "integer" }, { type: "null" }], description: "outer" })).toEqual({
      type: "INTEGER",
      description: "outer",
      nullable: true,
    });
    expect(property({ oneOf: [{ type: "null" }, { type: "object", properties: { a: { type: "string" } } }] })).toEqual({
      type: "OBJECT",
      properties: { a: { type: "STRING" } },
      nullable: true,
    });
    expect(property({ type: "null" })).toEqual({ type: "NULL" });
    expect(property({ enum: ["a", null] })).toEqual({ type: "STRING", enum: ["a"], nullable: true });
  });

  it("keeps real unions as anyOf (oneOf becomes anyOf)", () => {
    expect(property({ oneOf: [{ type: "string" }, { type: "number" }, { type: "null" }], description: "id" })).toEqual({
      description: "id",
      anyOf: [{ type: "STRING" }, { type: "NUMBER" }],
      nullable: true,
    });
  });

  it("turns const into enum, and lists numeric and boolean values in the description", () => {
    expect(property({ const: "fixed" })).toEqual({ type: "STRING", enum: ["fixed"] });
    expect(property({ type: "integer", enum: [1, 2, 3], description: "Level." })).toEqual({ type: "INTEGER", description: "Level. Allowed values: 1, 2, 3." });
    expect(property({ enum: [0.5, 1] })).toEqual({ type: "NUMBER", description: "Allowed values: 0.5, 1." });
    expect(property({ const: true })).toEqual({ type: "BOOLEAN", description: "Allowed values: true." });
  });

  it("inlines local $refs, with the referring schema's keywords on top", () => {
    const schema = {
      type: "object",
      properties: {
        from: { $ref: "#/$defs/place", description: "Start" },
        to: { $ref: "#/definitions/place" },
        stops: { type: "array", items: { $ref: "#/$defs/place" } },
      },
      $defs: { place: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
      definitions: { place: { type: "object", properties: { city: { type: "string" } } } },
    } as JsonSchema;
    expect(toGeminiSchema("route", schema)).toEqual({
      type: "OBJECT",
      properties: {
        from: { type: "OBJECT", description: "Start", properties: { city: { type: "STRING" } }, required: ["city"] },
        to: { type: "OBJECT", properties: { city: { type: "STRING" } } },
        stops: { type: "ARRAY", items: { type: "OBJECT", properties: { city: { type: "STRING" } }, required: ["city"] } },
      },
    });
  });

  it("merges allOf branches", () => {
    expect(
      property({
        allOf: [
          { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
          { properties: { b: { type: "number" } }, required: ["b"], description: "both" },
        ],
      }),
    ).toEqual({ type: "OBJECT", description: "both", properties: { a: { type: "STRING" }, b: { type: "NUMBER" } }, required: ["a", "b"] });
  });

  it("infers the type from properties, items or string values", () => {
    expect(property({ properties: { a: { type: "string" } } })).toEqual({ type: "OBJECT", properties: { a: { type: "STRING" } } });
    expect(property({ items: { type: "string" } })).toEqual({ type: "ARRAY", items: { type: "STRING" } });
    expect(property({ enum: ["x", "y"] })).toEqual({ type: "STRING", enum: ["x", "y"] });
    expect(property({ description: "anything" })).toEqual({ description: "anything" });
    expect(property(true)).toEqual({});
  });

  describe("refuses what it cannot express, naming the tool, keyword and place", () => {
    const refusals: [string, unknown, string][] = [
      ["not", { not: { type: "string" } }, '"not" at /properties/p'],
      ["if/then", { type: "object", if: { properties: {} }, then: {} }, '"if" at /properties/p'],
      ["patternProperties", { type: "object", patternProperties: { "^x": { type: "string" } } }, '"patternProperties"'],
      ["tuples", { type: "array", items: [{ type: "string" }, { type: "number" }] }, '"items" at /properties/p'],
      ["prefixItems", { type: "array", prefixItems: [{ type: "string" }] }, '"prefixItems"'],
      ["several types", { type: ["string", "number"] }, '"type" at /properties/p'],
      ["an unknown type", { type: "date" }, '"type" at /properties/p'],
      ["remote refs", { $ref: "https://example.com/schema.json" }, '"$ref" at /properties/p'],
      ["dangling refs", { $ref: "#/$defs/missing" }, '"$ref" at /properties/p'],
      ["object enums", { enum: [{ a: 1 }] }, '"enum" at /properties/p'],
      ["conflicting allOf", { allOf: [{ type: "string" }, { type: "number" }] }, '"allOf" at /properties/p/allOf/1'],
      ["the false schema", false, '"false" at /properties/p'],
    ];
    for (const [what, schema, expected] of refusals) {
      it(what, () => {
        expect(() => property(schema)).toThrow(InvalidRequestError);
        expect(() => property(schema)).toThrow(expected);
        expect(() => property(schema)).toThrow('tool "t"');
      });
    }

    it("recursive refs", () => {
      const tree = {
        type: "object",
        properties: { node: { $ref: "#/$defs/node" } },
        $defs: { node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
      };
      expect(() => toGeminiSchema("tree", tree as JsonSchema)).toThrow('"$ref" at /properties/node/properties/children/items');
      expect(() => toGeminiSchema("tree", tree as JsonSchema)).toThrow("refers back to itself");
    });
  });
});
