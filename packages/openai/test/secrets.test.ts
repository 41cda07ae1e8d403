import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AuthenticationError, ProviderServerError, ProviderStreamError, RateLimitError } from "@baton/core";
import { run } from "@baton/loop";
import { loadProviderFixture, startProviderServer, type ProviderServer } from "@baton/testing";
import OpenAI from "openai";
import { chatText, providerFor, request } from "./support/harness.js";
import { SECRET, findSecret, refusedProviderURL, streamFailure } from "@baton/testing";

let server: ProviderServer;
beforeEach(async () => {
  server = await startProviderServer();
});
afterEach(async () => {
  await server.close();
});

const NO_RETRY = { maxRetries: 0 };

const failure = streamFailure;
const deadURL = refusedProviderURL;

/** A recorded Responses API stream (its first response) cut after its first events. */
function cutResponses(s: ProviderServer): void {
  const lines = loadProviderFixture("openai-responses", "openai-reasoning-encrypted-content.1");
  const end = lines.findIndex((line, i) => i > 0 && (JSON.parse(line) as { type: string }).type === "response.created");
  s.enqueue({ kind: "stream", protocol: "openai-responses", chunks: end < 0 ? lines : lines.slice(0, end), cutAfter: 6 });
}

type Provoke = (server: ProviderServer) => Promise<string | void>;
const faults: Array<[string, new (...args: never[]) => Error, Provoke]> = [
  [
    "401",
    AuthenticationError,
    async (s) =>
      void s.enqueue({
        kind: "json",
        status: 401,
        body: { error: { message: "Incorrect API key provided: sk-test-***4242.", type: "invalid_request_error", code: "invalid_api_key" } },
      }),
  ],
  [
    "500",
    ProviderServerError,
    async (s) => void s.enqueue({ kind: "json", status: 500, body: { error: { message: "The server had an error", type: "server_error" } } }),
  ],
  [
    "429",
    RateLimitError,
    async (s) => void s.enqueue({ kind: "json", status: 429, body: { error: { message: "Rate limit reached" } }, headers: { "retry-after": "0" } }),
  ],
  ["connection refused", ProviderStreamError, async () => deadURL()],
  [
    "stream cut mid-way",
    ProviderStreamError,
    async (s) => void s.enqueue({ kind: "stream", protocol: "openai-chat", chunks: chatText(["Hel", "lo", " world"]), cutAfter: 3 }),
  ],
];

describe("secrets: no error carries the API key", () => {
  for (const api of ["chat", "responses"] as const) {
    for (const [label, ErrorType, provoke] of faults) {
      it(`${api}: a ${label} error has the key nowhere (message, stack, cause chain, toJSON, inspect)`, async () => {
        const url = api === "responses" && label === "stream cut mid-way" ? (cutResponses(server), server.url) : ((await provoke(server)) ?? server.url);
        const provider = providerFor({ ...server, url } as ProviderServer, { apiKey: SECRET, retry: NO_RETRY, api });
        const error = await failure(provider.stream(request()));
        expect(error).toBeInstanceOf(ErrorType);
        expect(findSecret(error)).toEqual([]);
      });
    }
  }

  it("the key sent by the SDK is the one the scan looks for (the scan is not vacuous)", async () => {
    server.enqueue({ kind: "json", status: 401, body: { error: { message: "no" } } });
    await failure(providerFor(server, { apiKey: SECRET, retry: NO_RETRY }).stream(request()));
    expect(JSON.stringify(server.requests[0])).toContain(SECRET);
  });

  for (const how of ["apiKey", "client"] as const) {
    it(`${how}: a server that echoes the whole key in its 401 message: the key is replaced by ***`, async () => {
      server.enqueue({ kind: "json", status: 401, body: { error: { message: `Incorrect API key provided: ${SECRET}.`, code: "invalid_api_key" } } });
      const options = how === "apiKey" ? { apiKey: SECRET } : { client: new OpenAI({ apiKey: SECRET, baseURL: `${server.url}/v1`, maxRetries: 0 }) };
      const error = await failure(providerFor(server, { ...options, retry: NO_RETRY }).stream(request()));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as Error).message).toBe("openai: Incorrect API key provided: ***.");
      expect((error as Error).cause).toMatchObject({ status: 401, code: "invalid_api_key" });
      expect(findSecret(error)).toEqual([]);
    });
  }

  it("a server that echoes the key in a response header of its 401: the cause keeps no headers", async () => {
    server.enqueue({
      kind: "json",
      status: 401,
      body: { error: { message: "Unauthorized" } },
      headers: { "x-echo-authorization": `Bearer ${SECRET}`, "x-request-id": "req_echo" },
    });
    const error = await failure(providerFor(server, { apiKey: SECRET, retry: NO_RETRY }).stream(request()));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ message: "openai: Unauthorized", status: 401, requestId: "req_echo" });
    expect((error as Error).cause).toMatchObject({ status: 401, message: expect.stringContaining("Unauthorized") });
    expect((error as { cause: { headers?: unknown } }).cause.headers).toBeUndefined();
    expect(findSecret(error)).toEqual([]);
  });

  for (const [label, , provoke] of faults) {
    it(`a run() that fails on a ${label}: neither the result nor an event carries the key`, async () => {
      const url = (await provoke(server)) ?? server.url;
      const events: unknown[] = [];
      const result = await run({
        provider: providerFor({ ...server, url } as ProviderServer, { apiKey: SECRET, retry: NO_RETRY }),
        model: "gpt-4.1",
        input: "Hi",
        onEvent: (event) => void events.push(event),
      });
      expect(result.stopReason).toBe("error");
      expect(events.length).toBeGreaterThan(0);
      expect(findSecret(result)).toEqual([]);
      expect(JSON.stringify(result)).not.toContain(SECRET);
      expect(events.flatMap((event) => findSecret(event))).toEqual([]);
    });
  }
});
