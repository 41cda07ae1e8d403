import { describe, expect, it } from "vitest";
import { toolCallArgumentsText, toolResultText, toolResultValueText } from "./tool-text.js";

describe("tool text", () => {
  it("reads a result value as text: strings as they are, nothing as empty, others as JSON", () => {
    expect(toolResultValueText("plain")).toBe("plain");
    expect(toolResultValueText(undefined)).toBe("");
    expect(toolResultValueText({ sum: 3 })).toBe('{"sum":3}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toolResultValueText(cyclic)).toBe("[object Object]");
  });

  it("marks error results unless they already read as errors", () => {
    const part = { type: "tool-result", toolCallId: "1", toolName: "t" } as const;
    expect(toolResultText({ ...part, result: "boom", isError: true })).toBe("Error: boom");
    expect(toolResultText({ ...part, result: "Error (TOOL_TIMEOUT): slow", isError: true })).toBe("Error (TOOL_TIMEOUT): slow");
    expect(toolResultText({ ...part, result: { ok: true } })).toBe('{"ok":true}');
  });

  it("gives a tool call's arguments as the model sent them", () => {
    const call = { type: "tool-call", toolCallId: "1", toolName: "t", arguments: { a: 1 } } as const;
    expect(toolCallArgumentsText(call)).toBe('{"a":1}');
    expect(toolCallArgumentsText({ ...call, rawArguments: "{not json" })).toBe("{not json");
  });
});
