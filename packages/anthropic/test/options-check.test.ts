import { describe, expect, it } from "vitest";
import Anthropic from "@anthropic-ai/sdk";
import { expectUnknownOptionRejected, optionsError } from "@baton/testing";
import {
  ANTHROPIC_PROVIDER_OPTION_RULES,
  createAnthropicProvider,
  toAnthropicRequest,
  type AnthropicProviderOptions,
  type RequestDefaults,
} from "../src/index.js";

const ACCEPTED = ["apiKey", "baseURL", "client", "headers", "retry", "onRetry", "models", "maxOutputTokens", "thinking", "apiVersion", "streamIdleTimeoutMs"];

const bad = (options: unknown): AnthropicProviderOptions => options as AnthropicProviderOptions;

describe("createAnthropicProvider checks its options", () => {
  it("lists every key of AnthropicProviderOptions as accepted", () => {
    expect(Object.keys(ANTHROPIC_PROVIDER_OPTION_RULES)).toEqual(ACCEPTED);
  });

  it("rejects an unknown key, naming the accepted ones", async () => {
    await expectUnknownOptionRejected("createAnthropicProvider", "baseUrl", ACCEPTED, () => createAnthropicProvider(bad({ apiKey: "k", baseUrl: "http://x" })));
    await expectUnknownOptionRejected("createAnthropicProvider", "maxTokens", ACCEPTED, () => createAnthropicProvider(bad({ apiKey: "k", maxTokens: 1024 })));
  });

  it("rejects a value of the wrong type", async () => {
    const error = await optionsError(() => createAnthropicProvider(bad({ apiKey: "k", maxOutputTokens: "1024" })));
    expect(error.message).toContain('createAnthropicProvider(): option "maxOutputTokens" must be a positive integer, got "1024".');
    expect((await optionsError(() => createAnthropicProvider(bad({ apiKey: "k", onRetry: true })))).message).toContain(
      'option "onRetry" must be a function, got true',
    );
    expect((await optionsError(() => createAnthropicProvider(bad({ apiKey: "k", headers: "x" })))).message).toContain('option "headers" must be an object');
    expect((await optionsError(() => createAnthropicProvider(bad(null)))).message).toContain("the options must be an object, got null");
  });

  it("keeps its own message for a model the catalog lacks", () => {
    expect(() => createAnthropicProvider({ apiKey: "k", models: { "claude-internal-2": { contextWindow: 8_000 } } })).toThrow(
      /needs contextWindow and maxOutputTokens/,
    );
  });

  it("accepts valid options", () => {
    const client = new Anthropic({ apiKey: "k", maxRetries: 0 });
    expect(createAnthropicProvider({ client, retry: { maxRetries: 1 }, onRetry: () => undefined, streamIdleTimeoutMs: 0 }).id).toBe("anthropic");
    const provider = createAnthropicProvider({
      apiKey: "k",
      baseURL: "http://localhost:1",
      headers: { "anthropic-beta": "x" },
      models: { "claude-x": { contextWindow: 1000, maxOutputTokens: 100 } },
      maxOutputTokens: 1024,
      thinking: { type: "enabled", budget_tokens: 512 },
      apiVersion: "2023-06-01",
    });
    expect(provider.getModelInfo("claude-x")?.contextWindow).toBe(1000);
  });
});

describe("toAnthropicRequest checks its defaults", () => {
  const request = { model: "claude-haiku-4-5", messages: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }] };

  it("rejects an unknown key and a wrong type, accepts valid defaults", async () => {
    await expectUnknownOptionRejected("toAnthropicRequest", "max_tokens", ["maxOutputTokens", "thinking", "apiVersion"], () =>
      toAnthropicRequest(request, { max_tokens: 10 } as unknown as RequestDefaults, undefined),
    );
    expect((await optionsError(() => toAnthropicRequest(request, { maxOutputTokens: 0 }, undefined))).message).toContain(
      'option "maxOutputTokens" must be a positive integer',
    );
    expect(toAnthropicRequest(request, { maxOutputTokens: 10, apiVersion: "2023-06-01" }, undefined).max_tokens).toBe(10);
  });
});

describe("createAnthropicProvider checks the options inside its options", () => {
  it("rejects an unknown retry setting and headers that are not strings", async () => {
    await expectUnknownOptionRejected(
      "createAnthropicProvider: retry",
      "retries",
      ["maxRetries", "initialDelayMs", "maxDelayMs", "maxRetryAfterMs", "jitter"],
      () => createAnthropicProvider(bad({ apiKey: "k", retry: { retries: 3 } })),
    );
    expect((await optionsError(() => createAnthropicProvider(bad({ apiKey: "k", retry: { jitter: 2 } })))).message).toContain(
      'createAnthropicProvider: retry(): option "jitter" must be a number in [0, 1], got 2.',
    );
    expect((await optionsError(() => createAnthropicProvider(bad({ apiKey: "k", headers: { "x-a": 1 } })))).message).toContain(
      'option "headers" must be an object of strings',
    );
    expect(() => createAnthropicProvider(bad({ apiKey: "k", retry: { maxRetries: 0 }, headers: { "x-a": "1" } }))).not.toThrow();
  });
});
