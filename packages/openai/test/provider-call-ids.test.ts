import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Message } from "@baton/core";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import { chatText, collect, providerFor, request } from "./support/harness.js";

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

/** A minimal completed Responses stream. */
const DONE = [
  JSON.stringify({ type: "response.completed", response: { id: "resp_1", status: "completed", output: [], usage: { input_tokens: 1, output_tokens: 1 } } }),
];

/**
 * A conversation as the loop leaves it after making tool-call ids unique: the model
 * sent `call_1` twice in one turn (the second became `call_1~2`), and `call_4` was
 * already used by another agent of the run tree (it became `call_4~3`). `call_3`
 * was never renamed and has no `providerToolCallId`.
 */
const renamed: Message[] = [
  { role: "user", content: [{ type: "text", text: "Weather in Paris and Rome, time in Oslo, then SQL." }] },
  {
    role: "assistant",
    content: [
      { type: "tool-call", toolCallId: "call_1", toolName: "weather", arguments: { city: "Paris" } },
      { type: "tool-call", toolCallId: "call_1~2", providerToolCallId: "call_1", toolName: "weather", arguments: { city: "Rome" } },
      { type: "tool-call", toolCallId: "call_3", toolName: "time", arguments: { city: "Oslo" } },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "call_1", toolName: "weather", result: "sunny" },
      { type: "tool-result", toolCallId: "call_1~2", providerToolCallId: "call_1", toolName: "weather", result: "rainy" },
      { type: "tool-result", toolCallId: "call_3", toolName: "time", result: "14:00" },
    ],
  },
  {
    role: "assistant",
    content: [{ type: "tool-call", toolCallId: "call_4~3", providerToolCallId: "call_4", toolName: "write_sql", arguments: { input: "SELECT 1" } }],
  },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "call_4~3", providerToolCallId: "call_4", toolName: "write_sql", result: "1 row" }] },
];

describe("tool-call ids renamed by the loop", () => {
  it("Chat Completions: tool_calls and tool messages carry the provider's ids; unrenamed ids are unchanged", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: chatText(["ok"]) });
    await collect(providerFor(server).stream(request({ messages: renamed })));
    const body = server.requests.at(-1)!.body as Record<string, unknown>;
    expect(body.messages).toEqual([
      { role: "user", content: "Weather in Paris and Rome, time in Oslo, then SQL." },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } },
          { id: "call_1", type: "function", function: { name: "weather", arguments: '{"city":"Rome"}' } },
          { id: "call_3", type: "function", function: { name: "time", arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "sunny" },
      { role: "tool", tool_call_id: "call_1", content: "rainy" },
      { role: "tool", tool_call_id: "call_3", content: "14:00" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_4", type: "function", function: { name: "write_sql", arguments: '{"input":"SELECT 1"}' } }],
      },
      { role: "tool", tool_call_id: "call_4", content: "1 row" },
    ]);
    // No loop-made id reaches OpenAI.
    expect(JSON.stringify(body)).not.toContain("~");
  });

  it("Responses API: function and custom tool calls and their outputs carry the provider's ids; unrenamed ids are unchanged", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-responses", chunks: DONE });
    await collect(providerFor(server, { api: "responses", customTools: { write_sql: true } }).stream(request({ messages: renamed })));
    const body = server.requests.at(-1)!.body as Record<string, unknown>;
    expect(body.input).toEqual([
      { role: "user", content: [{ type: "input_text", text: "Weather in Paris and Rome, time in Oslo, then SQL." }] },
      { type: "function_call", call_id: "call_1", name: "weather", arguments: '{"city":"Paris"}' },
      { type: "function_call", call_id: "call_1", name: "weather", arguments: '{"city":"Rome"}' },
      { type: "function_call", call_id: "call_3", name: "time", arguments: '{"city":"Oslo"}' },
      { type: "function_call_output", call_id: "call_1", output: "sunny" },
      { type: "function_call_output", call_id: "call_1", output: "rainy" },
      { type: "function_call_output", call_id: "call_3", output: "14:00" },
      { type: "custom_tool_call", call_id: "call_4", name: "write_sql", input: "SELECT 1" },
      { type: "custom_tool_call_output", call_id: "call_4", output: "1 row" },
    ]);
    expect(JSON.stringify(body)).not.toContain("~");
  });
});
