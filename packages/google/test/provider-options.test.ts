import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigurationError } from "@baton/core";
import { GoogleGenAI } from "@google/genai";
import { loadProviderFixture } from "@baton/testing";
import { createGoogleProvider } from "../src/index.js";
import { retryAfterMs, retryInfoDelayMs } from "../src/errors/retry-after.js";
import { ask, collect, startHarness, type Harness } from "./support/provider-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await harness?.server.close();
  harness = undefined;
});

describe("createGoogleProvider", () => {
  it("needs an API key or a client", () => {
    vi.stubEnv("GOOGLE_API_KEY", "");
    vi.stubEnv("GEMINI_API_KEY", "");
    expect(() => createGoogleProvider()).toThrow(ConfigurationError);
    expect(() => createGoogleProvider()).toThrow(/GEMINI_API_KEY/);
  });

  it("reads GEMINI_API_KEY from the environment", async () => {
    vi.stubEnv("GOOGLE_API_KEY", "");
    vi.stubEnv("GEMINI_API_KEY", "from-env");
    harness = await startHarness();
    const provider = createGoogleProvider({ baseURL: harness.server.url });
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: loadProviderFixture("google", "google-text") });
    await collect(provider.stream(ask("hi")));
    expect(harness.server.requests[0]!.headers["x-goog-api-key"]).toBe("from-env");
    expect(provider.id).toBe("google");
  });

  it("drives a client you built, through its own settings", async () => {
    harness = await startHarness();
    const client = new GoogleGenAI({ apiKey: "own-key", httpOptions: { baseUrl: harness.server.url, headers: { "x-own": "yes" } } });
    const provider = createGoogleProvider({ client });
    expect(provider.client).toBe(client);
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: loadProviderFixture("google", "google-text") });
    const parts = await collect(provider.stream(ask("hi")));
    expect(parts.at(-1)).toMatchObject({ type: "finish", reason: "stop" });
    expect(harness.server.requests[0]!.headers).toMatchObject({ "x-goog-api-key": "own-key", "x-own": "yes" });
  });

  it("calls through the fetch it is given", async () => {
    harness = await startHarness();
    const urls: string[] = [];
    const provider = createGoogleProvider({
      apiKey: "k",
      baseURL: harness.server.url,
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: loadProviderFixture("google", "google-text") });
    await collect(provider.stream(ask("hi")));
    expect(urls).toEqual([`${harness.server.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`]);
  });
});

describe("retry delays", () => {
  it("reads retry-after-ms, RetryInfo and retry-after (seconds or a date), in that order", () => {
    const info = [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "37s" }];
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }), info)).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "9" }), info)).toBe(37_000);
    expect(retryAfterMs(new Headers({ "retry-after": "9" }), [])).toBe(9_000);
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 21 Oct 2026 07:28:05 GMT" }), undefined, Date.parse("Wed, 21 Oct 2026 07:28:00 GMT"))).toBe(5_000);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }), undefined)).toBeUndefined();
    expect(retryAfterMs(undefined, undefined)).toBeUndefined();
  });

  it("reads RetryInfo durations in both JSON forms", () => {
    expect(retryInfoDelayMs([{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "0.25s" }])).toBe(250);
    expect(retryInfoDelayMs([{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: { seconds: 2, nanos: 500_000_000 } }])).toBe(2_500);
    expect(retryInfoDelayMs([{ "@type": "type.googleapis.com/google.rpc.QuotaFailure", retryDelay: "5s" }])).toBeUndefined();
  });
});
