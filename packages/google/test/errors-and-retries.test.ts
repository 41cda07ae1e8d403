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
  type ModelStreamPart,
} from "@baton/core";
import { failureKindOfError, failureKindOfStatus, isRetryableStatus } from "@baton/core/provider-kit";
import { GoogleGenAI } from "@google/genai";
import { loadProviderFixture, loadProviderJson, PROVIDER_STATUS_TABLE } from "@baton/testing";
import { createGoogleProvider, toGoogleError } from "../src/index.js";
import { ask, collect, startHarness, type Harness } from "./support/provider-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

const TEXT = loadProviderFixture("google", "google-text");
const chunk = (text: string, finish?: string): string =>
  JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text }] }, ...(finish ? { finishReason: finish } : {}) }], responseId: "resp-1" });
const errorBody = (code: number, status: string, message: string) => ({ error: { code, message, status } });

/** Reads a stream until it fails; returns what arrived and the error. */
async function readUntilError(stream: AsyncIterable<ModelStreamPart>): Promise<{ parts: ModelStreamPart[]; error: unknown }> {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of stream) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  throw new Error("the stream did not fail");
}

describe("rate limits and retries", () => {
  it("turns Google's 429 with RetryInfo into a RateLimitError with retryAfterMs", async () => {
    harness = await startHarness({ retry: { maxRetries: 0 } });
    harness.server.enqueue({ kind: "json", status: 429, body: loadProviderJson("google", "google-429-retry-info.json") });
    const { error } = await readUntilError(harness.provider.stream(ask("hi")));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      status: 429,
      retryAfterMs: 34_400,
      providerCode: "RESOURCE_EXHAUSTED",
      provider: "google",
      message: "google: You exceeded your current quota, please check your plan.",
      retryable: true,
    });
  });

  it("waits the RetryInfo delay of the recorded 429 body, then succeeds", async () => {
    const delays: number[] = [];
    harness = await startHarness({ retry: { maxRetries: 2 }, onRetry: (_error, _retry, delayMs) => delays.push(delayMs) });
    const body = structuredClone(loadProviderJson("google", "google-429-retry-info.json")) as { error: { details: { retryDelay?: string }[] } };
    body.error.details[1]!.retryDelay = "0.3s";
    harness.server.enqueue({ kind: "json", status: 429, body }, { kind: "stream", protocol: "google", chunks: TEXT });
    const started = performance.now();
    const parts = await collect(harness.provider.stream(ask("hi")));
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(delays).toEqual([300]);
    expect(parts.at(-1)).toMatchObject({ type: "finish", reason: "stop" });
    expect(harness.server.requests).toHaveLength(2);
  });

  it("a request's onRetry hears each retry too, after the provider's own onRetry", async () => {
    const heard: string[] = [];
    harness = await startHarness({ onRetry: (_error, retry) => heard.push(`provider ${retry}`) });
    harness.server.enqueue(
      { kind: "json", status: 429, body: errorBody(429, "RESOURCE_EXHAUSTED", "Slow down."), headers: { "retry-after-ms": "5" } },
      { kind: "stream", protocol: "google", chunks: TEXT },
    );
    const parts = await collect(
      harness.provider.stream(ask("hi", { onRetry: (error, retry, delayMs) => heard.push(`request ${retry} ${error.code} ${delayMs}`) })),
    );
    expect(parts.at(-1)).toMatchObject({ type: "finish", reason: "stop" });
    expect(heard).toEqual(["provider 1", "request 1 PROVIDER_RATE_LIMIT 5"]);
  });

  it("honours a retry-after-ms header", async () => {
    const delays: number[] = [];
    harness = await startHarness({ onRetry: (_error, _retry, delayMs) => delays.push(delayMs) });
    harness.server.enqueue(
      { kind: "json", status: 429, body: errorBody(429, "RESOURCE_EXHAUSTED", "Slow down."), headers: { "retry-after-ms": "120" } },
      { kind: "stream", protocol: "google", chunks: TEXT },
    );
    const started = performance.now();
    await collect(harness.provider.stream(ask("hi")));
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(delays).toEqual([120]);
  });

  it("retries a 500 twice, then succeeds", async () => {
    harness = await startHarness();
    const failure = { kind: "json", status: 500, body: errorBody(500, "INTERNAL", "Internal error encountered.") } as const;
    harness.server.enqueue(failure, failure, { kind: "stream", protocol: "google", chunks: TEXT });
    const parts = await collect(harness.provider.stream(ask("hi")));
    expect(
      parts
        .filter((part) => part.type === "text-delta")
        .map((part) => (part as { text: string }).text)
        .join(""),
    ).toBe('There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y');
    expect(harness.server.requests).toHaveLength(3);
  });

  it("leaves retrying to Baton even when a given client has its own retry options", async () => {
    harness = await startHarness();
    const client = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: harness.server.url, retryOptions: { attempts: 5, initialDelay: 0.01 } } });
    const provider = createGoogleProvider({ client, retry: { maxRetries: 0 } });
    harness.server.enqueue({ kind: "json", status: 500, body: errorBody(500, "INTERNAL", "Internal error encountered.") });
    const { error } = await readUntilError(provider.stream(ask("hi")));
    expect(error).toBeInstanceOf(ProviderServerError);
    expect(harness.server.requests).toHaveLength(1);
  });
});

