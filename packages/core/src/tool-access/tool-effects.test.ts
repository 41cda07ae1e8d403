import { describe, expect, it } from "vitest";
import type { Tool, ToolEffects, ToolPreset } from "../tools/index.js";
import { toolEffects } from "./tool-effects.js";

const tool = (preset?: ToolPreset, effects?: ToolEffects): Tool => ({
  name: "t",
  description: "T.",
  parameters: { type: "object" },
  execute: () => 1,
  ...(preset === undefined ? {} : { preset }),
  ...(effects === undefined ? {} : { effects }),
});

describe("toolEffects", () => {
  it("is the declared effects, whatever the preset", () => {
    expect(toolEffects(tool(undefined, "once"))).toBe("once");
    expect(toolEffects(tool("readwrite", "idempotent"))).toBe("idempotent");
    expect(toolEffects(tool("readonly", "once"))).toBe("once");
  });

  it("without a declaration: idempotent for a readonly tool, once for any other", () => {
    expect(toolEffects(tool("readonly"))).toBe("idempotent");
    expect(toolEffects(tool("readwrite"))).toBe("once");
    expect(toolEffects(tool("full"))).toBe("once");
    expect(toolEffects(tool())).toBe("once");
  });
});
