import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigurationError, ContextLengthExceededError, InvalidRequestError, type ModelStreamPart } from "@baton/core";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import OpenAI from "openai";
import { createOpenAIProvider } from "../src/index.js";
import { assemble, chatChunk, chatUsageChunk, collect, providerFor, request } from "./support/harness.js";

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(async () => {
  await server.close();
});

const chat = async (chunks: string[]): Promise<ModelStreamPart[]> => {
  server.enqueue({ kind: "stream", protocol: "openai-chat", chunks });
  return collect(providerFor(server).stream(request()));
};
const responses = async (events: object[]): Promise<ModelStreamPart[]> => {
  server.enqueue({ kind: "stream", protocol: "openai-responses", chunks: events.map((event) => JSON.stringify(event)) });
  return collect(providerFor(server, { api: "responses", retry: { maxRetries: 0 } }).stream(request()));
};

describe("Chat Completions finish reasons and usage", () => {
  it("maps stop, tool_calls, function_call, length, content_filter and anything else", async () => {
    const reasons = [];
    for (const reason of ["stop", "tool_calls", "function_call", "length", "content_filter", "eos"]) {
      reasons.push(assemble(await chat([chatChunk({ content: "x" }), chatChunk({}, reason)])).finish);
    }
    expect(reasons).toEqual(["stop", "tool_calls", "tool_calls", "length", "content_filter", "other"].map((reason) => ({ type: "finish", reason })));
  });

  it("a `stop` after tool calls (some compatible servers) is tool_calls", async () => {
    const parts = await chat([chatChunk({ tool_calls: [{ index: 0, id: "c1", function: { name: "f", arguments: "{}" } }] }), chatChunk({}, "stop")]);
    expect(assemble(parts).finish).toEqual({ type: "finish", reason: "tool_calls" });
  });

  it("a refusal is text, and the finish reason is content_filter", async () => {
    const { text, finish } = assemble(await chat([chatChunk({ refusal: "I can't help " }), chatChunk({ refusal: "with that." }), chatChunk({}, "stop")]));
    expect(text).toBe("I can't help with that.");
    expect(finish).toEqual({ type: "finish", reason: "content_filter" });
  });

  it("usage: cached and reasoning tokens, emitted once after the finish reason arrived", async () => {
    const parts = await chat([chatChunk({ content: "x" }), chatChunk({}, "stop"), chatUsageChunk(1200, 300, 1024, 256)]);
    const usage = { inputTokens: 1200, outputTokens: 300, cachedInputTokens: 1024, reasoningTokens: 256 };
    expect(parts).toEqual([
      { type: "text-delta", text: "x" },
      { type: "usage", usage },
      { type: "finish", reason: "stop", usage },
    ]);
  });

  it("tool calls without an index (older compatible servers) are numbered by position", async () => {
    const parts = await chat([
      chatChunk({
        tool_calls: [
          { id: "a", function: { name: "f", arguments: "{}" } },
          { id: "b", function: { name: "g", arguments: "{}" } },
        ],
      }),
      chatChunk({}, "tool_calls"),
    ]);
    expect(assemble(parts).toolCalls.map((call) => [call.index, call.id, call.name])).toEqual([
      [0, "a", "f"],
      [1, "b", "g"],
    ]);
  });
});

