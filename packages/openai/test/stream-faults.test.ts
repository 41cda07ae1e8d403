import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ContextLengthExceededError, ProviderStreamError, type ModelStreamPart } from "@baton/core";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import { OPENAI_CONTEXT_LENGTH_PATTERNS, createOpenAIProvider } from "../src/index.js";
import { assemble, chatChunk, chatText, collect, providerFor, request } from "./support/harness.js";
import { startStallingServer, type StallingServer } from "@baton/testing";

let server: ProviderServer;
let stalling: StallingServer | undefined;
beforeEach(async () => {
  server = await startProviderServer();
});
afterEach(async () => {
  await server.close();
  await stalling?.close();
  stalling = undefined;
});

async function failure(stream: AsyncIterable<ModelStreamPart>, seen: ModelStreamPart[] = []): Promise<unknown> {
  try {
    for await (const part of stream) seen.push(part);
  } catch (error) {
    return error;
  }
  throw new Error("the stream did not fail");
}

const chat = async (chunks: string[]): Promise<ModelStreamPart[]> => {
  server.enqueue({ kind: "stream", protocol: "openai-chat", chunks });
  return collect(providerFor(server).stream(request({ model: "magistral-medium-latest" })));
};

describe("delta.content as an array of typed parts (Mistral reasoning models)", () => {
  it("maps thinking parts to reasoning and text parts to text, in order", async () => {
    const parts = await chat([
      chatChunk({ role: "assistant", content: "" }),
      chatChunk({ content: [{ type: "thinking", thinking: [{ type: "text", text: "The user greets " }] }] }),
      chatChunk({
        content: [
          {
            type: "thinking",
            thinking: [
              { type: "text", text: "me." },
              { type: "text", text: " Answer briefly." },
            ],
          },
        ],
      }),
      chatChunk({ content: [{ type: "text", text: "Hello" }] }),
      chatChunk({ content: " there!" }),
      chatChunk({}, "stop"),
    ]);
    expect(parts.filter((part) => part.type !== "finish" && part.type !== "usage")).toEqual([
      { type: "reasoning-delta", text: "The user greets " },
      { type: "reasoning-delta", text: "me. Answer briefly." },
      { type: "text-delta", text: "Hello" },
      { type: "text-delta", text: " there!" },
    ]);
    expect(assemble(parts)).toMatchObject({ text: "Hello there!", reasoning: [{ text: "The user greets me. Answer briefly." }], finish: { reason: "stop" } });
  });

  it("ignores part types it does not know, never stringifying them", async () => {
    const parts = await chat([
      chatChunk({
        content: [{ type: "reference", reference_ids: [1, 2] }, { type: "text", text: "Seen." }, { type: "image_url", image_url: "https://x" }, null, "stray"],
      }),
      chatChunk({ content: [{ type: "thinking", thinking: [{ type: "reference", reference_ids: [3] }] }] }),
      chatChunk({}, "stop"),
    ]);
    const result = assemble(parts);
    expect(result.text).toBe("Seen.");
    expect(result.reasoning).toEqual([]);
    expect(JSON.stringify(parts)).not.toContain("[object Object]");
  });
});

describe("usage that is not a number", () => {
  it("counts negative, string, missing and too-large (non-finite) counts as 0 (Chat Completions)", async () => {
    const usageChunk =
      '{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[],"usage":{"prompt_tokens":-4,"completion_tokens":"7","total_tokens":1e999,"prompt_tokens_details":{"cached_tokens":null},"completion_tokens_details":{}}}';
    const parts = await chat([chatChunk({ content: "Hi" }), chatChunk({}, "stop"), usageChunk]);
    expect(assemble(parts).finish).toEqual({
      type: "finish",
      reason: "stop",
      usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 },
    });
  });

  it("counts them as 0 in the Responses API too", async () => {
    server.enqueue({
      kind: "stream",
      protocol: "openai-responses",
      chunks: [
        JSON.stringify({ type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "Hi" }),
        '{"type":"response.completed","response":{"id":"r","status":"completed","usage":{"input_tokens":"12","output_tokens":-1,"input_tokens_details":{"cached_tokens":1e999}}}}',
      ],
    });
    const parts = await collect(providerFor(server, { api: "responses", retry: { maxRetries: 0 } }).stream(request()));
    expect(assemble(parts).finish).toMatchObject({ usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 } });
  });
});

