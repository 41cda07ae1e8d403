import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidRequestError, type Message, type ToolDefinition } from "@baton/core";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import { chatText, collect, providerFor, request } from "./support/harness.js";

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const weather: ToolDefinition = {
  name: "weather",
  description: "Current weather of a city.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
const time: ToolDefinition = { name: "time", description: "Local time of a city.", parameters: { properties: { city: { type: "string", format: "city" } } } };

const conversation: Message[] = [
  { role: "system", content: "You are brief." },
  {
    role: "user",
    content: [
      { type: "text", text: "Weather and time " },
      { type: "text", text: "in Paris?" },
    ],
  },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "Two tools.", id: "r1", signature: "sig" },
      { type: "text", text: "Checking." },
      { type: "tool-call", toolCallId: "call_1", toolName: "weather", arguments: { city: "Paris" } },
      { type: "tool-call", toolCallId: "call_2", toolName: "time", arguments: {}, rawArguments: '{"city": "Par' },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "call_1", toolName: "weather", result: { sky: "clear", celsius: 21 } },
      { type: "tool-result", toolCallId: "call_2", toolName: "time", result: "Invalid arguments: not JSON", isError: true },
    ],
  },
  { role: "assistant", content: [{ type: "reasoning", text: "only thinking" }] },
  {
    role: "user",
    content: [
      { type: "text", text: "And this?" },
      { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
      { type: "image", mediaType: "image/jpeg", url: "https://example.com/a.jpg" },
    ],
  },
  { role: "system", content: "Answer in French." },
  { role: "user", content: [{ type: "text", text: "Merci" }] },
];

async function bodyOf(options: Parameters<typeof providerFor>[1], overrides: Parameters<typeof request>[0]): Promise<Record<string, unknown>> {
  server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: chatText(["ok"]) });
  await collect(providerFor(server, options).stream(request(overrides)));
  const recorded = server.requests.at(-1)!;
  expect([recorded.method, recorded.path]).toEqual(["POST", "/v1/chat/completions"]);
  return recorded.body as Record<string, unknown>;
}

describe("Chat Completions request body", () => {
  it("maps messages, tools, tool choice, the parallel flag and the limits exactly", async () => {
    const body = await bodyOf(
      {},
      {
        model: "gpt-4.1",
        messages: conversation,
        tools: [weather, time],
        toolChoice: { type: "tool", name: "weather" },
        parallelToolCalls: false,
        maxOutputTokens: 256,
        temperature: 0.2,
      },
    );
    expect(body).toEqual({
      model: "gpt-4.1",
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        // System messages stay where they are.
        { role: "system", content: "You are brief." },
        // Text-only user content is one string.
        { role: "user", content: "Weather and time in Paris?" },
        // Reasoning is not sent back; text and tool calls are; raw arguments are kept as streamed.
        {
          role: "assistant",
          content: "Checking.",
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } },
            { id: "call_2", type: "function", function: { name: "time", arguments: '{"city": "Par' } },
          ],
        },
        // One tool message per result; an error result is marked in its text.
        { role: "tool", tool_call_id: "call_1", content: '{"sky":"clear","celsius":21}' },
        { role: "tool", tool_call_id: "call_2", content: "Error: Invalid arguments: not JSON" },
        // The reasoning-only assistant message is left out; images become image_url parts.
        {
          role: "user",
          content: [
            { type: "text", text: "And this?" },
            { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
            { type: "image_url", image_url: { url: "https://example.com/a.jpg" } },
          ],
        },
        { role: "system", content: "Answer in French." },
        // Consecutive messages are not merged: OpenAI does not need alternation.
        { role: "user", content: "Merci" },
      ],
      tools: [
        {
          type: "function",
          function: {
            name: "weather",
            description: "Current weather of a city.",
            parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
          },
        },
        // A schema without a type gets "type": "object"; other keywords pass through.
        {
          type: "function",
          function: {
            name: "time",
            description: "Local time of a city.",
            parameters: { type: "object", properties: { city: { type: "string", format: "city" } } },
          },
        },
      ],
      tool_choice: { type: "function", function: { name: "weather" } },
      parallel_tool_calls: false,
      max_completion_tokens: 256,
      temperature: 0.2,
    });
  });

  it("writes tool choices auto, none and required as strings", async () => {
    for (const toolChoice of ["auto", "none", "required"] as const) {
      expect(await bodyOf({}, { tools: [weather], toolChoice })).toMatchObject({ tool_choice: toolChoice });
    }
  });

  it("sends no tool_choice or parallel_tool_calls without tools", async () => {
    const body = await bodyOf({}, { toolChoice: "required", parallelToolCalls: true, tools: [] });
    expect(Object.keys(body).sort()).toEqual(["messages", "model", "stream", "stream_options"]);
  });

  it("honours systemRole, maxTokensField, includeUsage, reasoningField, reasoningEffort, strictTools and extraBody", async () => {
    const body = await bodyOf(
      {
        systemRole: "developer",
        maxTokensField: "max_tokens",
        includeUsage: false,
        reasoningField: "reasoning_content",
        reasoningEffort: "low",
        strictTools: true,
        extraBody: { top_p: 0.5, seed: 7, stream: false },
      },
      {
        messages: [
          { role: "system", content: "S" },
          {
            role: "assistant",
            content: [
              { type: "reasoning", text: "thought" },
              { type: "tool-call", toolCallId: "c", toolName: "weather", arguments: { city: "Oslo" } },
            ],
          },
          { role: "tool", content: [{ type: "tool-result", toolCallId: "c", toolName: "weather", result: "Error (TOOL_TIMEOUT): slow", isError: true }] },
        ],
        tools: [weather],
        maxOutputTokens: 64,
      },
    );
    expect(body).toEqual({
      model: "gpt-4.1",
      stream: true,
      messages: [
        { role: "developer", content: "S" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
          reasoning_content: "thought",
        },
        // Already reads as an error: not prefixed again.
        { role: "tool", tool_call_id: "c", content: "Error (TOOL_TIMEOUT): slow" },
      ],
      tools: [{ type: "function", function: { ...weather, strict: true } }],
      max_tokens: 64,
      reasoning_effort: "low",
      top_p: 0.5,
      seed: 7,
    });
  });

  it("refuses schemas OpenAI refuses, naming the tool and the keyword, before any request", async () => {
    const provider = providerFor(server);
    const anyOf: ToolDefinition = { name: "pick", description: "d", parameters: { anyOf: [{ type: "object" }, { type: "object" }] } };
    await expect(collect(provider.stream(request({ tools: [anyOf] })))).rejects.toThrow(
      new InvalidRequestError(
        'tool "pick": OpenAI does not accept "anyOf" at the top level of a tool\'s parameters; wrap the alternatives in an object property.',
        { provider: "openai" },
      ),
    );
    const array: ToolDefinition = { name: "list", description: "d", parameters: { type: "array" } };
    await expect(collect(provider.stream(request({ tools: [array] })))).rejects.toThrow(
      /tool "list": OpenAI needs the parameters to be an object schema \("type": "object"\), got "type": "array"/,
    );
    await expect(collect(provider.stream(request({ tools: [weather], toolChoice: { type: "tool", name: "nope" } })))).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    expect(server.requests).toHaveLength(0);
  });
});
