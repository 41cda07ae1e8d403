import { afterEach, describe, expect, it } from "vitest";
import type { Message, ModelRequest, ToolDefinition } from "@baton/core";
import { ask, collect, startHarness, type Harness } from "./support/provider-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

const DONE = ['{"candidates":[{"content":{"role":"model","parts":[{"text":"ok"}]},"finishReason":"STOP"}]}'];

/** Sends one request and returns the JSON body the server received. */
async function bodyOf(request: ModelRequest, options: Parameters<typeof startHarness>[0] = {}): Promise<Record<string, unknown>> {
  harness = await startHarness(options);
  harness.server.enqueue({ kind: "stream", protocol: "google", chunks: DONE });
  await collect(harness.provider.stream(request));
  return harness.server.requests[0]!.body as Record<string, unknown>;
}

const WEATHER: ToolDefinition = {
  name: "weather",
  description: "Current weather of a city.",
  parameters: {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: { city: { type: "string", description: "City name" }, unit: { enum: ["C", "F"] } },
    required: ["city"],
    additionalProperties: false,
  },
};
const CLOCK: ToolDefinition = { name: "clock", description: "The time.", parameters: { type: "object", properties: {} } };

const CONVERSATION: Message[] = [
  { role: "system", content: "Be brief." },
  {
    role: "user",
    content: [
      { type: "text", text: "Weather and time in Paris? See the photos." },
      { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
      { type: "image", mediaType: "image/jpeg", url: "https://example.com/paris.jpg" },
      { type: "image", mediaType: "image/gif", url: "data:image/gif;base64,R0lGODlh" },
    ],
  },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "I should call both tools.", id: "call_r1_0", signature: "sig-on-weather-call" },
      { type: "text", text: "Checking." },
      { type: "tool-call", toolCallId: "call_r1_0", toolName: "weather", arguments: { city: "Paris" } },
      { type: "tool-call", toolCallId: "call_r1_1", toolName: "clock", arguments: {} },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "call_r1_0", toolName: "weather", result: { celsius: 21 } },
      { type: "tool-result", toolCallId: "call_r1_1", toolName: "clock", result: "The clock is broken.", isError: true },
    ],
  },
  { role: "user", content: [{ type: "text", text: "And tomorrow?" }] },
  { role: "system", content: "Answer in French." },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "", signature: "sig-on-text" },
      { type: "text", text: "Demain, 23 °C." },
    ],
  },
  { role: "assistant", content: [{ type: "reasoning", text: "A thought with its own signature.", signature: "sig-on-thought" }] },
  { role: "user", content: [{ type: "text", text: "Merci" }] },
];

