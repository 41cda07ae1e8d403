import { afterEach, describe, expect, it } from "vitest";
import {
  AuthenticationError,
  ContextLengthExceededError,
  InvalidRequestError,
  ProviderOverloadedError,
  ProviderServerError,
  ProviderStreamError,
  RateLimitError,
  RunAbortedError,
  type BatonError,
} from "@baton/core";
import { failureKindOfError, failureKindOfStatus, isRetryableStatus } from "@baton/core/provider-kit";
import { loadProviderFixture, PROVIDER_STATUS_TABLE } from "@baton/testing";
import { assemble, ask, collect, collectUntilError, startHarness, type Harness } from "./support/anthropic-harness.js";
import { MESSAGE_STOP, errorBody, errorEvent, messageDelta, messageStart, textAnswer, textBlock, toolUseBlock } from "./support/anthropic-events.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

const TEXT = loadProviderFixture("anthropic", "anthropic-text");
const TEXT_ANSWER = "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?";

describe("retries", () => {
  it("waits for retry-after on a 429, then succeeds", async () => {
    const retries: [BatonError, number, number][] = [];
    harness = await startHarness({ onRetry: (error, retry, delay) => retries.push([error, retry, delay]) });
    harness.server.enqueue(
      {
        kind: "json",
        status: 429,
        body: errorBody("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit"),
        headers: { "retry-after": "0.15", "request-id": "req_429" },
      },
      { kind: "stream", protocol: "anthropic", chunks: TEXT },
    );
    const started = performance.now();
    const parts = await collect(harness.provider.stream(ask("hi")));
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(assemble(parts).text).toBe(TEXT_ANSWER);
    expect(harness.server.requests).toHaveLength(2);
    expect(retries).toHaveLength(1);
    const [error, retry, delay] = retries[0]!;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 150, requestId: "req_429", providerCode: "rate_limit_error", retryable: true });
    expect([retry, delay]).toEqual([1, 150]);
  });

  it("retries two 500s, then succeeds", async () => {
    const retries: BatonError[] = [];
    harness = await startHarness({ onRetry: (error) => retries.push(error) });
    harness.server.enqueue(
      { kind: "json", status: 500, body: errorBody("api_error", "Internal server error") },
      { kind: "json", status: 500, body: errorBody("api_error", "Internal server error") },
      { kind: "stream", protocol: "anthropic", chunks: TEXT },
    );
    expect(assemble(await collect(harness.provider.stream(ask("hi")))).text).toBe(TEXT_ANSWER);
    expect(harness.server.requests).toHaveLength(3);
    expect(retries.map((error) => [error.constructor.name, (error as ProviderServerError).status])).toEqual([
      ["ProviderServerError", 500],
      ["ProviderServerError", 500],
    ]);
  });

  it("a request's onRetry hears each retry too, after the provider's own onRetry", async () => {
    const heard: string[] = [];
    harness = await startHarness({ onRetry: (_error, retry) => heard.push(`provider ${retry}`) });
    harness.server.enqueue(
      { kind: "json", status: 500, body: errorBody("api_error", "Internal server error") },
      { kind: "stream", protocol: "anthropic", chunks: TEXT },
    );
    const parts = await collect(harness.provider.stream(ask("hi", { onRetry: (error, retry) => heard.push(`request ${retry} ${error.code}`) })));
    expect(assemble(parts).text).toBe(TEXT_ANSWER);
    expect(heard).toEqual(["provider 1", "request 1 PROVIDER_SERVER"]);
  });

  it("gives up after the policy's retries with the last typed error", async () => {
    harness = await startHarness({ retry: { maxRetries: 1, initialDelayMs: 1, jitter: 0 } });
    harness.server.enqueue(
      { kind: "json", status: 529, body: errorBody("overloaded_error", "Overloaded"), headers: { "request-id": "req_a" } },
      { kind: "json", status: 529, body: errorBody("overloaded_error", "Overloaded"), headers: { "request-id": "req_b" } },
    );
    await expect(collect(harness.provider.stream(ask("hi")))).rejects.toMatchObject({ name: "ProviderOverloadedError", status: 529, requestId: "req_b" });
    expect(harness.server.requests).toHaveLength(2);
  });
});

