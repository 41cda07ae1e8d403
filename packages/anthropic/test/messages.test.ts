import { describe, expect, it } from "vitest";
import { toAnthropicMessages } from "../src/index.js";

describe("toAnthropicMessages", () => {
  it("merges consecutive assistant turns with all their thinking first, and drops blank text and empty turns", () => {
    expect(
      toAnthropicMessages([
        {
          role: "user",
          content: [
            { type: "text", text: "Go" },
            { type: "text", text: "  " },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "reasoning", text: "a", signature: "s1" },
            { type: "text", text: "First." },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "reasoning", text: "b", signature: "s2" },
            { type: "text", text: "" },
            { type: "text", text: "Second." },
          ],
        },
        { role: "assistant", content: [{ type: "reasoning", text: "no signature" }] },
        { role: "system", content: "  " },
      ]),
    ).toEqual({
      messages: [
        { role: "user", content: [{ type: "text", text: "Go" }] },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "a", signature: "s1" },
            { type: "thinking", thinking: "b", signature: "s2" },
            { type: "text", text: "First." },
            { type: "text", text: "Second." },
          ],
        },
      ],
    });
  });

  it("puts consecutive tool messages in one user turn and sends results as text or JSON", () => {
    const { messages } = toAnthropicMessages([
      { role: "user", content: [{ type: "text", text: "Go" }] },
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "t1", toolName: "a", arguments: {} },
          { type: "tool-call", toolCallId: "t2", toolName: "b", arguments: [1, 2] },
        ],
      },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "t1", toolName: "a", result: "plain" }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "t2", toolName: "b", result: undefined, isError: false }] },
    ]);
    expect(messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "t1", name: "a", input: {} },
          { type: "tool_use", id: "t2", name: "b", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: "plain" },
          { type: "tool_result", tool_use_id: "t2" },
        ],
      },
    ]);
  });
});
