import { afterEach, describe, expect, it } from "vitest";
import { ContextLengthExceededError, ProviderStreamError, type ModelStreamPart } from "@baton/core";
import { GOOGLE_CONTEXT_LENGTH_PATTERNS, GeminiStreamMapper, createGoogleProvider } from "../src/index.js";
import { ask, collect, startHarness, type Harness } from "./support/provider-harness.js";
import { startStallingServer, type StallingServer } from "@baton/testing";

let harness: Harness | undefined;
let stalling: StallingServer | undefined;
afterEach(async () => {
  await harness?.server.close();
  await stalling?.close();
  harness = undefined;
  stalling = undefined;
});

const chunk = (text: string, finish?: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    candidates: [{ content: { role: "model", parts: [{ text }] }, ...(finish ? { finishReason: finish } : {}) }],
    responseId: "resp-s",
    ...extra,
  });
const frame = (line: string): string => `data: ${line}\r\n\r\n`;

async function readUntilError(stream: AsyncIterable<ModelStreamPart>): Promise<{ parts: ModelStreamPart[]; error: unknown }> {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of stream) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  throw new Error("the stream did not fail");
}

const textOf = (parts: readonly ModelStreamPart[]): string => parts.map((part) => (part.type === "text-delta" ? part.text : "")).join("");

describe("usage that is not a number", () => {
  it("counts NaN, Infinity, negative, string and missing counts as 0", () => {
    const mapper = new GeminiStreamMapper();
    const out: ModelStreamPart[] = [];
    const usageMetadata = {
      promptTokenCount: Number.NaN,
      toolUsePromptTokenCount: -2,
      candidatesTokenCount: Infinity,
      thoughtsTokenCount: "9",
      cachedContentTokenCount: -1,
    } as unknown as Record<string, number>;
    mapper.push({ candidates: [{ content: { role: "model", parts: [{ text: "x" }] }, finishReason: "STOP" }], usageMetadata } as never, out);
    mapper.finish(out);
    expect(out.at(-1)).toEqual({ type: "finish", reason: "stop", usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 } });
  });

  it("sanitizes counts that arrive over the wire (a negative, a string, a number too large for a double, a missing one)", async () => {
    harness = await startHarness();
    const last =
      '{"candidates":[{"content":{"role":"model","parts":[{"text":"!"}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":-5,"candidatesTokenCount":1e999,"thoughtsTokenCount":"3"},"responseId":"resp-w"}';
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: [chunk("Hi"), last] });
    const parts = await collect(harness.provider.stream(ask("hi")));
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "stop", usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 } });
  });
});

describe("context-length wordings", () => {
  const examples: readonly [host: string, message: string][] = [
    ["the Gemini API", "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."],
    [
      "Vertex AI",
      "Unable to submit request because the input token count is 1200000 but model only supports up to 1048576. Reduce the input token count and try again.",
    ],
  ];

  it("has one example per entry of the table, each matching its own entry", () => {
    expect(examples).toHaveLength(GOOGLE_CONTEXT_LENGTH_PATTERNS.length);
    examples.forEach(([, message], index) => expect(GOOGLE_CONTEXT_LENGTH_PATTERNS[index]!.test(message)).toBe(true));
  });

  for (const [host, message] of examples) {
    it(`a 400 from ${host} ("${message.slice(0, 32)}…") rejects with ContextLengthExceededError`, async () => {
      harness = await startHarness({ retry: { maxRetries: 0 } });
      harness.server.enqueue({ kind: "json", status: 400, body: { error: { code: 400, message, status: "INVALID_ARGUMENT" } } });
      const { error } = await readUntilError(harness.provider.stream(ask("hi")));
      expect(error).toBeInstanceOf(ContextLengthExceededError);
      expect(error).toMatchObject({ status: 400, providerCode: "INVALID_ARGUMENT", message: `google: ${message}`, retryable: false });
    });
  }
});

describe("idle timeout between stream chunks", () => {
  it("ends a stream that stalls after some output with a retryable ProviderStreamError", async () => {
    stalling = await startStallingServer([chunk("Hel"), chunk("lo")].map(frame));
    const provider = createGoogleProvider({
      apiKey: "k",
      baseURL: stalling.url,
      streamIdleTimeoutMs: 200,
      retry: { maxRetries: 2, initialDelayMs: 1, jitter: 0 },
    });
    const { parts, error } = await readUntilError(provider.stream(ask("hi")));
    expect(textOf(parts)).toBe("Hello");
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect(error).toMatchObject({ provider: "google", providerCode: "stream_idle_timeout", retryable: true, requestId: "req_stall" });
    expect(stalling.requests).toBe(1);
  });

  it("retries a stream that stalls before any output", async () => {
    stalling = await startStallingServer([]);
    const provider = createGoogleProvider({
      apiKey: "k",
      baseURL: stalling.url,
      streamIdleTimeoutMs: 150,
      retry: { maxRetries: 1, initialDelayMs: 1, jitter: 0 },
    });
    const { parts, error } = await readUntilError(provider.stream(ask("hi")));
    expect(parts).toEqual([]);
    expect(error).toMatchObject({ name: "ProviderStreamError", providerCode: "stream_idle_timeout" });
    expect(stalling.requests).toBe(2);
  });

  it("0 turns the timeout off: a pause does not end the stream", async () => {
    stalling = await startStallingServer([frame(chunk("Hel"))], { stallMs: 300, after: [frame(chunk("lo", "STOP"))] });
    const provider = createGoogleProvider({ apiKey: "k", baseURL: stalling.url, streamIdleTimeoutMs: 0, retry: { maxRetries: 0 } });
    const parts = await collect(provider.stream(ask("hi")));
    expect(textOf(parts)).toBe("Hello");
    expect(parts.at(-1)).toMatchObject({ type: "finish", reason: "stop" });
  });

  it("time the consumer spends between reads does not count as a stall", async () => {
    harness = await startHarness({ streamIdleTimeoutMs: 100 });
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: [chunk("a"), chunk("b"), chunk("c", "STOP")] });
    let text = "";
    for await (const part of harness.provider.stream(ask("hi"))) {
      if (part.type === "text-delta") {
        text += part.text;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    expect(text).toBe("abc");
  });
});
