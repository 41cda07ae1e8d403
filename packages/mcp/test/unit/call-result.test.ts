import { describe, expect, it } from "vitest";
import { McpToolError, toBatonResult, toResultPart } from "../../src/index.js";

describe("toBatonResult", () => {
  it("gives the text of a text-only result, blocks joined by newlines", () => {
    expect(
      toBatonResult(
        {
          content: [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ],
        },
        "t",
        "s",
      ),
    ).toBe("a\nb");
    expect(toBatonResult({ content: [] }, "t", "s")).toBe("");
  });

  it("gives structuredContent as it is when the tool sent it", () => {
    expect(toBatonResult({ content: [{ type: "text", text: '{"n":1}' }], structuredContent: { n: 1 } }, "t", "s")).toEqual({ n: 1 });
  });

  it("gives result parts when there is more than text", () => {
    expect(
      toBatonResult(
        {
          content: [
            { type: "audio", data: "AAA=", mimeType: "audio/wav" },
            { type: "resource", resource: { uri: "file:///a.bin", blob: "AQI=", mimeType: "application/octet-stream" } },
            { type: "resource_link", uri: "file:///b.txt", name: "b.txt", description: "B" },
          ],
        },
        "t",
        "s",
      ),
    ).toEqual([
      { type: "audio", mediaType: "audio/wav", data: "AAA=" },
      { type: "resource", uri: "file:///a.bin", mediaType: "application/octet-stream", data: "AQI=" },
      { type: "resource-link", uri: "file:///b.txt", name: "b.txt", description: "B" },
    ]);
  });

  it("throws McpToolError with the text of an isError result, or a default message", () => {
    expect(() => toBatonResult({ content: [{ type: "text", text: "no such file" }], isError: true }, "fs_read", "fs")).toThrow(McpToolError);
    try {
      toBatonResult({ content: [], isError: true }, "fs_read", "fs");
    } catch (error) {
      expect(error).toMatchObject({
        code: "TOOL_EXECUTION_FAILED",
        message: 'MCP tool "fs_read" reported an error.',
        details: { toolName: "fs_read", server: "fs" },
      });
    }
  });

  it("keeps an unknown block type as JSON text", () => {
    expect(toResultPart({ type: "video", url: "x" } as never)).toEqual({ type: "text", text: '{"type":"video","url":"x"}' });
  });
});
