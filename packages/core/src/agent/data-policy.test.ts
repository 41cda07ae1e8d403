import { describe, expect, it } from "vitest";
import type { Message } from "../messages/index.js";
import { STORE_EVERYTHING, applyDataPolicy } from "./data-policy.js";

const conversation: Message[] = [
  { role: "system", content: "sys" },
  { role: "user", content: [{ type: "text", text: "q" }] },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "hmm" },
      { type: "text", text: "calling" },
      { type: "tool-call", toolCallId: "1", toolName: "research", arguments: {} },
      { type: "tool-call", toolCallId: "2", toolName: "memory", arguments: {} },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "1", toolName: "research", result: "r" },
      { type: "tool-result", toolCallId: "2", toolName: "memory", result: "m" },
    ],
  },
];

describe("applyDataPolicy", () => {
  it("keeps everything under STORE_EVERYTHING", () => {
    expect(applyDataPolicy(conversation, STORE_EVERYTHING)).toEqual(conversation);
  });

  it("filters tool calls and results by tool name", () => {
    const onlyResearch = (name: string) => name === "research";
    const stored = applyDataPolicy(conversation, { ...STORE_EVERYTHING, filterToolCalls: onlyResearch, filterToolResults: onlyResearch });
    expect(JSON.stringify(stored)).not.toContain("memory");
    expect(stored[2]!.content).toHaveLength(3);
    expect(stored[3]!.content).toEqual([{ type: "tool-result", toolCallId: "1", toolName: "research", result: "r" }]);
  });

  it("drops text and reasoning without storeText, and messages left empty", () => {
    const stored = applyDataPolicy(conversation, { storeText: false, storeToolCalls: false, storeToolResults: false });
    expect(stored).toEqual(conversation.slice(0, 2));
  });
});
