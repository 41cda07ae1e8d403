import { describe, expect, it } from "vitest";
import { ConfigurationError } from "@baton/core";
import { expectUnknownOptionRejected, optionsError } from "@baton/testing";
import OpenAI from "openai";
import { createOpenAIProvider, OPENAI_PROVIDER_OPTION_RULES, OpenAIProvider, type OpenAIProviderOptions } from "../src/index.js";

const ACCEPTED = [
  "apiKey",
  "baseURL",
  "client",
  "id",
  "name",
  "api",
  "retry",
  "models",
  "headers",
  "timeoutMs",
  "streamIdleTimeoutMs",
  "strictTools",
  "reasoningEffort",
  "extraBody",
  "systemRole",
  "maxTokensField",
  "includeUsage",
  "reasoningField",
  "store",
  "reasoningSummary",
  "includeEncryptedReasoning",
  "customTools",
];

const bad = (options: unknown): OpenAIProviderOptions => options as OpenAIProviderOptions;

describe("createOpenAIProvider checks its options", () => {
  it("lists every key of OpenAIProviderOptions as accepted", () => {
    expect(Object.keys(OPENAI_PROVIDER_OPTION_RULES)).toEqual(ACCEPTED);
  });

  it("rejects an unknown key, naming the accepted ones", async () => {
    await expectUnknownOptionRejected("createOpenAIProvider", "baseUrl", ACCEPTED, () => createOpenAIProvider(bad({ apiKey: "k", baseUrl: "http://x" })));
    await expectUnknownOptionRejected("new OpenAIProvider", "maxRetries", ACCEPTED, () => new OpenAIProvider(bad({ apiKey: "k", maxRetries: 3 })));
  });

  it("rejects a value of the wrong type", async () => {
    const error = await optionsError(() => createOpenAIProvider(bad({ apiKey: "k", strictTools: "yes" })));
    expect(error.message).toContain('createOpenAIProvider(): option "strictTools" must be a boolean, got "yes".');
    expect((await optionsError(() => createOpenAIProvider(bad({ reasoningEffort: "max" })))).message).toContain('option "reasoningEffort" must be one of');
    expect((await optionsError(() => createOpenAIProvider(bad({ streamIdleTimeoutMs: -1 })))).message).toContain(
      'option "streamIdleTimeoutMs" must be a non-negative integer',
    );
    expect((await optionsError(() => createOpenAIProvider(bad("k")))).message).toContain("the options must be an object");
  });

  it("keeps its own message for an unknown api", () => {
    expect(() => createOpenAIProvider(bad({ apiKey: "k", api: "assistants" }))).toThrow('openai: unknown api "assistants"; use "chat" or "responses".');
  });

  it("accepts valid options", () => {
    const client = new OpenAI({ apiKey: "k", maxRetries: 0 });
    expect(createOpenAIProvider({ apiKey: "k" }).api).toBe("chat");
    expect(
      createOpenAIProvider({ client, id: "groq", retry: { maxRetries: 1 }, headers: { "x-a": "b" }, timeoutMs: 1000, streamIdleTimeoutMs: 0 }).client,
    ).toBe(client);
    const responses = createOpenAIProvider({
      apiKey: "k",
      baseURL: "http://localhost:1/v1",
      api: "responses",
      store: false,
      reasoningEffort: "low",
      reasoningSummary: "auto",
      includeEncryptedReasoning: true,
      customTools: { sql: true },
      strictTools: true,
      extraBody: { seed: 1 },
      models: { "gpt-x": { contextWindow: 1000, maxOutputTokens: 100 } },
    });
    expect(responses.api).toBe("responses");
    expect(
      new OpenAIProvider({ apiKey: "k", systemRole: "developer", maxTokensField: "max_tokens", includeUsage: false, reasoningField: "reasoning_content" }).id,
    ).toBe("openai");
  });
});

describe("createOpenAIProvider checks the options inside its options", () => {
  it("rejects an unknown retry setting and headers that are not strings", async () => {
    await expectUnknownOptionRejected(
      "createOpenAIProvider: retry",
      "retries",
      ["maxRetries", "initialDelayMs", "maxDelayMs", "maxRetryAfterMs", "jitter"],
      () => createOpenAIProvider(bad({ apiKey: "k", retry: { retries: 3 } })),
    );
    expect((await optionsError(() => createOpenAIProvider(bad({ apiKey: "k", retry: { jitter: 2 } })))).message).toContain(
      'createOpenAIProvider: retry(): option "jitter" must be a number in [0, 1], got 2.',
    );
    expect((await optionsError(() => createOpenAIProvider(bad({ apiKey: "k", headers: { "x-a": 1 } })))).message).toContain(
      'option "headers" must be an object of strings',
    );
    expect(() => createOpenAIProvider(bad({ apiKey: "k", retry: { maxRetries: 0 }, headers: { "x-a": "1" } }))).not.toThrow();
  });
});

describe("the provider id option", () => {
  it("sets the provider's id with `id`", () => {
    const groq = createOpenAIProvider({ apiKey: "k", id: "groq" });
    expect(groq.id).toBe("groq");
    expect(createOpenAIProvider({ apiKey: "k" }).id).toBe("openai");
  });

  it("still accepts the deprecated `name` for one release, with the same effect", () => {
    expect(createOpenAIProvider({ apiKey: "k", name: "groq" }).id).toBe("groq");
    expect(new OpenAIProvider({ apiKey: "k", name: "deepseek" }).id).toBe("deepseek");
  });

  it("rejects `id` and `name` given together, even when they agree", async () => {
    for (const [id, name] of [
      ["groq", "xai"],
      ["groq", "groq"],
    ]) {
      const error = await optionsError(() => createOpenAIProvider({ apiKey: "k", id, name }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe('openai: pass the provider id as "id" only; "name" is its former name, and both were given.');
      expect(error.details).toEqual({ id, name });
    }
  });

  it("checks `id` like `name`: a non-empty string", async () => {
    expect((await optionsError(() => createOpenAIProvider(bad({ apiKey: "k", id: "" })))).message).toContain('option "id" must be');
    expect((await optionsError(() => createOpenAIProvider(bad({ apiKey: "k", id: 7 })))).message).toContain('option "id" must be');
  });

  it("errors carry the id", async () => {
    const provider = createOpenAIProvider({ id: "groq", apiKey: "k", baseURL: "http://127.0.0.1:9/v1", retry: { maxRetries: 0 } });
    const stream = provider.stream({ model: "llama", messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }] });
    await expect(
      (async () => {
        for await (const _ of stream) void _;
      })(),
    ).rejects.toMatchObject({ provider: "groq" });
  });
});
