import { afterEach, describe, expect, it } from "vitest";
import type { Message } from "@baton/core";
import { collect, startHarness, type Harness } from "./support/anthropic-harness.js";
import { textAnswer } from "./support/anthropic-events.js";
import { toAnthropicMessages } from "../src/index.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

/**
 * A conversation as the loop leaves it after making tool-call ids unique: the model
 * sent `toolu_1` twice in one turn (the second became `toolu_1~2`), and `toolu_4`
 * was already used by another agent of the run tree (it became `toolu_4~3`).
 * `toolu_3` was never renamed and has no `providerToolCallId`.
 */
const RENAMED: Message[] = [
  { role: "user", content: [{ type: "text", text: "Weather in Paris and Rome, time in Oslo." }] },
  {
    role: "assistant",
    content: [
      { type: "tool-call", toolCallId: "toolu_1", toolName: "weather", arguments: { city: "Paris" } },
      { type: "tool-call", toolCallId: "toolu_1~2", providerToolCallId: "toolu_1", toolName: "weather", arguments: { city: "Rome" } },
      { type: "tool-call", toolCallId: "toolu_3", toolName: "time", arguments: { city: "Oslo" } },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "toolu_1", toolName: "weather", result: "sunny" },
      { type: "tool-result", toolCallId: "toolu_1~2", providerToolCallId: "toolu_1", toolName: "weather", result: "rainy", isError: true },
      { type: "tool-result", toolCallId: "toolu_3", toolName: "time", result: "14:00" },
    ],
  },
  {
    role: "assistant",
    content: [{ type: "tool-call", toolCallId: "toolu_4~3", providerToolCallId: "toolu_4", toolName: "time", arguments: { city: "Rome" } }],
  },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "toolu_4~3", providerToolCallId: "toolu_4", toolName: "time", result: "15:00" }] },
];

const EXPECTED_MESSAGES = [
  { role: "user", content: [{ type: "text", text: "Weather in Paris and Rome, time in Oslo." }] },
  {
    role: "assistant",
    content: [
      { type: "tool_use", id: "toolu_1", name: "weather", input: { city: "Paris" } },
      { type: "tool_use", id: "toolu_1", name: "weather", input: { city: "Rome" } },
      { type: "tool_use", id: "toolu_3", name: "time", input: { city: "Oslo" } },
    ],
  },
  {
    role: "user",
    content: [
      { type: "tool_result", tool_use_id: "toolu_1", content: "sunny" },
      { type: "tool_result", tool_use_id: "toolu_1", content: "rainy", is_error: true },
      { type: "tool_result", tool_use_id: "toolu_3", content: "14:00" },
    ],
  },
  { role: "assistant", content: [{ type: "tool_use", id: "toolu_4", name: "time", input: { city: "Rome" } }] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_4", content: "15:00" }] },
];

describe("tool-call ids renamed by the loop", () => {
  it("toAnthropicMessages sends the provider's ids on tool_use and tool_result blocks; unrenamed ids are unchanged", () => {
    expect(toAnthropicMessages(RENAMED)).toEqual({ messages: EXPECTED_MESSAGES });
  });

  it("the request body on the wire carries only the provider's ids", async () => {
    harness = await startHarness();
    harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: textAnswer("msg_ok", ["ok"], { input: 5, output: 1 }) });
    await collect(harness.provider.stream({ model: "claude-haiku-4-5", messages: RENAMED }));
    const body = harness.server.requests[0]!.body as Record<string, unknown>;
    expect(body.messages).toEqual(EXPECTED_MESSAGES);
    expect(JSON.stringify(body)).not.toContain("~");
  });
});