describe("broken streams", () => {
  it("throws a stream cut after output without retrying it", async () => {
    harness = await startHarness();
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: [chunk("Hello"), chunk(" world"), chunk("!", "STOP")], cutAfter: 2 });
    const { parts, error } = await readUntilError(harness.provider.stream(ask("hi")));
    expect(parts).toEqual([
      { type: "text-delta", text: "Hello" },
      { type: "text-delta", text: " world" },
    ]);
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect(error).toMatchObject({ requestId: "resp-1" });
    expect(harness.server.requests).toHaveLength(1);
  });

  it("retries a stream cut before any output", async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { kind: "stream", protocol: "google", chunks: [chunk("lost", "STOP")], cutAfter: 0 },
      { kind: "stream", protocol: "google", chunks: TEXT },
    );
    const parts = await collect(harness.provider.stream(ask("hi")));
    expect(parts[0]).toEqual({ type: "text-delta", text: "There are **3**" });
    expect(harness.server.requests).toHaveLength(2);
  });

  it("treats a stream that closes without a finish reason as cut off", async () => {
    harness = await startHarness();
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: [chunk("Half an ans")] });
    const { parts, error } = await readUntilError(harness.provider.stream(ask("hi")));
    expect(parts).toEqual([{ type: "text-delta", text: "Half an ans" }]);
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect((error as Error).message).toContain("without a finish reason");
  });

  it("throws an error event sent mid-stream as a typed error, after the output, without retrying", async () => {
    harness = await startHarness();
    harness.server.enqueue({
      kind: "stream",
      protocol: "google",
      chunks: [chunk("Hello"), JSON.stringify(errorBody(500, "INTERNAL", "An internal error has occurred."))],
    });
    const { parts, error } = await readUntilError(harness.provider.stream(ask("hi")));
    expect(parts).toEqual([{ type: "text-delta", text: "Hello" }]);
    expect(error).toBeInstanceOf(ProviderServerError);
    expect(error).toMatchObject({ status: 500, providerCode: "INTERNAL", message: "google: An internal error has occurred." });
    expect(harness.server.requests).toHaveLength(1);
  });

  it("retries an error event that arrives before any output", async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { kind: "stream", protocol: "google", chunks: [JSON.stringify(errorBody(503, "UNAVAILABLE", "The model is overloaded. Please try again later."))] },
      { kind: "stream", protocol: "google", chunks: TEXT },
    );
    const parts = await collect(harness.provider.stream(ask("hi")));
    expect(parts.at(-1)).toMatchObject({ type: "finish", reason: "stop" });
    expect(harness.server.requests).toHaveLength(2);
  });

  it("aborts mid-stream: RunAbortedError, and the HTTP request is cancelled", async () => {
    harness = await startHarness();
    const chunks = Array.from({ length: 50 }, (_, i) => chunk(`piece ${i} `));
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: [...chunks, chunk("", "STOP")], delayMs: 20 });
    const controller = new AbortController();
    const parts: ModelStreamPart[] = [];
    const error = await (async () => {
      for await (const part of harness!.provider.stream(ask("hi", { signal: controller.signal }))) {
        parts.push(part);
        if (parts.length === 2) controller.abort(new Error("user left"));
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunAbortedError);
    expect(parts).toHaveLength(2);
    await expect.poll(() => harness!.server.clientAborts).toBe(1);
  });

  it("cancels the HTTP request when the consumer stops reading early", async () => {
    harness = await startHarness();
    const chunks = Array.from({ length: 50 }, (_, i) => chunk(`piece ${i} `));
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: [...chunks, chunk("", "STOP")], delayMs: 20 });
    for await (const part of harness.provider.stream(ask("hi"))) {
      expect(part).toEqual({ type: "text-delta", text: "piece 0 " });
      break;
    }
    await expect.poll(() => harness!.server.clientAborts).toBe(1);
  });

  it("does not start a call whose signal has already fired", async () => {
    harness = await startHarness();
    const controller = new AbortController();
    controller.abort();
    await expect(collect(harness.provider.stream(ask("hi", { signal: controller.signal })))).rejects.toBeInstanceOf(RunAbortedError);
    expect(harness.server.requests).toHaveLength(0);
  });
});

