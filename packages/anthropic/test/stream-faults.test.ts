import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { ContextLengthExceededError, ProviderStreamError, type ModelStreamPart } from "@baton/core";
import { ANTHROPIC_CONTEXT_LENGTH_PATTERNS, createAnthropicProvider, mapAnthropicStream, type AnthropicStreamEvent } from "../src/index.js";
import { assemble, ask, collect, collectUntilError, startHarness, type Harness } from "./support/anthropic-harness.js";
import { MESSAGE_STOP, errorBody, messageDelta, messageStart, textAnswer, textBlock, thinkingBlock } from "./support/anthropic-events.js";
import { startStallingServer, type StallingServer } from "@baton/testing";

let harness: Harness | undefined;
let stalling: StallingServer | undefined;
afterEach(async () => {
  await harness?.server.close();
  await stalling?.close();
  harness = undefined;
  stalling = undefined;
});

async function mapEvents(events: readonly unknown[]): Promise<ModelStreamPart[]> {
  async function* source(): AsyncGenerator<AnthropicStreamEvent> {
    for (const event of events) yield event as AnthropicStreamEvent;
  }
  return collect(mapAnthropicStream(source()));
}

const sse = (line: string): string => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`;

describe("spliced streams", () => {
  it("ends in a ProviderStreamError at a second message_start while a message is open, merging nothing", async () => {
    harness = await startHarness({ retry: { maxRetries: 0 } });
    const jsonDelta = (index: number, partial_json: string): string =>
      JSON.stringify({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } });
    // The first response stops mid-way: a thinking block and a tool call still open.
    const first = [
      messageStart("msg_a"),
      ...thinkingBlock(0, ["Plan A"], "sig-a").slice(0, 2),
      JSON.stringify({ type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_a", name: "weather", input: {} } }),
      jsonDelta(1, '{"city":'),
    ];
    // The second reuses the same block indexes: mapped, it would merge into the first's blocks.
    const second = [messageStart("msg_b"), ...thinkingBlock(0, ["Plan B"], "sig-b"), jsonDelta(1, '"Rome"}'), messageDelta("tool_use", 9), MESSAGE_STOP];
    harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: [...first, ...second], headers: { "request-id": "req_splice" } });
    const { parts, error } = await collectUntilError(harness.provider.stream(ask("hi")));
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect(error).toMatchObject({ provider: "anthropic", providerCode: "unexpected_message_start", requestId: "req_splice" });
    const result = assemble(parts);
    expect(result.reasoning.map((block) => block.text)).toEqual(["Plan A"]);
    expect(result.toolCalls).toEqual([{ index: 1, id: "toolu_a", name: "weather", arguments: '{"city":' }]);
    expect(result.finish).toBeUndefined();
    expect(parts.some((part) => part.type === "reasoning-delta" && part.text.includes("Plan B"))).toBe(false);
  });

  it("still accepts a stream with one message_start", async () => {
    const parts = await mapEvents(
      [messageStart("msg_one"), ...textBlock(0, ["ok"]), messageDelta("end_turn", 2), MESSAGE_STOP].map((line) => JSON.parse(line) as unknown),
    );
    expect(assemble(parts)).toMatchObject({ text: "ok", finish: { reason: "stop" } });
  });
});

describe("usage with iterations (server-side compaction)", () => {
  it("sums input, output and cache tokens over the iterations, which the top-level counts leave out", async () => {
    const start = JSON.parse(messageStart("msg_c", { input: 23_000 })) as unknown;
    const delta = {
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: {
        input_tokens: 23_000,
        output_tokens: 1_000,
        cache_read_input_tokens: 100,
        cache_creation_input_tokens: 0,
        iterations: [
          { type: "compaction", input_tokens: 180_000, output_tokens: 3_500, cache_read_input_tokens: 2_000, cache_creation_input_tokens: 50 },
          { type: "message", input_tokens: 23_000, output_tokens: 1_000, cache_read_input_tokens: 100, cache_creation_input_tokens: 0 },
        ],
      },
    };
    const parts = await mapEvents([
      start,
      ...textBlock(0, ["Summary done."]).map((line) => JSON.parse(line) as unknown),
      delta,
      JSON.parse(MESSAGE_STOP) as unknown,
    ]);
    expect(assemble(parts).finish?.usage).toEqual({ inputTokens: 203_000 + 2_100 + 50, outputTokens: 4_500, cachedInputTokens: 2_100, reasoningTokens: 0 });
  });

  it("reads the iterations through the provider too", async () => {
    harness = await startHarness();
    const delta = JSON.stringify({
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: {
        output_tokens: 5,
        iterations: [
          { type: "compaction", input_tokens: 40, output_tokens: 7 },
          { type: "message", input_tokens: 10, output_tokens: 5 },
        ],
      },
    });
    harness.server.enqueue({
      kind: "stream",
      protocol: "anthropic",
      chunks: [messageStart("msg_i", { input: 10 }), ...textBlock(0, ["Hi"]), delta, MESSAGE_STOP],
    });
    const finish = assemble(await collect(harness.provider.stream(ask("hi")))).finish;
    expect(finish?.usage).toEqual({ inputTokens: 50, outputTokens: 12, cachedInputTokens: 0, reasoningTokens: 0 });
  });
});

describe("usage that is not a number", () => {
  it("counts NaN, Infinity, negative, string and missing counts as 0", async () => {
    const start = {
      type: "message_start",
      message: {
        id: "msg_n",
        type: "message",
        role: "assistant",
        content: [],
        usage: { input_tokens: Number.NaN, cache_read_input_tokens: -3, cache_creation_input_tokens: "12", output_tokens: Infinity },
      },
    };
    const delta = {
      type: "message_delta",
      delta: { stop_reason: "end_turn" },
      usage: { output_tokens: -7, output_tokens_details: { thinking_tokens: Number.NaN } },
    };
    const parts = await mapEvents([start, ...textBlock(0, ["x"]).map((line) => JSON.parse(line) as unknown), delta, JSON.parse(MESSAGE_STOP) as unknown]);
    expect(assemble(parts).finish?.usage).toEqual({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 });
  });

  it("counts a message without usage as 0 everywhere", async () => {
    const start = { type: "message_start", message: { id: "msg_m", type: "message", role: "assistant", content: [] } };
    const parts = await mapEvents([start, { type: "message_delta", delta: { stop_reason: "end_turn" } }, JSON.parse(MESSAGE_STOP) as unknown]);
    expect(assemble(parts).finish?.usage).toEqual({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 });
  });

  it("sanitizes counts that arrive over the wire (a negative, a string, a number too large for a double)", async () => {
    harness = await startHarness();
    const start =
      '{"type":"message_start","message":{"id":"msg_w","type":"message","role":"assistant","content":[],"usage":{"input_tokens":-10,"cache_read_input_tokens":"5","output_tokens":1e999}}}';
    harness.server.enqueue({
      kind: "stream",
      protocol: "anthropic",
      chunks: [start, ...textBlock(0, ["x"]), '{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1e999}}', MESSAGE_STOP],
    });
    const usage = assemble(await collect(harness.provider.stream(ask("hi")))).finish?.usage;
    expect(usage).toEqual({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 });
  });
});

describe("context-length wordings", () => {
  const examples: readonly [host: string, message: string][] = [
    ["Anthropic", "prompt is too long: 212000 tokens > 200000 maximum"],
    [
      "Anthropic (input + max_tokens)",
      "input length and `max_tokens` exceed context limit: 198000 + 8192 > 200000, decrease input length or `max_tokens` and try again",
    ],
    ["a gateway naming the error", "context_length_exceeded: request too large"],
    ["a gateway counting tokens", "Too many input tokens for this model"],
    ["Amazon Bedrock", "Input is too long for requested model."],
  ];

  it("has one example per entry of the table, each matching its own entry", () => {
    expect(examples).toHaveLength(ANTHROPIC_CONTEXT_LENGTH_PATTERNS.length);
    examples.forEach(([, message], index) => expect(ANTHROPIC_CONTEXT_LENGTH_PATTERNS[index]!.test(message)).toBe(true));
  });

  for (const [host, message] of examples) {
    it(`a 400 from ${host} ("${message.slice(0, 32)}…") rejects with ContextLengthExceededError`, async () => {
      harness = await startHarness({ retry: { maxRetries: 0 } });
      const body = host === "Amazon Bedrock" ? { message } : errorBody("invalid_request_error", message);
      harness.server.enqueue({ kind: "json", status: 400, body });
      await expect(collect(harness.provider.stream(ask("hi")))).rejects.toSatisfy(
        (error) => error instanceof ContextLengthExceededError && error.message === `anthropic: ${message}` && error.status === 400,
      );
    });
  }
});

describe("idle timeout between stream events", () => {
  const head = [messageStart("msg_s"), ...textBlock(0, ["Hel", "lo"]).slice(0, 3)].map(sse);

  async function providerOn(options: { streamIdleTimeoutMs?: number; maxRetries?: number }) {
    const client = new Anthropic({ apiKey: "test-key", baseURL: stalling!.url, maxRetries: 0 });
    return createAnthropicProvider({
      client,
      retry: { maxRetries: options.maxRetries ?? 0, initialDelayMs: 1, jitter: 0 },
      ...(options.streamIdleTimeoutMs === undefined ? {} : { streamIdleTimeoutMs: options.streamIdleTimeoutMs }),
    });
  }

  it("ends a stream that stalls after some output with a retryable ProviderStreamError", async () => {
    stalling = await startStallingServer(head);
    const provider = await providerOn({ streamIdleTimeoutMs: 200, maxRetries: 2 });
    const { parts, error } = await collectUntilError(provider.stream(ask("hi")));
    expect(assemble(parts).text).toBe("Hello");
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect(error).toMatchObject({ provider: "anthropic", providerCode: "stream_idle_timeout", retryable: true, requestId: "req_stall" });
    // Output had reached the consumer: not retried.
    expect(stalling.requests).toBe(1);
  });

  it("retries a stream that stalls before any output", async () => {
    stalling = await startStallingServer([sse(messageStart("msg_q"))]);
    const provider = await providerOn({ streamIdleTimeoutMs: 150, maxRetries: 1 });
    const { parts, error } = await collectUntilError(provider.stream(ask("hi")));
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ name: "ProviderStreamError", providerCode: "stream_idle_timeout" });
    expect(stalling.requests).toBe(2);
  });

  it("0 turns the timeout off: a pause longer than a short timeout does not end the stream", async () => {
    const tail = [...textBlock(0, ["Hel", "lo"]).slice(3), messageDelta("end_turn", 2), MESSAGE_STOP].map(sse);
    stalling = await startStallingServer(head, { stallMs: 300, after: tail });
    const provider = await providerOn({ streamIdleTimeoutMs: 0 });
    const result = assemble(await collect(provider.stream(ask("hi"))));
    expect(result).toMatchObject({ text: "Hello", finish: { reason: "stop" } });
  });

  it("time the consumer spends between reads does not count as a stall", async () => {
    harness = await startHarness({ streamIdleTimeoutMs: 100 });
    harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: textAnswer("msg_slow_reader", ["a", "b", "c"], { input: 3, output: 3 }) });
    let text = "";
    for await (const part of harness.provider.stream(ask("hi"))) {
      if (part.type === "text-delta") {
        text += part.text;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    expect(text).toBe("abc");
  });

  it("a stream that keeps sending is not cut", async () => {
    // The whole stream (20 events 50 ms apart) lasts about twice the idle timeout; the timeout leaves a busy machine 450 ms of slack between two events.
    harness = await startHarness({ streamIdleTimeoutMs: 500 });
    const pieces = Array.from({ length: 20 }, (_, i) => `w${i} `);
    harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: textAnswer("msg_steady", pieces, { input: 3, output: 20 }), delayMs: 50 });
    expect(assemble(await collect(harness.provider.stream(ask("hi")))).text).toBe(pieces.join(""));
  });
});