describe("Responses API endings", () => {
  const usage = { input_tokens: 40, input_tokens_details: { cached_tokens: 32 }, output_tokens: 90, output_tokens_details: { reasoning_tokens: 64 } };

  it("response.incomplete for max_output_tokens ends with `length` and its usage", async () => {
    const parts = await responses([
      { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "Once upon" },
      { type: "response.incomplete", response: { id: "r", status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, usage } },
    ]);
    const tokens = { inputTokens: 40, outputTokens: 90, cachedInputTokens: 32, reasoningTokens: 64 };
    expect(parts).toEqual([
      { type: "text-delta", text: "Once upon" },
      { type: "usage", usage: tokens },
      { type: "finish", reason: "length", usage: tokens },
    ]);
  });

  it("response.incomplete for content_filter, and a refusal, end with content_filter", async () => {
    const filtered = await responses([{ type: "response.incomplete", response: { incomplete_details: { reason: "content_filter" } } }]);
    expect(filtered).toEqual([{ type: "finish", reason: "content_filter" }]);
    const refused = await responses([
      { type: "response.refusal.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "I can't." },
      { type: "response.completed", response: { status: "completed" } },
    ]);
    expect(refused).toEqual([
      { type: "text-delta", text: "I can't." },
      { type: "finish", reason: "content_filter" },
    ]);
  });

  it("several summary parts of one reasoning item stay one block, as paragraphs; raw reasoning text too", async () => {
    const { reasoning } = assemble(
      await responses([
        { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", id: "rs_1", summary: [] } },
        { type: "response.reasoning_summary_part.added", item_id: "rs_1", output_index: 0, summary_index: 0 },
        { type: "response.reasoning_summary_text.delta", item_id: "rs_1", output_index: 0, summary_index: 0, delta: "First." },
        { type: "response.reasoning_summary_part.added", item_id: "rs_1", output_index: 0, summary_index: 1 },
        { type: "response.reasoning_summary_text.delta", item_id: "rs_1", output_index: 0, summary_index: 1, delta: "Second." },
        { type: "response.output_item.done", output_index: 0, item: { type: "reasoning", id: "rs_1", summary: [] } },
        { type: "response.reasoning_text.delta", item_id: "rs_2", output_index: 1, content_index: 0, delta: "raw thinking" },
        { type: "response.completed", response: {} },
      ]),
    );
    expect(reasoning).toEqual([
      { id: "rs_1", text: "First.\n\nSecond." },
      { id: "rs_2", text: "raw thinking" },
    ]);
  });

  it("parallel function calls stream by index, interleaved; arguments sent only with the finished item are kept", async () => {
    const parts = await responses([
      { type: "response.output_item.added", output_index: 0, item: { type: "function_call", id: "fc_1", call_id: "call_1", name: "weather", arguments: "" } },
      { type: "response.output_item.added", output_index: 1, item: { type: "function_call", id: "fc_2", call_id: "call_2", name: "time", arguments: "" } },
      { type: "response.function_call_arguments.delta", item_id: "fc_2", output_index: 1, delta: '{"city":' },
      { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 0, delta: '{"city":"Rome"}' },
      { type: "response.function_call_arguments.delta", item_id: "fc_2", output_index: 1, delta: '"Oslo"}' },
      { type: "response.output_item.added", output_index: 2, item: { type: "function_call", id: "fc_3", call_id: "call_3", name: "date", arguments: "" } },
      {
        type: "response.output_item.done",
        output_index: 2,
        item: { type: "function_call", id: "fc_3", call_id: "call_3", name: "date", arguments: '{"tz":"UTC"}' },
      },
      { type: "response.completed", response: {} },
    ]);
    expect(parts.filter((part) => part.type === "tool-call-delta").map((part) => (part.type === "tool-call-delta" ? part.index : -1))).toEqual([
      0, 1, 1, 0, 1, 2, 2,
    ]);
    expect(assemble(parts).toolCalls).toEqual([
      { index: 0, id: "call_1", name: "weather", arguments: '{"city":"Rome"}' },
      { index: 1, id: "call_2", name: "time", arguments: '{"city":"Oslo"}' },
      { index: 2, id: "call_3", name: "date", arguments: '{"tz":"UTC"}' },
    ]);
    expect(assemble(parts).finish).toEqual({ type: "finish", reason: "tool_calls" });
  });

  it("response.failed throws the typed error of its code", async () => {
    const error = await responses([
      { type: "response.output_text.delta", item_id: "m", output_index: 0, content_index: 0, delta: "a" },
      {
        type: "response.failed",
        response: { status: "failed", error: { code: "context_length_exceeded", message: "Your input exceeds the context window of this model." } },
      },
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContextLengthExceededError);
    expect((error as Error).message).toBe("openai: Your input exceeds the context window of this model.");
  });

  it("an error event with its fields at the top level is typed too", async () => {
    const error = await responses([{ type: "error", code: "invalid_prompt", message: "Invalid prompt.", param: null, sequence_number: 1 }]).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ message: "openai: Invalid prompt.", providerCode: "invalid_prompt" });
  });
});

describe("options", () => {
  it("refuses custom tools outside the Responses API and an unknown api", () => {
    expect(() => createOpenAIProvider({ apiKey: "k", customTools: { sql: true } })).toThrow(ConfigurationError);
    expect(() => createOpenAIProvider({ apiKey: "k", api: "assistants" as "chat" })).toThrow('openai: unknown api "assistants"; use "chat" or "responses".');
  });

  it("a client given by the caller is used with its own retries turned off per request", async () => {
    const client = new OpenAI({ apiKey: "k", baseURL: `${server.url}/v1`, maxRetries: 5 });
    const provider = createOpenAIProvider({ client, retry: { maxRetries: 0 } });
    expect(provider.client).toBe(client);
    const before = server.requests.length;
    server.enqueue({ kind: "json", status: 500, body: { error: { message: "boom" } } });
    await expect(collect(provider.stream(request()))).rejects.toThrow("openai: boom");
    expect(server.requests.length - before).toBe(1);
  });

  it("sends the API key and extra headers", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: [chatChunk({ content: "x" }, "stop")] });
    await collect(createOpenAIProvider({ apiKey: "sk-abc", baseURL: `${server.url}/v1`, headers: { "x-team": "baton" } }).stream(request()));
    expect(server.requests.at(-1)?.headers).toMatchObject({ authorization: "Bearer sk-abc", "x-team": "baton" });
  });
});
