import { afterEach, describe, expect, it } from "vitest";
import type { Message } from "@baton/core";
import { toGeminiContents } from "../src/index.js";
import { collect, startHarness, type Harness } from "./support/provider-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

const DONE = ['{"candidates":[{"content":{"role":"model","parts":[{"text":"ok"}]},"finishReason":"STOP"}]}'];

/**
 * A conversation as the loop leaves it after making tool-call ids unique. The
 * reasoning parts carry the ids Gemini gave the calls (the stream mapper's
 * `reasoning-delta` ids), while the calls were renamed:
 * - Gemini sent `fc_dup` on two calls, each with its own thought signature: the
 *   second became `fc_dup~2`;
 * - `call_r1_0` was already used by another agent of the run tree: it became `call_r1_0~3`;
 * - `call_r1_1` was never renamed (no `providerToolCallId`) and keeps its signature.
 */
const RENAMED: Message[] = [
  { role: "user", content: [{ type: "text", text: "Weather in Paris and Rome, then the time." }] },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "", id: "fc_dup", signature: "sig-paris" },
      { type: "reasoning", text: "", id: "fc_dup", signature: "sig-rome" },
      { type: "tool-call", toolCallId: "fc_dup", toolName: "weather", arguments: { city: "Paris" } },
      { type: "tool-call", toolCallId: "fc_dup~2", providerToolCallId: "fc_dup", toolName: "weather", arguments: { city: "Rome" } },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "fc_dup", toolName: "weather", result: "sunny" },
      { type: "tool-result", toolCallId: "fc_dup~2", providerToolCallId: "fc_dup", toolName: "weather", result: "rainy" },
    ],
  },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "Now the clocks.", id: "call_r1_0", signature: "sig-renamed" },
      { type: "reasoning", text: "", id: "call_r1_1", signature: "sig-plain" },
      { type: "tool-call", toolCallId: "call_r1_0~3", providerToolCallId: "call_r1_0", toolName: "clock", arguments: { city: "Paris" } },
      { type: "tool-call", toolCallId: "call_r1_1", toolName: "clock", arguments: { city: "Rome" } },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "call_r1_0~3", providerToolCallId: "call_r1_0", toolName: "clock", result: "14:00" },
      { type: "tool-result", toolCallId: "call_r1_1", toolName: "clock", result: "broken", isError: true },
    ],
  },
];

const EXPECTED_CONTENTS = [
  { role: "user", parts: [{ text: "Weather in Paris and Rome, then the time." }] },
  {
    role: "model",
    parts: [
      // Each signature goes back once, on the call Gemini put it on, in order.
      { functionCall: { name: "weather", args: { city: "Paris" } }, thoughtSignature: "sig-paris" },
      { functionCall: { name: "weather", args: { city: "Rome" } }, thoughtSignature: "sig-rome" },
    ],
  },
  {
    role: "user",
    parts: [{ functionResponse: { name: "weather", response: { output: "sunny" } } }, { functionResponse: { name: "weather", response: { output: "rainy" } } }],
  },
  {
    role: "model",
    parts: [
      // The reasoning's text is a thought part; its signature goes on the renamed call it belongs to.
      { text: "Now the clocks.", thought: true },
      { functionCall: { name: "clock", args: { city: "Paris" } }, thoughtSignature: "sig-renamed" },
      { functionCall: { name: "clock", args: { city: "Rome" } }, thoughtSignature: "sig-plain" },
    ],
  },
  {
    role: "user",
    parts: [{ functionResponse: { name: "clock", response: { output: "14:00" } } }, { functionResponse: { name: "clock", response: { error: "broken" } } }],
  },
];

describe("tool-call ids renamed by the loop", () => {
  it("toGeminiContents finds each call's thought signature by the provider's id, and leaves unrenamed calls as they were", () => {
    expect(toGeminiContents(RENAMED)).toEqual({ contents: EXPECTED_CONTENTS });
  });

  it("one signature for two calls sharing a provider id goes on the first call only", () => {
    const { contents } = toGeminiContents([
      {
        role: "assistant",
        content: [
          { type: "reasoning", text: "", id: "fc_7", signature: "sig-7" },
          { type: "tool-call", toolCallId: "fc_7", toolName: "clock", arguments: {} },
          { type: "tool-call", toolCallId: "fc_7~2", providerToolCallId: "fc_7", toolName: "clock", arguments: {} },
        ],
      },
    ]);
    expect(contents).toEqual([
      {
        role: "model",
        parts: [{ functionCall: { name: "clock", args: {} }, thoughtSignature: "sig-7" }, { functionCall: { name: "clock", args: {} } }],
      },
    ]);
  });

  it("the request body on the wire has the signatures on their calls and no loop-made id", async () => {
    harness = await startHarness();
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: DONE });
    await collect(harness.provider.stream({ model: "gemini-2.5-flash", messages: RENAMED }));
    const body = harness.server.requests[0]!.body as Record<string, unknown>;
    expect(body.contents).toEqual(EXPECTED_CONTENTS);
    expect(JSON.stringify(body)).not.toContain("~");
  });
});
