import { InvalidToolSchemaError } from "@baton/core";
import { describe, expect, it } from "vitest";
import { assertValidToolDescription, assertValidToolName, TOOL_NAME_PATTERN } from "./tool-name.js";

describe("tool names and descriptions", () => {
  it("accept 1-64 letters, digits, '_' and '-'", () => {
    for (const name of ["a", "web_search", "fetch-page", "Tool42", "x".repeat(64)]) {
      expect(TOOL_NAME_PATTERN.test(name), name).toBe(true);
      expect(() => assertValidToolName(name)).not.toThrow();
    }
  });

  it("reject anything else with InvalidToolSchemaError", () => {
    for (const name of ["", "has space", "dot.ted", "x".repeat(65), "émoji", 42]) {
      expect(() => assertValidToolName(name), String(name)).toThrow(InvalidToolSchemaError);
    }
  });

  it("require a non-blank description", () => {
    expect(() => assertValidToolDescription("t", "Does things.")).not.toThrow();
    expect(() => assertValidToolDescription("t", " \n")).toThrow(/Invalid tool "t": a non-empty description/);
    expect(() => assertValidToolDescription("t", null)).toThrow(InvalidToolSchemaError);
  });
});
