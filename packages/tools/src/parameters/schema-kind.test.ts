import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import * as zm from "zod/mini";
import { isZod3Schema, isZod4Schema, schemaKind } from "./schema-kind.js";

describe("schemaKind", () => {
  it("tells zod 4 (classic and mini), zod 3 and JSON Schema apart", () => {
    expect(schemaKind(z.object({}))).toBe("zod4");
    expect(schemaKind(zm.object({}))).toBe("zod4");
    expect(schemaKind(z3.object({}))).toBe("zod3");
    expect(schemaKind({ type: "object", properties: {} })).toBe("json-schema");
  });

  it("does not take a zod 4 schema (which also has _def) for zod 3", () => {
    expect(isZod3Schema(z.string())).toBe(false);
    expect(isZod4Schema(z3.string())).toBe(false);
    expect(isZod3Schema({ _def: {} })).toBe(false);
  });
});
