import { describe, expect, it, vi } from "vitest";

// Simulates an application that installed @baton/tools without zod: both optional
// imports fail, as they would with the packages absent.
vi.mock("zod/v4/core", () => {
  throw new Error("Cannot find package 'zod'");
});
vi.mock("zod-to-json-schema", () => {
  throw new Error("Cannot find package 'zod'");
});

describe("without zod installed", () => {
  it("loads and works with JSON Schema", async () => {
    const optional = await import("./optional-zod.js");
    expect(optional.zodCore).toBeUndefined();
    expect(optional.zodToJsonSchemaModule).toBeUndefined();

    const { defineTool, createToolRegistry } = await import("../index.js");
    const tool = defineTool({
      name: "echo",
      description: "Echoes.",
      parameters: { type: "object", properties: { text: { type: "string", default: "hi" } } },
      execute: ({ text }) => text,
    });
    expect(tool.parameters).toStrictEqual({ type: "object", properties: { text: { type: "string", default: "hi" } } });
    expect(tool.validate?.({})).toStrictEqual({ success: true, value: { text: "hi" } });
    expect(createToolRegistry([tool]).definitions()).toHaveLength(1);
  });

  it("explains what is missing when a zod schema is given", async () => {
    const { defineTool } = await import("../index.js");
    const zod4Like = { _zod: { def: {} } };
    const zod3Like = { _def: {}, safeParse: () => ({ success: true }) };
    expect(() => defineTool({ name: "z4", description: "Z.", parameters: zod4Like as never, execute: () => 0 })).toThrow(
      /"z4" has a zod 4 schema but "zod\/v4\/core" could not be loaded/,
    );
    expect(() => defineTool({ name: "z3", description: "Z.", parameters: zod3Like as never, execute: () => 0 })).toThrow(
      /"z3" has a zod 3 schema but "zod-to-json-schema" could not be loaded/,
    );
  });
});
