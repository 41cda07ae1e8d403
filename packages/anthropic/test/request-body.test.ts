import { afterEach, describe, expect, it } from "vitest";
import type { Message, ModelRequest, ToolDefinition } from "@baton/core";
import { startProviderServer } from "@baton/testing";
import { createAnthropicProvider } from "../src/index.js";
import { ask, collect, collectUntilError, startHarness, type Harness } from "./support/anthropic-harness.js";
import { errorBody, textAnswer } from "./support/anthropic-events.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

const WEATHER: ToolDefinition = {
  name: "weather",
  description: "Current weather of a city.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
};
const TIME: ToolDefinition = { name: "time", description: "Current time of a city.", parameters: { properties: { city: { type: "string" } } } };

/** A conversation with everything the converter handles: system prompts, images, reasoning, tool calls and results, same-role runs. */
const CONVERSATION: Message[] = [
  { role: "system", content: "You are terse." },
  {
    role: "user",
    content: [
      { type: "text", text: "Weather and time in Paris and Rome?" },
      { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
      { type: "image", mediaType: "image/jpeg", url: "https://example.com/cat.jpg" },
    ],
  },
  { role: "user", content: [{ type: "text", text: "Be quick." }] },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "Two cities, two tools.", id: "msg_1:0", signature: "sig-1" },
      { type: "reasoning", text: "", id: "msg_1:1", redactedData: "opaque-data" },
      { type: "reasoning", text: "unsigned reasoning from elsewhere" },
      { type: "text", text: "Checking." },
      { type: "tool-call", toolCallId: "toolu_1", toolName: "weather", arguments: { city: "Paris" } },
      { type: "tool-call", toolCallId: "toolu_2", toolName: "time", arguments: {}, rawArguments: '{"city": "Rome"' },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "toolu_1", toolName: "weather", result: { tempC: 21 } },
      { type: "tool-result", toolCallId: "toolu_2", toolName: "time", result: "arguments are not valid JSON", isError: true },
    ],
  },
  { role: "system", content: "Answer in one line." },
  { role: "user", content: [{ type: "text", text: "And tomorrow?" }] },
];

async function send(request: ModelRequest, options: Parameters<typeof startHarness>[0] = {}): Promise<Record<string, unknown>> {
  harness = await startHarness(options);
  harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: textAnswer("msg_ok", ["ok"], { input: 5, output: 1 }) });
  await collect(harness.provider.stream(request));
  return harness.server.requests[0]!.body as Record<string, unknown>;
}

