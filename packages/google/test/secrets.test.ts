import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AuthenticationError, ProviderServerError, ProviderStreamError, RateLimitError } from "@baton/core";
import { GoogleGenAI } from "@google/genai";
import { run } from "@baton/loop";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import { createGoogleProvider, type GoogleProvider } from "../src/index.js";
import { ask } from "./support/provider-harness.js";
import { SECRET, findSecret, refusedProviderURL, streamFailure } from "@baton/testing";

let server: ProviderServer;
beforeEach(async () => {
  server = await startProviderServer();
});
afterEach(async () => {
  await server.close();
});

const chunk = (text: string, finish?: string): string =>
  JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text }] }, ...(finish ? { finishReason: finish } : {}) }], responseId: "resp-1" });
const errorBody = (code: number, status: string, message: string) => ({ error: { code, message, status } });

/** A provider with the distinctive key and no retries, pointed at `url` (through its own client, or one of the user's). */
function providerAt(url: string, how: "apiKey" | "client" = "apiKey"): GoogleProvider {
  const retry = { maxRetries: 0 };
  if (how === "apiKey") return createGoogleProvider({ apiKey: SECRET, baseURL: url, retry });
  return createGoogleProvider({ client: new GoogleGenAI({ apiKey: SECRET, httpOptions: { baseUrl: url } }), retry });
}

const failure = streamFailure;
const deadURL = refusedProviderURL;

type Provoke = (server: ProviderServer) => Promise<string | void>;
const faults: Array<[string, new (...args: never[]) => Error, Provoke]> = [
  [
    "401",
    AuthenticationError,
    async (s) => void s.enqueue({ kind: "json", status: 401, body: errorBody(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.") }),
  ],
  ["500", ProviderServerError, async (s) => void s.enqueue({ kind: "json", status: 500, body: errorBody(500, "INTERNAL", "Internal error encountered.") })],
  [
    "429",
    RateLimitError,
    async (s) => void s.enqueue({ kind: "json", status: 429, body: errorBody(429, "RESOURCE_EXHAUSTED", "Slow down."), headers: { "retry-after": "0" } }),
  ],
  ["connection refused", ProviderStreamError, async () => deadURL()],
  [
    "stream cut mid-way",
    ProviderStreamError,
    async (s) => void s.enqueue({ kind: "stream", protocol: "google", chunks: [chunk("Hello"), chunk(" world"), chunk("!", "STOP")], cutAfter: 2 }),
  ],
];

describe("secrets: no error carries the API key", () => {
  for (const how of ["apiKey", "client"] as const) {
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
    server.enqueue({ kind: "json", status: 401, body: errorBody(401, "UNAUTHENTICATED", "no") });
    await failure(providerAt(server.url).stream(ask("hi")));
    expect(JSON.stringify(server.requests[0])).toContain(SECRET);
  });

  for (const how of ["apiKey", "client"] as const) {
    it(`${how}: a server that echoes the whole key in its 400 message: the key is replaced by ***`, async () => {
      server.enqueue({ kind: "json", status: 400, body: errorBody(400, "INVALID_ARGUMENT", `API key not valid: ${SECRET}. Please pass a valid API key.`) });
      const error = await failure(providerAt(server.url, how).stream(ask("hi")));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as Error).message).toBe("google: API key not valid: ***. Please pass a valid API key.");
      expect((error as Error).cause).toMatchObject({ name: "ApiError", status: 400 });
      expect(findSecret(error)).toEqual([]);
    });
  }

  it("a server that echoes the key in a response header of its 401: the error holds no headers", async () => {
    server.enqueue({
      kind: "json",
      status: 401,
      body: errorBody(401, "UNAUTHENTICATED", "Unauthenticated."),
      headers: { "x-echo-goog-api-key": SECRET, "x-request-id": "req_echo" },
    });
    const error = await failure(providerAt(server.url).stream(ask("hi")));
    expect(error).toMatchObject({ message: "google: Unauthenticated.", status: 401, requestId: "req_echo" });
    expect(findSecret(error)).toEqual([]);
  });

  it("an error object inside the stream that echoes the key: the key is replaced by ***", async () => {
    server.enqueue({ kind: "stream", protocol: "google", chunks: [JSON.stringify(errorBody(500, "INTERNAL", `Internal error for key ${SECRET}`))] });
    const error = await failure(providerAt(server.url).stream(ask("hi")));
    expect((error as Error).message).toContain("***");
    expect(findSecret(error)).toEqual([]);
  });

  for (const [label, , provoke] of faults) {
    it(`a run() that fails on a ${label}: neither the result nor an event carries the key`, async () => {
      const url = (await provoke(server)) ?? server.url;
      const events: unknown[] = [];
      const result = await run({ provider: providerAt(url), model: "gemini-2.5-flash", input: "hi", onEvent: (event) => void events.push(event) });
      expect(result.stopReason).toBe("error");
      expect(events.length).toBeGreaterThan(0);
      expect(findSecret(result)).toEqual([]);
      expect(JSON.stringify(result)).not.toContain(SECRET);
      expect(events.flatMap((event) => findSecret(event))).toEqual([]);
    });
  }
});