describe("broken streams", () => {
  it("throws a stream error after output, without retrying", async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { kind: "stream", protocol: "anthropic", chunks: TEXT, cutAfter: 6, headers: { "request-id": "req_cut" } },
      { kind: "stream", protocol: "anthropic", chunks: TEXT },
    );
    const { parts, error } = await collectUntilError(harness.provider.stream(ask("hi")));
    expect(assemble(parts).text).toBe("Hello! I'm doing well, thank you for asking");
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect(error).toMatchObject({ code: "PROVIDER_STREAM", provider: "anthropic", requestId: "req_cut" });
    expect(harness.server.requests).toHaveLength(1);
    expect(harness.server.pending).toBe(1);
  });

  it("retries a stream cut before any output", async () => {
    harness = await startHarness();
    harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: TEXT, cutAfter: 2 }, { kind: "stream", protocol: "anthropic", chunks: TEXT });
    expect(assemble(await collect(harness.provider.stream(ask("hi")))).text).toBe(TEXT_ANSWER);
    expect(harness.server.requests).toHaveLength(2);
  });

  it("treats a stream that closes without message_stop as broken", async () => {
    harness = await startHarness({ retry: { maxRetries: 0 } });
    harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: TEXT.slice(0, -1) });
    const { parts, error } = await collectUntilError(harness.provider.stream(ask("hi")));
    expect(assemble(parts)).toMatchObject({ text: TEXT_ANSWER, finish: undefined });
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect((error as Error).message).toBe("anthropic: the stream ended before message_stop");
  });

  it("maps an error event mid-stream to a typed error with the stream's request id", async () => {
    harness = await startHarness();
    harness.server.enqueue(
      {
        kind: "stream",
        protocol: "anthropic",
        chunks: [messageStart("msg_e"), ...textBlock(0, ["Par", "tial"]).slice(0, 3), errorEvent("overloaded_error", "Overloaded")],
        headers: { "request-id": "req_stream" },
      },
      { kind: "stream", protocol: "anthropic", chunks: TEXT },
    );
    const { parts, error } = await collectUntilError(harness.provider.stream(ask("hi")));
    expect(assemble(parts).text).toBe("Partial");
    expect(error).toBeInstanceOf(ProviderOverloadedError);
    expect(error).toMatchObject({ message: "anthropic: Overloaded", requestId: "req_stream", providerCode: "overloaded_error", status: undefined });
    // Output had reached the consumer: no retry.
    expect(harness.server.requests).toHaveLength(1);
  });

  it("retries an error event that comes before any output", async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { kind: "stream", protocol: "anthropic", chunks: [messageStart("msg_e"), errorEvent("api_error", "Internal server error")] },
      { kind: "stream", protocol: "anthropic", chunks: TEXT },
    );
    expect(assemble(await collect(harness.provider.stream(ask("hi")))).text).toBe(TEXT_ANSWER);
    expect(harness.server.requests).toHaveLength(2);
  });

  it("passes malformed tool-call JSON through untouched", async () => {
    harness = await startHarness();
    harness.server.enqueue({
      kind: "stream",
      protocol: "anthropic",
      chunks: [
        messageStart("msg_bad"),
        ...toolUseBlock(0, "toolu_bad", "weather", ['{"city": "Par', "is", "'}"]),
        ...toolUseBlock(1, "toolu_ok", "weather", ['{"city": "Rome"}']),
        messageDelta("tool_use", 20),
        MESSAGE_STOP,
      ],
    });
    const result = assemble(await collect(harness.provider.stream(ask("hi"))));
    expect(result.toolCalls).toEqual([
      { index: 0, id: "toolu_bad", name: "weather", arguments: `{"city": "Paris'}` },
      { index: 1, id: "toolu_ok", name: "weather", arguments: '{"city": "Rome"}' },
    ]);
    expect(result.finish?.reason).toBe("tool_calls");
  });
});

describe("abort", () => {
  it("cancels the HTTP request mid-stream and throws RunAbortedError", async () => {
    harness = await startHarness();
    const pieces = Array.from({ length: 50 }, (_, i) => `w${i} `);
    harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: textAnswer("msg_slow", pieces, { input: 5, output: 50 }), delayMs: 10 });
    const controller = new AbortController();
    const parts: string[] = [];
    const reason = new Error("user left");
    await expect(
      (async () => {
        for await (const part of harness!.provider.stream(ask("hi", { signal: controller.signal }))) {
          if (part.type === "text-delta") parts.push(part.text);
          if (parts.length === 2) controller.abort(reason);
        }
      })(),
    ).rejects.toSatisfy((error) => error instanceof RunAbortedError && error.cause === reason);
    expect(parts).toEqual(["w0 ", "w1 "]);
    await expect.poll(() => harness!.server.clientAborts, { timeout: 5000 }).toBe(1);
  });

  it("closes the HTTP request when the consumer stops reading early", async () => {
    harness = await startHarness();
    const pieces = Array.from({ length: 50 }, (_, i) => `w${i} `);
    harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: textAnswer("msg_slow", pieces, { input: 5, output: 50 }), delayMs: 10 });
    let seen = 0;
    for await (const part of harness.provider.stream(ask("hi"))) {
      if (part.type === "text-delta" && ++seen === 3) break;
    }
    await expect.poll(() => harness!.server.clientAborts, { timeout: 5000 }).toBe(1);
  });

  it("stops waiting for a retry when aborted", async () => {
    const controller = new AbortController();
    // Abort once the 30 s wait has begun.
    harness = await startHarness({ retry: { maxRetries: 3 }, onRetry: () => setTimeout(() => controller.abort(), 10) });
    harness.server.enqueue({ kind: "json", status: 429, body: errorBody("rate_limit_error", "slow down"), headers: { "retry-after": "30" } });
    const started = performance.now();
    await expect(collect(harness.provider.stream(ask("hi", { signal: controller.signal })))).rejects.toBeInstanceOf(RunAbortedError);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(harness.server.requests).toHaveLength(1);
  });

  it("throws RunAbortedError without a request when the signal is already aborted", async () => {
    harness = await startHarness();
    const controller = new AbortController();
    controller.abort();
    await expect(collect(harness.provider.stream(ask("hi", { signal: controller.signal })))).rejects.toBeInstanceOf(RunAbortedError);
    expect(harness.server.requests).toHaveLength(0);
  });
});