describe("request body", () => {
  it("places system text, alternates turns, pairs results with calls and sends signatures back on their parts", async () => {
    const body = await bodyOf({
      model: "gemini-2.5-pro",
      messages: CONVERSATION,
      tools: [WEATHER, CLOCK],
      toolChoice: "auto",
      maxOutputTokens: 512,
      temperature: 0.3,
    });
    expect(body).toEqual({
      systemInstruction: { parts: [{ text: "Be brief." }, { text: "Answer in French." }] },
      contents: [
        {
          role: "user",
          parts: [
            { text: "Weather and time in Paris? See the photos." },
            { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } },
            { fileData: { mimeType: "image/jpeg", fileUri: "https://example.com/paris.jpg" } },
            { inlineData: { mimeType: "image/gif", data: "R0lGODlh" } },
          ],
        },
        {
          role: "model",
          parts: [
            { text: "I should call both tools.", thought: true },
            { text: "Checking." },
            { functionCall: { name: "weather", args: { city: "Paris" } }, thoughtSignature: "sig-on-weather-call" },
            { functionCall: { name: "clock", args: {} } },
          ],
        },
        {
          role: "user",
          parts: [
            { functionResponse: { name: "weather", response: { output: { celsius: 21 } } } },
            { functionResponse: { name: "clock", response: { error: "The clock is broken." } } },
            { text: "And tomorrow?" },
          ],
        },
        {
          role: "model",
          parts: [
            { text: "", thoughtSignature: "sig-on-text" },
            { text: "Demain, 23 °C." },
            { text: "A thought with its own signature.", thought: true, thoughtSignature: "sig-on-thought" },
          ],
        },
        { role: "user", parts: [{ text: "Merci" }] },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: "weather",
              description: "Current weather of a city.",
              parameters: {
                type: "OBJECT",
                properties: { city: { type: "STRING", description: "City name" }, unit: { type: "STRING", enum: ["C", "F"] } },
                required: ["city"],
              },
            },
            { name: "clock", description: "The time." },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: "AUTO" } },
      generationConfig: { maxOutputTokens: 512, temperature: 0.3, thinkingConfig: { includeThoughts: true } },
    });
  });

  it("maps each tool choice to a function-calling mode", async () => {
    const modes: [ModelRequest["toolChoice"], unknown][] = [
      ["none", { mode: "NONE" }],
      ["required", { mode: "ANY" }],
      [
        { type: "tool", name: "clock" },
        { mode: "ANY", allowedFunctionNames: ["clock"] },
      ],
    ];
    for (const [toolChoice, config] of modes) {
      const body = await bodyOf(ask("time?", { tools: [WEATHER, CLOCK], toolChoice }));
      expect(body.toolConfig).toEqual({ functionCallingConfig: config });
      await harness!.server.close();
    }
  });

  it("sends no tool config without a choice, and no tools when none are offered", async () => {
    let body = await bodyOf(ask("hi", { tools: [CLOCK] }));
    expect(body.toolConfig).toBeUndefined();
    expect(body.tools).toEqual([{ functionDeclarations: [{ name: "clock", description: "The time." }] }]);
    await harness!.server.close();
    body = await bodyOf(ask("hi", { tools: [], toolChoice: "required" }));
    expect(body.tools).toBeUndefined();
    expect(body.toolConfig).toBeUndefined();
  });

  it("has no field for the parallel-tool-calls flag (Gemini has no such setting)", async () => {
    const withFlag = await bodyOf(ask("hi", { tools: [WEATHER], parallelToolCalls: false }));
    await harness!.server.close();
    const withoutFlag = await bodyOf(ask("hi", { tools: [WEATHER] }));
    expect(withFlag).toEqual(withoutFlag);
    expect(JSON.stringify(withFlag)).not.toMatch(/parallel/i);
  });

  it("refuses a named tool choice for a tool that is not offered, before any request", async () => {
    harness = await startHarness();
    await expect(collect(harness.provider.stream(ask("hi", { tools: [CLOCK], toolChoice: { type: "tool", name: "weather" } })))).rejects.toMatchObject({
      code: "PROVIDER_INVALID_REQUEST",
      message: expect.stringContaining('"weather"'),
    });
    expect(harness.server.requests).toHaveLength(0);
  });

  it("refuses a schema Gemini cannot express, naming the tool and the keyword, without sending anything", async () => {
    harness = await startHarness();
    const bad: ToolDefinition = { name: "search", description: "Search.", parameters: { type: "object", properties: { q: { not: { type: "number" } } } } };
    const error = await collect(harness.provider.stream(ask("hi", { tools: [bad] }))).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "PROVIDER_INVALID_REQUEST", retryable: false });
    expect((error as Error).message).toContain('tool "search"');
    expect((error as Error).message).toContain('"not" at /properties/q');
    expect(harness.server.requests).toHaveLength(0);
  });

  it("sends schemas unconverted as parametersJsonSchema with toolSchema: json-schema", async () => {
    const body = await bodyOf(ask("hi", { tools: [WEATHER] }), { toolSchema: "json-schema" });
    expect(body.tools).toEqual([
      { functionDeclarations: [{ name: "weather", description: "Current weather of a city.", parametersJsonSchema: WEATHER.parameters }] },
    ]);
  });

  it("applies the thinking and safety options, or sends no thinking config with thinking: false", async () => {
    let body = await bodyOf(ask("hi"), {
      thinking: { thinkingBudget: 1024 },
      safetySettings: [{ category: "HARM_CATEGORY_HARASSMENT" as never, threshold: "BLOCK_ONLY_HIGH" as never }],
    });
    expect(body.generationConfig).toEqual({ thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } });
    expect(body.safetySettings).toEqual([{ category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_ONLY_HIGH" }]);
    await harness!.server.close();
    body = await bodyOf(ask("hi"), { thinking: false });
    expect(body.generationConfig).toEqual({});
  });

  it("sends the configured headers and the model in the path", async () => {
    harness = await startHarness({ headers: { "x-team": "baton" } });
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: DONE });
    await collect(harness.provider.stream(ask("hi", { model: "gemini-3-pro-preview" })));
    expect(harness.server.requests[0]).toMatchObject({ path: "/v1beta/models/gemini-3-pro-preview:streamGenerateContent", headers: { "x-team": "baton" } });
  });
});
