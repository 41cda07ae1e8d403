import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AuthenticationError, ProviderServerError, ProviderStreamError, RateLimitError } from "@baton/core";
import { run } from "@baton/loop";
import { loadProviderFixture, startProviderServer, type ProviderServer } from "@baton/testing";
import { createAnthropicProvider, type AnthropicProvider } from "../src/index.js";
import { ask } from "./support/anthropic-harness.js";
import { errorBody } from "./support/anthropic-events.js";
import { SECRET, findSecret, refusedProviderURL, streamFailure } from "@baton/testing";

let server: ProviderServer;
beforeEach(async () => {
  server = await startProviderServer();
});
afterEach(async () => {
  await server.close();
});

const TEXT = loadProviderFixture("anthropic", "anthropic-text");

/** A provider with the distinctive key, no retries, on an SDK client pointed at `url`. */
function providerAt(url: string, how: "apiKey" | "client" | "authToken" = "apiKey"): AnthropicProvider {
  const retry = { maxRetries: 0 };
  if (how === "apiKey") return createAnthropicProvider({ apiKey: SECRET, baseURL: url, retry });
  const client =
    how === "client"
      ? new Anthropic({ apiKey: SECRET, baseURL: url, maxRetries: 0 })
      : new Anthropic({ apiKey: null, authToken: SECRET, baseURL: url, maxRetries: 0 });
  return createAnthropicProvider({ client, retry });
}

const failure = streamFailure;
const deadURL = refusedProviderURL;

type Provoke = (server: ProviderServer) => Promise<string | void>;
const faults: Array<[string, new (...args: never[]) => Error, Provoke]> = [
  ["401", AuthenticationError, async (s) => void s.enqueue({ kind: "json", status: 401, body: errorBody("authentication_error", "invalid x-api-key") })],
  ["500", ProviderServerError, async (s) => void s.enqueue({ kind: "json", status: 500, body: errorBody("api_error", "Internal server error") })],
  [
    "429",
    RateLimitError,
    async (s) => void s.enqueue({ kind: "json", status: 429, body: errorBody("rate_limit_error", "Rate limited"), headers: { "retry-after": "0" } }),
  ],
  ["connection refused", ProviderStreamError, async () => deadURL()],
  ["stream cut mid-way", ProviderStreamError, async (s) => void s.enqueue({ kind: "stream", protocol: "anthropic", chunks: TEXT, cutAfter: 6 })],
];

describe("secrets: no error carries the API key", () => {
  for (const how of ["apiKey", "client", "authToken"] as const) {
    for (const [label, ErrorType, provoke] of faults) {
      it(`${how}: a ${label} error has the key nowhere (message, stack, cause chain, toJSON, inspect)`, async () => {
        const url = (await provoke(server)) ?? server.url;
        const error = await failure(providerAt(url, how).stream(ask("hi")));
        expect(error).toBeInstanceOf(ErrorType);
        expect(findSecret(error)).toEqual([]);
      });
    }
  }

  it("the key sent by the SDK is the one the scan looks for (the scan is not vacuous)", async () => {
    server.enqueue({ kind: "json", status: 401, body: errorBody("authentication_error", "no") });
    await failure(providerAt(server.url).stream(ask("hi")));
    expect(JSON.stringify(server.requests[0])).toContain(SECRET);
  });

  for (const how of ["apiKey", "client", "authToken"] as const) {
    it(`${how}: a server that echoes the whole key in its 401 message: the key is replaced by ***`, async () => {
      server.enqueue({ kind: "json", status: 401, body: errorBody("authentication_error", `invalid x-api-key: ${SECRET}`) });
      const error = await failure(providerAt(server.url, how).stream(ask("hi")));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as Error).message).toBe("anthropic: invalid x-api-key: ***");
      expect(findSecret(error)).toEqual([]);
    });
  }

  it("a server that echoes the key in a response header of its 401: the cause keeps no headers", async () => {
    server.enqueue({
      kind: "json",
      status: 401,
      body: errorBody("authentication_error", "invalid x-api-key"),
      headers: { "x-echo-api-key": SECRET, "request-id": "req_echo" },
    });
    const error = await failure(providerAt(server.url).stream(ask("hi")));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ message: "anthropic: invalid x-api-key", status: 401, requestId: "req_echo" });
    expect((error as Error).cause).toMatchObject({ status: 401 });
    expect((error as { cause: { headers?: unknown } }).cause.headers).toBeUndefined();
    expect(findSecret(error)).toEqual([]);
  });

  it("an error event inside the stream that echoes the key: the key is replaced by ***", async () => {
    const events = TEXT.slice(0, 3).concat(JSON.stringify({ type: "error", error: { type: "overloaded_error", message: `Overloaded (key ${SECRET})` } }));
    server.enqueue({ kind: "stream", protocol: "anthropic", chunks: events });
    const error = await failure(providerAt(server.url).stream(ask("hi")));
    expect((error as Error).message).toContain("***");
    expect(findSecret(error)).toEqual([]);
  });

  for (const [label, , provoke] of faults) {
    it(`a run() that fails on a ${label}: neither the result nor an event carries the key`, async () => {
      const url = (await provoke(server)) ?? server.url;
      const events: unknown[] = [];
      const result = await run({ provider: providerAt(url), model: "claude-haiku-4-5", input: "hi", onEvent: (event) => void events.push(event) });
      expect(result.stopReason).toBe("error");
      expect(events.length).toBeGreaterThan(0);
      expect(findSecret(result)).toEqual([]);
      expect(JSON.stringify(result)).not.toContain(SECRET);
      expect(events.flatMap((event) => findSecret(event))).toEqual([]);
    });
  }
});
