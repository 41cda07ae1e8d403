import { describe, expect, it } from "vitest";
import { messageText, systemMessage, toolCallsOf, userMessage } from "./message.js";
import { toolUsagePrompt } from "../tools/tool-usage-prompt.js";

describe("message helpers", () => {
  it("build user and system messages and read their text", () => {
    expect(userMessage("hi")).toEqual({ role: "user", content: [{ type: "text", text: "hi" }] });
    expect(systemMessage("be brief")).toEqual({ role: "system", content: "be brief" });
    expect(
      messageText({
        role: "assistant",
        content: [
          { type: "reasoning", text: "x" },
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      }),
    ).toBe("ab");
    expect(messageText(systemMessage("s"))).toBe("s");
  });

  it("list an assistant message's tool calls in order", () => {
    const calls = toolCallsOf({
      role: "assistant",
      content: [
        { type: "tool-call", toolCallId: "1", toolName: "a", arguments: {} },
        { type: "text", text: "and" },
        { type: "tool-call", toolCallId: "2", toolName: "b", arguments: {} },
      ],
    });
    expect(calls.map((c) => c.toolName)).toEqual(["a", "b"]);
    expect(toolCallsOf(userMessage("x"))).toEqual([]);
  });

  it("render the tool-usage section from selection rules", () => {
    expect(toolUsagePrompt([{ name: "search", selectionRule: "for facts\nnot for math" }, { name: "calc" }])).toBe(
      "## Tools\n- search: for facts\n  not for math",
    );
    expect(toolUsagePrompt([{ name: "calc" }])).toBe("");
  });
});
