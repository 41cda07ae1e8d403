import { describe, expect, it } from "vitest";
import { GoogleGenAI } from "@google/genai";
import { expectUnknownOptionRejected, optionsError } from "@baton/testing";
import { createGoogleProvider, GOOGLE_PROVIDER_OPTION_RULES, GoogleProvider, type GoogleProviderOptions } from "../src/index.js";

const ACCEPTED = [
  "apiKey",
  "baseURL",
  "client",
  "retry",
  "onRetry",
  "models",
  "thinking",
  "safetySettings",
  "toolSchema",
  "headers",
  "fetch",
  "streamIdleTimeoutMs",
];

const bad = (options: unknown): GoogleProviderOptions => options as GoogleProviderOptions;

describe("createGoogleProvider checks its options", () => {
  it("lists every key of GoogleProviderOptions as accepted", () => {
    expect(Object.keys(GOOGLE_PROVIDER_OPTION_RULES)).toEqual(ACCEPTED);
  });

  it("rejects an unknown key, naming the accepted ones (before the API key is looked for)", async () => {
    await expectUnknownOptionRejected("createGoogleProvider", "baseUrl", ACCEPTED, () => createGoogleProvider(bad({ apiKey: "k", baseUrl: "http://x" })));
    await expectUnknownOptionRejected("createGoogleProvider", "vertexai", ACCEPTED, () => createGoogleProvider(bad({ vertexai: true })));
    await expectUnknownOptionRejected("new GoogleProvider", "thinkingConfig", ACCEPTED, () => new GoogleProvider(bad({ apiKey: "k", thinkingConfig: {} })));
  });

  it("rejects a value of the wrong type", async () => {
    const error = await optionsError(() => createGoogleProvider(bad({ apiKey: "k", toolSchema: "jsonschema" })));
    expect(error.message).toContain('createGoogleProvider(): option "toolSchema" must be one of "openapi", "json-schema", got "jsonschema".');
    expect((await optionsError(() => createGoogleProvider(bad({ apiKey: "k", thinking: true })))).message).toContain(
      'option "thinking" must be an object or false, got true',
    );
    expect((await optionsError(() => createGoogleProvider(bad({ apiKey: "k", fetch: {} })))).message).toContain('option "fetch" must be a function');
    expect((await optionsError(() => createGoogleProvider(bad({ apiKey: "k", safetySettings: {} })))).message).toContain(
      'option "safetySettings" must be an array',
    );
  });

  it("accepts valid options", () => {
    const client = new GoogleGenAI({ apiKey: "k" });
    expect(createGoogleProvider({ client, retry: { maxRetries: 1 }, onRetry: () => undefined, thinking: false, streamIdleTimeoutMs: 0 }).client).toBe(client);
    const provider = createGoogleProvider({
      apiKey: "k",
      baseURL: "http://localhost:1",
      headers: { "x-a": "b" },
      fetch: globalThis.fetch,
      models: { "gemini-x": { contextWindow: 1000, maxOutputTokens: 100 } },
      thinking: { thinkingBudget: 128 },
      safetySettings: [],
      toolSchema: "json-schema",
    });
    expect(provider.id).toBe("google");
    expect(new GoogleProvider({ apiKey: "k" }).id).toBe("google");
  });
});

describe("createGoogleProvider checks the options inside its options", () => {
  it("rejects an unknown retry setting and headers that are not strings", async () => {
    await expectUnknownOptionRejected(
      "createGoogleProvider: retry",
      "retries",
      ["maxRetries", "initialDelayMs", "maxDelayMs", "maxRetryAfterMs", "jitter"],
      () => createGoogleProvider(bad({ apiKey: "k", retry: { retries: 3 } })),
    );
    expect((await optionsError(() => createGoogleProvider(bad({ apiKey: "k", retry: { jitter: 2 } })))).message).toContain(
      'createGoogleProvider: retry(): option "jitter" must be a number in [0, 1], got 2.',
    );
    expect((await optionsError(() => createGoogleProvider(bad({ apiKey: "k", headers: { "x-a": 1 } })))).message).toContain(
      'option "headers" must be an object of strings',
    );
    expect(() => createGoogleProvider(bad({ apiKey: "k", retry: { maxRetries: 0 }, headers: { "x-a": "1" } }))).not.toThrow();
  });
});
