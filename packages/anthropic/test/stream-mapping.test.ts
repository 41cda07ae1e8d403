import { describe, expect, it } from "vitest";
import type { ModelStreamPart } from "@baton/core";
import { mapAnthropicStream, toFinishReason, type AnthropicStreamEvent } from "../src/index.js";
import { assemble } from "./support/anthropic-harness.js";
import { MESSAGE_STOP, messageDelta, messageStart, redactedThinkingBlock, textBlock, thinkingBlock } from "./support/anthropic-events.js";

async function map(lines: readonly string[]): Promise<ModelStreamPart[]> {
  async function* events(): AsyncGenerator<AnthropicStreamEvent> {
    for (const line of lines) yield JSON.parse(line) as AnthropicStreamEvent;
  }
  const parts: ModelStreamPart[] = [];
  for await (const part of mapAnthropicStream(events())) parts.push(part);
  return parts;
}

describe("mapAnthropicStream", () => {
  it("keeps redacted and signed thinking blocks apart by id, ahead of the text", async () => {
    const parts = await map([
      messageStart("msg_r"),
      ...redactedThinkingBlock(0, "EmwKAhgB"),
      ...thinkingBlock(1, ["Let me ", "check."], "sig-b"),
      ...textBlock(2, ["Done."]),
      messageDelta("end_turn", 30),
      MESSAGE_STOP,
    ]);
    expect(parts.slice(0, 4)).toEqual([
      { type: "reasoning-delta", text: "", id: "msg_r:0", redactedData: "EmwKAhgB" },
      { type: "reasoning-delta", text: "Let me ", id: "msg_r:1" },
      { type: "reasoning-delta", text: "check.", id: "msg_r:1" },
      { type: "reasoning-delta", text: "", id: "msg_r:1", signature: "sig-b" },
    ]);
    expect(assemble(parts)).toMatchObject({
      text: "Done.",
      reasoning: [
        { type: "reasoning", text: "", id: "msg_r:0", redactedData: "EmwKAhgB" },
        { type: "reasoning", text: "Let me check.", id: "msg_r:1", signature: "sig-b" },
      ],
    });
  });

  it("counts cache reads and writes as input, cache reads as cached input, and thinking tokens as reasoning", async () => {
    const parts = await map([
      messageStart("msg_u", { input: 100, cacheRead: 800, cacheWrite: 50 }),
      ...textBlock(0, ["x"]),
      messageDelta("end_turn", 40, 25),
      MESSAGE_STOP,
    ]);
    expect(parts.at(-1)).toEqual({
      type: "finish",
      reason: "stop",
      usage: { inputTokens: 950, outputTokens: 40, cachedInputTokens: 800, reasoningTokens: 25 },
    });
  });

  it("sends a tool input given whole on the start block when no deltas follow", async () => {
    const parts = await map([
      messageStart("msg_t"),
      JSON.stringify({ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_w", name: "weather", input: { city: "Oslo" } } }),
      JSON.stringify({ type: "content_block_stop", index: 0 }),
      messageDelta("tool_use", 9),
      MESSAGE_STOP,
    ]);
    expect(parts.filter((part) => part.type === "tool-call-delta")).toEqual([
      { type: "tool-call-delta", index: 0, id: "toolu_w", name: "weather", argumentsDelta: "" },
      { type: "tool-call-delta", index: 0, argumentsDelta: '{"city":"Oslo"}' },
    ]);
  });

  it("skips server-tool blocks and citations", async () => {
    const parts = await map([
      messageStart("msg_s"),
      JSON.stringify({ type: "content_block_start", index: 0, content_block: { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} } }),
      JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"query":"x"}' } }),
      JSON.stringify({ type: "content_block_stop", index: 0 }),
      JSON.stringify({ type: "content_block_start", index: 1, content_block: { type: "text", text: "" } }),
      JSON.stringify({ type: "content_block_delta", index: 1, delta: { type: "citations_delta", citation: { type: "char_location" } } }),
      JSON.stringify({ type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Cited." } }),
      JSON.stringify({ type: "content_block_stop", index: 1 }),
      messageDelta("end_turn", 9),
      MESSAGE_STOP,
    ]);
    expect(assemble(parts)).toMatchObject({ text: "Cited.", toolCalls: [] });
    expect(parts.some((part) => part.type === "tool-call-delta")).toBe(false);
  });

  it("maps every stop reason", () => {
    expect(
      ["end_turn", "stop_sequence", "tool_use", "max_tokens", "model_context_window_exceeded", "refusal", "pause_turn", null, "something_new"].map(
        toFinishReason,
      ),
    ).toEqual(["stop", "stop", "tool_calls", "length", "length", "content_filter", "other", "other", "other"]);
  });
});