describe("context-length wordings", () => {
  const examples: readonly [host: string, message: string][] = [
    ["OpenAI", "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens."],
    ["OpenAI (older)", "Please reduce the length of the messages."],
    ["a server relaying Anthropic", "prompt is too long: 212000 tokens > 200000 maximum"],
    ["xAI", "This model's maximum prompt length is 131072 but the request contains 140000 tokens."],
  ];

  it("has one example per entry of the table, each matching its own entry", () => {
    expect(examples).toHaveLength(OPENAI_CONTEXT_LENGTH_PATTERNS.length);
    examples.forEach(([, message], index) => expect(OPENAI_CONTEXT_LENGTH_PATTERNS[index]!.test(message)).toBe(true));
  });

  for (const [host, message] of examples) {
    it(`a 400 from ${host} ("${message.slice(0, 32)}…") rejects with ContextLengthExceededError`, async () => {
      server.enqueue({ kind: "json", status: 400, body: { code: "Client specified an invalid argument", error: message } });
      // xAI's body shape: `error` is the message string. OpenAI's: `{ error: { message } }`; both are read.
      server.enqueue({ kind: "json", status: 400, body: { error: { message, type: "invalid_request_error" } } });
      const provider = providerFor(server, { retry: { maxRetries: 0 } });
      const first = await failure(provider.stream(request()));
      const second = await failure(provider.stream(request()));
      for (const error of [first, second]) {
        expect(error).toBeInstanceOf(ContextLengthExceededError);
        expect(error).toMatchObject({ status: 400, retryable: false });
      }
      expect(first).toMatchObject({ message: `openai: ${message}` });
      expect(second).toMatchObject({ message: `openai: ${message}` });
    });
  }
});

describe("idle timeout between stream chunks", () => {
  const frame = (line: string): string => `data: ${line}\n\n`;

  it("ends a Chat Completions stream that stalls after some output with a retryable ProviderStreamError", async () => {
    stalling = await startStallingServer(
      [chatChunk({ role: "assistant", content: "" }), chatChunk({ content: "Hel" }), chatChunk({ content: "lo" })].map(frame),
    );
    const provider = createOpenAIProvider({
      apiKey: "k",
      baseURL: `${stalling.url}/v1`,
      streamIdleTimeoutMs: 200,
      retry: { maxRetries: 2, initialDelayMs: 1, jitter: 0 },
    });
    const seen: ModelStreamPart[] = [];
    const error = await failure(provider.stream(request()), seen);
    expect(assemble(seen).text).toBe("Hello");
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect(error).toMatchObject({ provider: "openai", providerCode: "stream_idle_timeout", retryable: true, requestId: "req_stall" });
    expect(stalling.requests).toBe(1);
  });

  it("ends a Responses stream that stalls, too", async () => {
    const event = (value: object): string => `event: ${(value as { type: string }).type}\ndata: ${JSON.stringify(value)}\n\n`;
    stalling = await startStallingServer([event({ type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "Once" })]);
    const provider = createOpenAIProvider({ apiKey: "k", baseURL: `${stalling.url}/v1`, api: "responses", streamIdleTimeoutMs: 150, retry: { maxRetries: 0 } });
    const error = await failure(provider.stream(request()));
    expect(error).toMatchObject({ name: "ProviderStreamError", providerCode: "stream_idle_timeout" });
  });

  it("0 turns the timeout off: a pause does not end the stream", async () => {
    const [head, ...tail] = chatText(["Hel", "lo"]).map(frame);
    stalling = await startStallingServer([head!], { stallMs: 300, after: [...tail, "data: [DONE]\n\n"] });
    const provider = createOpenAIProvider({ apiKey: "k", baseURL: `${stalling.url}/v1`, streamIdleTimeoutMs: 0, retry: { maxRetries: 0 } });
    expect(assemble(await collect(provider.stream(request())))).toMatchObject({ text: "Hello", finish: { reason: "stop" } });
  });

  it("time the consumer spends between reads does not count as a stall", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: chatText(["a", "b", "c"]) });
    let text = "";
    for await (const part of providerFor(server, { streamIdleTimeoutMs: 100 }).stream(request())) {
      if (part.type === "text-delta") {
        text += part.text;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    expect(text).toBe("abc");
  });
});
