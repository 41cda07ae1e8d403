import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
  type ModelStreamPart,
} from "@baton/core";
import { failureKindOfError, failureKindOfStatus, isRetryableStatus } from "@baton/core/provider-kit";
import { startProviderServer, type ProviderServer, PROVIDER_STATUS_TABLE } from "@baton/testing";
import OpenAI from "openai";
import { assemble, chatChunk, chatText, chatToolCalls, collect, providerFor, request } from "./support/harness.js";

let server: ProviderServer;
beforeEach(async () => {
  server = await startProviderServer();
});
afterEach(async () => {
  await server.close();
});

const NO_RETRY = { maxRetries: 0 };

async function failure(stream: AsyncIterable<ModelStreamPart>, seen: ModelStreamPart[] = []): Promise<unknown> {
  try {
    for await (const part of stream) seen.push(part);
  } catch (error) {
    return error;
  }
  throw new Error("the stream did not fail");
}

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("retries", () => {
  it("a 429 with retry-after-ms is retried after the wait the server asked for", async () => {
    server.enqueue(
      {
        kind: "json",
        status: 429,
        body: { error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } },
        headers: { "retry-after-ms": "150" },
      },
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["Hello"]) },
    );
    const started = performance.now();
    const { text } = assemble(await collect(providerFor(server).stream(request())));
    const elapsed = performance.now() - started;
    expect(text).toBe("Hello");
    expect(server.requests).toHaveLength(2);
    // The policy alone would wait 1 ms; the server's 150 ms were honoured.
    expect(elapsed).toBeGreaterThanOrEqual(145);
  });

  it("a request's onRetry hears each retry, with its wait", async () => {
    server.enqueue(
      {
        kind: "json",
        status: 429,
        body: { error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } },
        headers: { "retry-after-ms": "20" },
      },
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["Hello"]) },
    );
    const heard: [string, number, number][] = [];
    const { text } = assemble(
      await collect(providerFor(server).stream(request({ onRetry: (error, retry, delayMs) => heard.push([error.code, retry, delayMs]) }))),
    );
    expect(text).toBe("Hello");
    expect(heard).toEqual([["PROVIDER_RATE_LIMIT", 1, 20]]);
  });

  it("a 429 with retry-after in seconds is honoured the same way", async () => {
    server.enqueue(
      { kind: "json", status: 429, body: { error: { message: "Rate limit reached" } }, headers: { "retry-after": "0.2" } },
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["Hi"]) },
    );
    const started = performance.now();
    expect(assemble(await collect(providerFor(server).stream(request()))).text).toBe("Hi");
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
  });

  it("a 500 twice, then success: three requests, the answer of the third", async () => {
    server.enqueue(
      { kind: "json", status: 500, body: { error: { message: "The server had an error", type: "server_error" } } },
      { kind: "json", status: 500, body: { error: { message: "The server had an error", type: "server_error" } } },
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["third ", "time"]) },
    );
    expect(assemble(await collect(providerFor(server).stream(request()))).text).toBe("third time");
    expect(server.requests).toHaveLength(3);
    expect(server.pending).toBe(0);
  });

  it("gives up after maxRetries with the last typed error", async () => {
    for (let i = 0; i < 3; i++)
      server.enqueue({ kind: "json", status: 500, body: { error: { message: `failure ${i + 1}` } }, headers: { "x-request-id": `req_${i + 1}` } });
    const error = await failure(providerFor(server).stream(request()));
    expect(error).toBeInstanceOf(ProviderServerError);
    expect(error).toMatchObject({ message: "openai: failure 3", status: 500, requestId: "req_3", retryable: true });
    expect(server.requests).toHaveLength(3);
  });

  it("a stream cut before any output is retried", async () => {
    server.enqueue(
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["lost"]), cutAfter: 1 },
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["kept"]) },
    );
    expect(assemble(await collect(providerFor(server).stream(request()))).text).toBe("kept");
    expect(server.requests).toHaveLength(2);
  });

  it("a stream cut after output throws a ProviderStreamError and is not retried", async () => {
    server.enqueue(
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["Hel", "lo", " world"]), cutAfter: 3, headers: { "x-request-id": "req_cut" } },
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["never"]) },
    );
    const seen: ModelStreamPart[] = [];
    const error = await failure(providerFor(server).stream(request()), seen);
    expect(seen).toEqual([
      { type: "text-delta", text: "Hel" },
      { type: "text-delta", text: "lo" },
    ]);
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect(error).toMatchObject({ requestId: "req_cut" });
    expect((error as Error).message).toMatch(/^openai: The stream broke off: terminated/);
    expect(server.requests).toHaveLength(1);
    expect(server.pending).toBe(1);
  });

  it("a stream that ends without a finish reason is an error, not a silent truncation", async () => {
    server.enqueue(
      { kind: "stream", protocol: "openai-chat", chunks: [chatChunk({ content: "half an ans" })] },
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["x"]) },
    );
    const error = await failure(providerFor(server).stream(request()));
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect((error as Error).message).toBe("openai: The stream ended before the response was complete.");
    expect(server.requests).toHaveLength(1);
  });
});