describe("typed errors", () => {
  const cases = [
    { status: 401, body: errorBody(401, "UNAUTHENTICATED", "Request had invalid authentication credentials."), type: AuthenticationError },
    { status: 403, body: errorBody(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers."), type: AuthenticationError },
    {
      status: 400,
      body: {
        error: {
          code: 400,
          message: "API key not valid. Please pass a valid API key.",
          status: "INVALID_ARGUMENT",
          details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }],
        },
      },
      type: AuthenticationError,
    },
    {
      status: 400,
      body: errorBody(400, "INVALID_ARGUMENT", "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."),
      type: ContextLengthExceededError,
    },
    { status: 400, body: errorBody(400, "INVALID_ARGUMENT", "Invalid JSON payload received."), type: InvalidRequestError },
    { status: 404, body: errorBody(404, "NOT_FOUND", "models/gemini-9 is not found for API version v1beta."), type: InvalidRequestError },
    { status: 503, body: errorBody(503, "UNAVAILABLE", "The model is overloaded. Please try again later."), type: ProviderOverloadedError },
    { status: 500, body: errorBody(500, "INTERNAL", "An internal error has occurred."), type: ProviderServerError },
  ];

  for (const { status, body, type } of cases) {
    it(`${status} ${body.error.status} → ${type.name}, with Google's message and the request id`, async () => {
      harness = await startHarness({ retry: { maxRetries: 0 } });
      harness.server.enqueue({ kind: "json", status, body, headers: { "x-request-id": `req-${status}` } });
      const { error } = await readUntilError(harness.provider.stream(ask("hi")));
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ status, requestId: `req-${status}`, providerCode: body.error.status, message: `google: ${body.error.message}` });
      expect((error as Error).cause).toMatchObject({ name: "ApiError", status });
    });
  }

  it("maps a non-JSON error page by its status", async () => {
    harness = await startHarness({ retry: { maxRetries: 0 } });
    harness.server.enqueue({ kind: "json", status: 502, body: "Bad Gateway", headers: { "content-type": "text/html" } });
    const { error } = await readUntilError(harness.provider.stream(ask("hi")));
    expect(error).toBeInstanceOf(ProviderServerError);
    expect(error).toMatchObject({ status: 502 });
  });

  it("reports a connection that cannot be made as a retryable stream error", async () => {
    harness = await startHarness({ retry: { maxRetries: 0 } });
    const url = harness.server.url;
    await harness.server.close();
    harness = undefined;
    const provider = createGoogleProvider({ apiKey: "k", baseURL: url, retry: { maxRetries: 0 } });
    const { error } = await readUntilError(provider.stream(ask("hi")));
    expect(error).toBeInstanceOf(ProviderStreamError);
    expect(error).toMatchObject({ retryable: true });
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
        body: errorBody(status, status === 409 ? "ABORTED" : "UNKNOWN", `status ${status} from the server`),
        headers: { "x-request-id": `req-${status}` },
      });
      const { error } = await readUntilError(harness.provider.stream(ask("hi")));
      expect([failureKindOfError(error as BatonError), (error as BatonError).retryable]).toEqual([kind, retryable]);
      expect(error).toMatchObject({ status, requestId: `req-${status}`, message: `google: status ${status} from the server` });
      expect(harness.server.requests).toHaveLength(1);
    });
  }

  it("a 409 (ABORTED) is retried by the policy, then the answer comes", async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { kind: "json", status: 409, body: errorBody(409, "ABORTED", "The operation was aborted.") },
      { kind: "stream", protocol: "google", chunks: TEXT },
    );
    const parts = await collect(harness.provider.stream(ask("hi")));
    expect(parts.filter((part) => part.type === "text-delta").length).toBeGreaterThan(0);
    expect(harness.server.requests).toHaveLength(2);
  });
});

describe("toGoogleError called directly", () => {
  const apiError = (status: number, body: object): Error => Object.assign(new Error(JSON.stringify(body)), { name: "ApiError", status });

  it("takes the request id from the context when no header names one, before the response id", () => {
    const error = toGoogleError(apiError(409, errorBody(409, "ABORTED", "Conflict.")), { requestId: "req-ctx", responseId: "resp-1" });
    expect(error).toMatchObject({ status: 409, requestId: "req-ctx", providerCode: "ABORTED", retryable: true, message: "google: Conflict." });
    expect(toGoogleError(apiError(409, errorBody(409, "ABORTED", "Conflict.")), { responseId: "resp-1" })).toMatchObject({ requestId: "resp-1" });
    const headers = new Headers({ "x-request-id": "req-header" });
    expect(toGoogleError(apiError(409, errorBody(409, "ABORTED", "Conflict.")), { requestId: "req-ctx", headers })).toMatchObject({ requestId: "req-header" });
  });
});
