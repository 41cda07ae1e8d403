import { afterEach, describe, expect, it, vi } from "vitest";
import { optionalZod } from "./optional-zod.js";
import { defineTool } from "../define-tool/define-tool.js";
import { createToolRegistry } from "../registry/create-tool-registry.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("without zod installed", () => {
  it("JSON Schema tools never load zod", () => {
    const core = vi.spyOn(optionalZod, "core");
    const converter = vi.spyOn(optionalZod, "zodToJsonSchema");
    const tool = defineTool({
      name: "echo",
      description: "Echoes.",
      parameters: { type: "object", properties: { text: { type: "string", default: "hi" } } },
      execute: ({ text }) => text,
    });
    expect(tool.parameters).toStrictEqual({ type: "object", properties: { text: { type: "string", default: "hi" } } });
    expect(tool.validate?.({})).toStrictEqual({ success: true, value: { text: "hi" } });
    expect(createToolRegistry([tool]).definitions()).toHaveLength(1);
    expect(core).not.toHaveBeenCalled();
    expect(converter).not.toHaveBeenCalled();
  });

  it("explains what is missing when a zod schema is given and zod cannot be loaded", () => {
    vi.spyOn(optionalZod, "core").mockReturnValue(undefined);
    vi.spyOn(optionalZod, "zodToJsonSchema").mockReturnValue(undefined);
    const zod4Like = { _zod: { def: {} } };
    const zod3Like = { _def: {}, safeParse: () => ({ success: true }) };
    expect(() => defineTool({ name: "z4", description: "Z.", parameters: zod4Like as never, execute: () => 0 })).toThrow(
      /"z4" has a zod 4 schema but "zod\/v4\/core" could not be loaded/,
    );
    expect(() => defineTool({ name: "z3", description: "Z.", parameters: zod3Like as never, execute: () => 0 })).toThrow(
      /"z3" has a zod 3 schema but "zod-to-json-schema" could not be loaded/,
    );
  });

  it("a zod 4 schema without its own converter (zod mini) falls back to zod/v4/core", async () => {
    const { z } = await import("zod/mini");
    const tool = defineTool({ name: "mini", description: "Mini.", parameters: z.object({ q: z.string() }), execute: () => 0 });
    expect(tool.parameters).toStrictEqual({ type: "object", properties: { q: { type: "string" } }, required: ["q"] });
    expect(tool.validate?.({ q: 1 })).toMatchObject({ success: false });
  });
});