describe("errors inside the stream", () => {
  it("an error chunk mid-stream (Chat Completions) throws the typed error of its type after the output", async () => {
    server.enqueue({
      kind: "stream",
      protocol: "openai-chat",
      chunks: [chatChunk({ content: "Partial" }), JSON.stringify({ error: { message: "The model is overloaded", type: "server_error", code: null } })],
      headers: { "x-request-id": "req_mid" },
    });
    const seen: ModelStreamPart[] = [];
    const error = await failure(providerFor(server).stream(request()), seen);
    expect(seen).toEqual([{ type: "text-delta", text: "Partial" }]);
    expect(error).toBeInstanceOf(ProviderServerError);
    expect(error).toMatchObject({ message: "openai: The model is overloaded", requestId: "req_mid", providerCode: "server_error" });
    expect(server.requests).toHaveLength(1);
  });

  it("an unreadable event is a ProviderStreamError", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: [chatChunk({ content: "a" }), "{not json"] });
    const quiet = new OpenAI({ apiKey: "k", baseURL: `${server.url}/v1`, logLevel: "off" });
    const error = await failure(providerFor(server, { client: quiet }).stream(request()));
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect((error as Error).message).toMatch(/^openai: The stream sent an unreadable event: /);
  });

  it("malformed tool-call JSON is passed through as streamed, for the loop to correct", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: chatToolCalls([{ id: "call_bad", name: "weather", arguments: '{"city": "Par' }]) });
    const { toolCalls, finish } = assemble(await collect(providerFor(server).stream(request())));
    expect(toolCalls).toEqual([{ index: 0, id: "call_bad", name: "weather", arguments: '{"city": "Par' }]);
    expect(finish).toMatchObject({ type: "finish", reason: "tool_calls" });
  });
});

describe("abort", () => {
  it("an abort mid-stream cancels the HTTP request and throws RunAbortedError", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: chatText(Array.from({ length: 50 }, (_, i) => `w${i} `)), delayMs: 20 });
    const controller = new AbortController();
    const seen: ModelStreamPart[] = [];
    const stream = providerFor(server).stream(request({ signal: controller.signal }));
    const pending = failure(
      (async function* () {
        for await (const part of stream) {
          if (part.type === "text-delta") controller.abort("user left");
          yield part;
        }
      })(),
      seen,
    );
    const error = await pending;
    expect(error).toBeInstanceOf(RunAbortedError);
    expect((error as RunAbortedError).cause).toBe("user left");
    expect(seen.filter((part) => part.type === "text-delta")).toEqual([{ type: "text-delta", text: "w0 " }]);
    await until(() => server.clientAborts === 1);
    expect(server.requests).toHaveLength(1);
  });

  it("an aborted signal fails at once, without a request", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(providerFor(server).stream(request({ signal: controller.signal })));
    expect(error).toBeInstanceOf(RunAbortedError);
    expect(server.requests).toHaveLength(0);
  });

  it("leaving the stream early closes the HTTP request", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: chatText(Array.from({ length: 50 }, (_, i) => `w${i} `)), delayMs: 20 });
    for await (const part of providerFor(server).stream(request())) if (part.type === "text-delta") break;
    await until(() => server.clientAborts === 1);
  });
});