describe("typed errors", () => {
  const cases: [status: number, type: string, message: string, expected: new (...args: never[]) => BatonError][] = [
    [401, "authentication_error", "invalid x-api-key", AuthenticationError],
    [403, "permission_error", "Your API key does not have permission to use the specified resource.", AuthenticationError],
    [400, "invalid_request_error", "prompt is too long: 212000 tokens > 200000 maximum", ContextLengthExceededError],
    [
      400,
      "invalid_request_error",
      "input length and `max_tokens` exceed context limit: 198000 + 8192 > 200000, decrease input length or `max_tokens` and try again",
      ContextLengthExceededError,
    ],
    [400, "invalid_request_error", "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after", InvalidRequestError],
    [404, "not_found_error", "model: claude-nope", InvalidRequestError],
    [529, "overloaded_error", "Overloaded", ProviderOverloadedError],
    [503, "api_error", "Service unavailable", ProviderOverloadedError],
    [502, "api_error", "Bad gateway", ProviderServerError],
  ];
  for (const [status, type, message, expected] of cases) {
    it(`maps ${status} ${type} (${message.slice(0, 30)}…) to ${expected.name}`, async () => {
      harness = await startHarness({ retry: { maxRetries: 0 } });
      harness.server.enqueue({ kind: "json", status, body: errorBody(type, message, "req_body"), headers: { "request-id": `req_${status}` } });
      const { error } = await collectUntilError(harness.provider.stream(ask("hi")));
      expect(error).toBeInstanceOf(expected);
      expect(error).toMatchObject({ provider: "anthropic", status, requestId: `req_${status}`, providerCode: type, message: `anthropic: ${message}` });
      expect((error as BatonError).toJSON().details).toMatchObject({ provider: "anthropic", status, requestId: `req_${status}` });
    });
  }

  it("does not retry errors that are not retryable", async () => {
    harness = await startHarness();
    harness.server.enqueue({ kind: "json", status: 401, body: errorBody("authentication_error", "invalid x-api-key") });
    await expect(collect(harness.provider.stream(ask("hi")))).rejects.toBeInstanceOf(AuthenticationError);
    expect(harness.server.requests).toHaveLength(1);
  });
});

/** The one status rule, shared by every adapter's tests (`@baton/testing`). */
const SHARED_STATUS_TABLE = PROVIDER_STATUS_TABLE;

describe("the shared status rule", () => {
  it("the table is core's rule", () => {
    expect(SHARED_STATUS_TABLE.map(([status]) => [status, failureKindOfStatus(status), isRetryableStatus(status)])).toEqual(SHARED_STATUS_TABLE);
  });

  for (const [status, kind, retryable] of SHARED_STATUS_TABLE) {
    it(`${status} → ${kind} (retryable: ${retryable}), the same in every adapter`, async () => {
      harness = await startHarness({ retry: { maxRetries: 0 } });
      harness.server.enqueue({
        kind: "json",
        status,
        body: errorBody(status === 413 ? "request_too_large" : "api_error", `status ${status} from the server`),
        headers: { "request-id": `req_${status}` },
      });
      const { error } = await collectUntilError(harness.provider.stream(ask("hi")));
      expect([failureKindOfError(error as BatonError), (error as BatonError).retryable]).toEqual([kind, retryable]);
      expect(error).toMatchObject({ status, requestId: `req_${status}`, message: `anthropic: status ${status} from the server` });
      expect(harness.server.requests).toHaveLength(1);
    });
  }

  it("a 409 is retried by the policy, then the answer comes", async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { kind: "json", status: 409, body: errorBody("api_error", "lock timeout") },
      { kind: "stream", protocol: "anthropic", chunks: TEXT },
    );
    expect(assemble(await collect(harness.provider.stream(ask("hi")))).text).toBe(TEXT_ANSWER);
    expect(harness.server.requests).toHaveLength(2);
  });
});
