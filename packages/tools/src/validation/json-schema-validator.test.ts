import { afterEach, describe, expect, it, vi } from "vitest";
import { createJsonSchemaValidator } from "./json-schema-validator.js";
import { sharedAjv } from "./shared-ajv.js";

afterEach(() => {
  vi.restoreAllMocks();
});

const schema = {
  type: "object",
  properties: { q: { type: "string" }, page: { type: "integer", minimum: 1, default: 1 } },
  required: ["q"],
} as const;

describe("createJsonSchemaValidator", () => {
  it("compiles the schema once with the shared Ajv instance, however often it validates", () => {
    const compile = vi.spyOn(sharedAjv(), "compile");
    const validate = createJsonSchemaValidator("search", schema);
    expect(validate({ q: "a" })).toStrictEqual({ success: true, value: { q: "a", page: 1 } });
    expect(validate({ q: "b", page: 0 })).toStrictEqual({ success: false, issues: ["page: must be >= 1"] });
    expect(validate({})).toStrictEqual({ success: false, issues: ["q: Required"] });
    expect(compile).toHaveBeenCalledTimes(1);
    expect(compile).toHaveBeenCalledWith(schema);
  });

  it("validates a copy and leaves the caller's arguments untouched", () => {
    const validate = createJsonSchemaValidator("search", schema);
    const args = { q: "a" };
    const check = validate(args);
    expect(check).toStrictEqual({ success: true, value: { q: "a", page: 1 } });
    expect(args).toStrictEqual({ q: "a" });
  });

  it("reports arguments that are not plain data instead of throwing", () => {
    const validate = createJsonSchemaValidator("search", schema);
    expect(validate({ q: () => 1 })).toStrictEqual({ success: false, issues: ["(root): Expected plain JSON arguments"] });
  });

  it("words type errors with what was received", () => {
    const validate = createJsonSchemaValidator("t", {
      type: "object",
      properties: { a: { type: ["string", "null"] }, b: { type: "array" }, c: { type: "boolean" } },
    });
    expect(validate({ a: 1.5, b: {}, c: null })).toStrictEqual({
      success: false,
      issues: ["a: Expected string or null, received number", "b: Expected array, received object", "c: Expected boolean, received null"],
    });
  });
});