describe("typed errors", () => {
  const cases: Array<[string, number, unknown, new (...args: never[]) => Error, Record<string, unknown>]> = [
    [
      "401",
      401,
      { error: { message: "Incorrect API key provided: sk-test.", type: "invalid_request_error", code: "invalid_api_key" } },
      AuthenticationError,
      { providerCode: "invalid_api_key", retryable: false },
    ],
    [
      "403",
      403,
      { error: { message: "Project does not have access to model gpt-5", type: "invalid_request_error", code: "model_not_found" } },
      AuthenticationError,
      { retryable: false },
    ],
    [
      "400 context_length_exceeded",
      400,
      {
        error: {
          message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
          type: "invalid_request_error",
          code: "context_length_exceeded",
        },
      },
      ContextLengthExceededError,
      { providerCode: "context_length_exceeded", retryable: false },
    ],
    [
      "400 context window, no code (a compatible server)",
      400,
      { error: { message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.", type: "BadRequestError" } },
      ContextLengthExceededError,
      {},
    ],
    [
      "400 other",
      400,
      { error: { message: "Invalid value for 'temperature'.", type: "invalid_request_error", param: "temperature", code: "invalid_value" } },
      InvalidRequestError,
      { providerCode: "invalid_value" },
    ],
    ["404", 404, { error: { message: "The model `gpt-9` does not exist", code: "model_not_found" } }, InvalidRequestError, {}],
    ["503", 503, { error: { message: "Service unavailable" } }, ProviderOverloadedError, { retryable: true }],
    ["529", 529, { error: { message: "Overloaded" } }, ProviderOverloadedError, { retryable: true }],
    [
      "429 insufficient_quota",
      429,
      { error: { message: "You exceeded your current quota", type: "insufficient_quota", code: "insufficient_quota" } },
      RateLimitError,
      { retryable: true },
    ],
  ];

  for (const [label, status, body, ErrorType, fields] of cases) {
    it(`${label} → ${ErrorType.name}, with the provider's message, status and request id`, async () => {
      server.enqueue({ kind: "json", status, body, headers: { "x-request-id": `req_${status}` } });
      const error = await failure(providerFor(server, { retry: NO_RETRY }).stream(request()));
      expect(error).toBeInstanceOf(ErrorType);
      const message = (body as { error: { message: string } }).error.message;
      expect(error).toMatchObject({ message: `openai: ${message}`, status, requestId: `req_${status}`, provider: "openai", ...fields });
    });
  }

  it("carries retry-after into retryAfterMs (and fails at once when it is longer than the policy allows)", async () => {
    server.enqueue({ kind: "json", status: 429, body: { error: { message: "slow down" } }, headers: { "retry-after": "120" } });
    const error = await failure(providerFor(server).stream(request()));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 120_000 });
    expect(server.requests).toHaveLength(1);
  });

  it("a refused connection is a retryable ProviderStreamError", async () => {
    const url = server.url;
    await server.close();
    const provider = providerFor({ ...server, url } as ProviderServer, { retry: NO_RETRY });
    const error = await failure(provider.stream(request()));
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect((error as Error).message).toMatch(/^openai: The connection failed: Connection error\./);
    server = await startProviderServer();
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
      server.enqueue({ kind: "json", status, body: { error: { message: `status ${status} from the server` } }, headers: { "x-request-id": `req_${status}` } });
      const error = (await failure(providerFor(server, { retry: NO_RETRY }).stream(request()))) as BatonError;
      expect([failureKindOfError(error), error.retryable]).toEqual([kind, retryable]);
      expect(error).toMatchObject({ status, requestId: `req_${status}`, message: `openai: status ${status} from the server` });
      expect(server.requests).toHaveLength(1);
    });
  }

  it("a 409 is retried by the policy, then the answer comes", async () => {
    server.enqueue(
      { kind: "json", status: 409, body: { error: { message: "lock timeout" } } },
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["after ", "409"]) },
    );
    expect(assemble(await collect(providerFor(server).stream(request()))).text).toBe("after 409");
    expect(server.requests).toHaveLength(2);
  });
});
