import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderStreamError, RateLimitError } from "@baton/core";
import { listProviderFixtures, loadProviderFixture, startProviderServer, type ProviderServer } from "@baton/testing";
import OpenAI from "openai";
import { assemble, collect, providerFor, request } from "./support/harness.js";

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(async () => {
  await server.close();
});

/** The recording split into one stream per response (it holds several, one per turn). */
function responsesOf(name: string): string[][] {
  const streams: string[][] = [];
  for (const line of loadProviderFixture("openai-responses", name)) {
    if ((JSON.parse(line) as { type: string }).type === "response.created") streams.push([]);
    streams.at(-1)!.push(line);
  }
  return streams;
}

const ENCRYPTED = "openai-reasoning-encrypted-content.1";

describe("recorded Responses API streams", () => {
  it("covers every recording of the openai-responses folder", () => {
    expect(listProviderFixtures("openai-responses")).toEqual(["openai-custom-tool.1", "openai-error.1", ENCRYPTED, "parallel-tool-call-wrapper.1"]);
  });

  it("reasoning with encrypted content: summary deltas with the item id, encrypted_content as redactedData, then a function call", async () => {
    const [first] = responsesOf(ENCRYPTED);
    server.enqueue({ kind: "stream", protocol: "openai-responses", chunks: first! });
    const parts = await collect(providerFor(server, { api: "responses" }).stream(request({ model: "gpt-5.1-codex-max" })));
    const { text, reasoning, toolCalls, finish } = assemble(parts);
    const done = JSON.parse(first![38]!) as { item: { id: string; encrypted_content: string } };
    expect(text).toBe("");
    expect(reasoning).toEqual([
      {
        id: "rs_01830d662ab3856501693c321405c88190be3ab04d5782d5f9",
        text: "**Calculating step-by-step using calculator**\n\nI'll compute 12 plus 7, then multiply the result by 3, and finally multiply that by 10, reporting the final product.",
        redactedData: done.item.encrypted_content,
      },
    ]);
    // The encrypted content of the finished item (not the partial one of `output_item.added`), on its own part.
    expect(done.item.encrypted_content).toHaveLength(1060);
    expect(parts.find((part) => part.type === "reasoning-delta" && part.redactedData !== undefined)).toEqual({
      type: "reasoning-delta",
      text: "",
      id: "rs_01830d662ab3856501693c321405c88190be3ab04d5782d5f9",
      redactedData: done.item.encrypted_content,
    });
    expect(toolCalls).toEqual([{ index: 0, id: "call_AB6AaRZ1FYZB2RwS6A5vbdqn", name: "calculator", arguments: '{"a":12,"b":7,"op":"add"}' }]);
    expect(finish).toEqual({ type: "finish", reason: "tool_calls", usage: { inputTokens: 134, outputTokens: 28, cachedInputTokens: 0, reasoningTokens: 0 } });
  });

  it("the later turns of the same recording: a function call each, then the final text", async () => {
    const [, second, third, fourth] = responsesOf(ENCRYPTED);
    server.enqueue(
      { kind: "stream", protocol: "openai-responses", chunks: second! },
      { kind: "stream", protocol: "openai-responses", chunks: third! },
      { kind: "stream", protocol: "openai-responses", chunks: fourth! },
    );
    const provider = providerFor(server, { api: "responses" });
    const turns = [];
    for (let i = 0; i < 3; i++) turns.push(assemble(await collect(provider.stream(request({ model: "gpt-5.1-codex-max" })))));
    expect(turns.map((turn) => turn.toolCalls)).toEqual([
      [{ index: 0, id: "call_Q6pW65MUgW9vF59BmItYGos3", name: "calculator", arguments: '{"a":19,"b":3,"op":"multiply"}' }],
      [{ index: 0, id: "call_Zl5vIMnD7dVAjgU6FkhmiCZh", name: "calculator", arguments: '{"a":57,"b":10,"op":"multiply"}' }],
      [],
    ]);
    expect(turns[2]!.text).toBe("The final result is **570**.");
    expect(turns.map((turn) => turn.finish)).toEqual([
      { type: "finish", reason: "tool_calls", usage: { inputTokens: 221, outputTokens: 26, cachedInputTokens: 0, reasoningTokens: 0 } },
      { type: "finish", reason: "tool_calls", usage: { inputTokens: 260, outputTokens: 26, cachedInputTokens: 0, reasoningTokens: 0 } },
      { type: "finish", reason: "stop", usage: { inputTokens: 299, outputTokens: 12, cachedInputTokens: 0, reasoningTokens: 0 } },
    ]);
  });

  it("stops reading at response.completed, even when the connection carries more", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-responses", chunks: loadProviderFixture("openai-responses", ENCRYPTED) });
    const { toolCalls, finish } = assemble(await collect(providerFor(server, { api: "responses" }).stream(request())));
    expect(toolCalls.map((call) => call.id)).toEqual(["call_AB6AaRZ1FYZB2RwS6A5vbdqn"]);
    expect(finish).toMatchObject({ reason: "tool_calls", usage: { inputTokens: 134 } });
  });

  it("a custom tool call: its free-form input streamed as the JSON string of `input`", async () => {
    server.enqueue({ kind: "stream", protocol: "openai-responses", chunks: loadProviderFixture("openai-responses", "openai-custom-tool.1") });
    const provider = providerFor(server, { api: "responses", customTools: { write_sql: { type: "grammar", syntax: "regex", definition: "SELECT .+" } } });
    const parts = await collect(
      provider.stream(
        request({
          model: "gpt-5.2-codex",
          tools: [{ name: "write_sql", description: "Write a SQL SELECT query.", parameters: { type: "object", properties: { input: { type: "string" } } } }],
        }),
      ),
    );
    expect(parts.filter((part) => part.type === "tool-call-delta")).toEqual([
      { type: "tool-call-delta", index: 0, id: "call_custom_sql_001", name: "write_sql", argumentsDelta: '{"input":"' },
      { type: "tool-call-delta", index: 0, argumentsDelta: "SELECT * " },
      { type: "tool-call-delta", index: 0, argumentsDelta: "FROM users " },
      { type: "tool-call-delta", index: 0, argumentsDelta: "WHERE age > 25" },
      { type: "tool-call-delta", index: 0, argumentsDelta: '"}' },
    ]);
    const { toolCalls, finish } = assemble(parts);
    expect(JSON.parse(toolCalls[0]!.arguments)).toEqual({ input: "SELECT * FROM users WHERE age > 25" });
    expect(finish).toEqual({ type: "finish", reason: "tool_calls", usage: { inputTokens: 50, outputTokens: 20, cachedInputTokens: 0, reasoningTokens: 0 } });
    expect(server.requests.at(-1)?.body).toMatchObject({
      tools: [
        { type: "custom", name: "write_sql", description: "Write a SQL SELECT query.", format: { type: "grammar", syntax: "regex", definition: "SELECT .+" } },
      ],
    });
  });

  it("an error event mid-stream: the typed error of its code, with the message and request id", async () => {
    server.enqueue({
      kind: "stream",
      protocol: "openai-responses",
      chunks: loadProviderFixture("openai-responses", "openai-error.1"),
      headers: { "x-request-id": "req_quota" },
    });
    const provider = providerFor(server, { api: "responses", retry: { maxRetries: 0 } });
    const error = await collect(provider.stream(request({ model: "gpt-5-nano" }))).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      message:
        "openai: You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
      providerCode: "insufficient_quota",
      requestId: "req_quota",
      status: undefined,
    });
  });

  it("an error event before any output is retried like any retryable failure", async () => {
    const [last] = responsesOf(ENCRYPTED).slice(-1);
    server.enqueue(
      { kind: "stream", protocol: "openai-responses", chunks: loadProviderFixture("openai-responses", "openai-error.1") },
      { kind: "stream", protocol: "openai-responses", chunks: last! },
    );
    const { text } = assemble(await collect(providerFor(server, { api: "responses" }).stream(request())));
    expect(text).toBe("The final result is **570**.");
    expect(server.pending).toBe(0);
  });

  describe("parallel-tool-call-wrapper", () => {
    const recorded = loadProviderFixture("openai-responses", "parallel-tool-call-wrapper.1");
    const quiet = () => new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1`, logLevel: "off" });

    it("the recording as stored has two unreadable lines (a closing brace is missing): the stream breaks off, a ProviderStreamError", async () => {
      expect(recorded.filter((line) => !isJson(line)).map((line) => recorded.indexOf(line))).toEqual([0, 5]);
      server.enqueue({ kind: "stream", protocol: "openai-responses", chunks: recorded });
      const provider = providerFor(server, { api: "responses", client: quiet(), retry: { maxRetries: 0 } });
      const error = await collect(provider.stream(request())).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderStreamError);
      // The test server reads each line's `type` to frame it, fails on the first line and drops the connection.
      expect((error as Error).message).toMatch(/^openai: The stream broke off: terminated/);
    });

    it("repaired, the multi_tool_use.parallel wrapper is unwrapped into its calls", async () => {
      const repaired = recorded.map((line) => (isJson(line) ? line : `${line}}`));
      server.enqueue({ kind: "stream", protocol: "openai-responses", chunks: repaired });
      const provider = providerFor(server, { api: "responses", client: quiet() });
      const tools = ["weather", "cityAttractions"].map((name) => ({ name, description: name, parameters: { type: "object" } }));
      const { toolCalls, finish } = assemble(await collect(provider.stream(request({ tools }))));
      expect(toolCalls).toEqual([
        { index: 0, id: "call_parallel_0", name: "weather", arguments: '{"location":"San Francisco"}' },
        { index: 1, id: "call_parallel_1", name: "cityAttractions", arguments: '{"city":"Rome"}' },
      ]);
      expect(finish).toEqual({ type: "finish", reason: "tool_calls", usage: { inputTokens: 34, outputTokens: 28, cachedInputTokens: 0, reasoningTokens: 0 } });
    });
  });
});

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}