describe("request body", () => {
  it("puts every system message in `system`, alternates roles, leads with tool results and signed thinking, and maps images", async () => {
    const body = await send({
      model: "claude-opus-4-5",
      messages: CONVERSATION,
      tools: [WEATHER, TIME],
      toolChoice: "required",
      parallelToolCalls: false,
      maxOutputTokens: 1000,
    });
    expect(body).toEqual({
      model: "claude-opus-4-5",
      max_tokens: 1000,
      system: "You are terse.\n\nAnswer in one line.",
      stream: true,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Weather and time in Paris and Rome?" },
            { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
            { type: "image", source: { type: "url", url: "https://example.com/cat.jpg" } },
            { type: "text", text: "Be quick." },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "Two cities, two tools.", signature: "sig-1" },
            { type: "redacted_thinking", data: "opaque-data" },
            { type: "text", text: "Checking." },
            { type: "tool_use", id: "toolu_1", name: "weather", input: { city: "Paris" } },
            { type: "tool_use", id: "toolu_2", name: "time", input: {} },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "toolu_1", content: '{"tempC":21}' },
            { type: "tool_result", tool_use_id: "toolu_2", content: "arguments are not valid JSON", is_error: true },
            { type: "text", text: "And tomorrow?" },
          ],
        },
      ],
      tools: [
        {
          name: "weather",
          description: "Current weather of a city.",
          input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
        },
        { name: "time", description: "Current time of a city.", input_schema: { type: "object", properties: { city: { type: "string" } } } },
      ],
      tool_choice: { type: "any", disable_parallel_tool_use: true },
    });
  });

  it("maps every tool choice and the parallel flag", async () => {
    const choices: [ModelRequest["toolChoice"], boolean | undefined, unknown][] = [
      ["auto", undefined, { type: "auto" }],
      ["auto", true, { type: "auto", disable_parallel_tool_use: false }],
      [{ type: "tool", name: "weather" }, false, { type: "tool", name: "weather", disable_parallel_tool_use: true }],
      ["none", false, { type: "none" }],
      [undefined, false, { type: "auto", disable_parallel_tool_use: true }],
    ];
    for (const [toolChoice, parallelToolCalls, expected] of choices) {
      const body = await send(
        ask("hi", { tools: [WEATHER], ...(toolChoice ? { toolChoice } : {}), ...(parallelToolCalls === undefined ? {} : { parallelToolCalls }) }),
      );
      expect(body.tool_choice).toEqual(expected);
      // Tools stay in the request even with `none`, so earlier tool turns keep their definitions.
      expect(body.tools).toHaveLength(1);
      await harness!.server.close();
      harness = undefined;
    }
    const plain = await send(ask("hi", { toolChoice: "required", parallelToolCalls: false }));
    expect(plain).not.toHaveProperty("tools");
    expect(plain).not.toHaveProperty("tool_choice");
    expect(await send(ask("hi", { tools: [WEATHER] }))).not.toHaveProperty("tool_choice");
  });

  it("takes max_tokens from the request, the provider option, the catalog, or 4096", async () => {
    expect((await send(ask("hi", { model: "claude-haiku-4-5-20251001" }))).max_tokens).toBe(64_000);
    await harness!.server.close();
    expect((await send(ask("hi", { model: "claude-opus-5-5" }))).max_tokens).toBe(128_000);
    await harness!.server.close();
    expect((await send(ask("hi", { model: "claude-unknown-9" }))).max_tokens).toBe(4096);
    await harness!.server.close();
    expect((await send(ask("hi", { model: "claude-unknown-9" }), { maxOutputTokens: 2048 })).max_tokens).toBe(2048);
    await harness!.server.close();
    expect((await send(ask("hi", { maxOutputTokens: 300 }), { maxOutputTokens: 2048 })).max_tokens).toBe(300);
  });

  it("sends the thinking option, and drops temperature unless an API version before 2026-10-21 is pinned", async () => {
    const body = await send(ask("hi", { temperature: 0.2, maxOutputTokens: 8000 }), { thinking: { type: "enabled", budget_tokens: 2048 } });
    expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    expect(body).not.toHaveProperty("temperature");
    expect(harness!.server.requests[0]!.headers["anthropic-version"]).toBe("2026-10-21");
    await harness!.server.close();

    const pinned = await send(ask("hi", { temperature: 0.2 }), { apiVersion: "2023-06-01", headers: { "anthropic-beta": "context-1m-2025-08-07" } });
    expect(pinned.temperature).toBe(0.2);
    expect(harness!.server.requests[0]!.headers).toMatchObject({ "anthropic-version": "2023-06-01", "anthropic-beta": "context-1m-2025-08-07" });
  });

  it("refuses tool schemas the API rejects, naming the tool and the keyword, before any request", async () => {
    harness = await startHarness();
    const oneOf: ToolDefinition = { name: "pick", description: "Picks.", parameters: { type: "object", oneOf: [{ required: ["a"] }, { required: ["b"] }] } };
    await expect(collect(harness.provider.stream(ask("hi", { tools: [oneOf] })))).rejects.toMatchObject({
      name: "InvalidRequestError",
      code: "PROVIDER_INVALID_REQUEST",
      message: expect.stringMatching(/tool "pick".*"oneOf" at the top level/),
    });
    const array: ToolDefinition = { name: "list", description: "Lists.", parameters: { type: "array" } };
    await expect(collect(harness.provider.stream(ask("hi", { tools: [array] })))).rejects.toThrow(
      /tool "list": the top-level "type" of input_schema must be "object"/,
    );
    const bmp: Message = { role: "user", content: [{ type: "image", mediaType: "image/bmp", data: "Qk0=" }] };
    await expect(collect(harness.provider.stream({ model: "claude-haiku-4-5", messages: [bmp] }))).rejects.toThrow(/image\/bmp/);
    expect(harness.server.requests).toHaveLength(0);
  });
});

describe("own SDK client", () => {
  it("is built from apiKey, baseURL and headers, with the SDK's own retries off", async () => {
    const server = await startProviderServer();
    try {
      const provider = createAnthropicProvider({ apiKey: "sk-test", baseURL: server.url, headers: { "x-team": "baton" }, retry: { maxRetries: 0 } });
      server.enqueue(
        { kind: "json", status: 500, body: errorBody("api_error", "boom") },
        { kind: "stream", protocol: "anthropic", chunks: textAnswer("m", ["late"], { input: 1, output: 1 }) },
      );
      const { error } = await collectUntilError(provider.stream(ask("hi")));
      expect(error).toMatchObject({ name: "ProviderServerError", status: 500 });
      // One request: neither the SDK nor the policy retried.
      expect(server.requests).toHaveLength(1);
      const headers = server.requests[0]!.headers;
      expect(headers["x-team"]).toBe("baton");
      expect(`${headers.authorization ?? ""}${headers["x-api-key"] ?? ""}`).toContain("sk-test");
    } finally {
      await server.close();
    }
  });
});
