import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Message, ToolDefinition } from "@baton/core";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import { collect, providerFor, request } from "./support/harness.js";

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

/** A minimal completed Responses stream. */
const DONE = [
  JSON.stringify({ type: "response.completed", response: { id: "resp_1", status: "completed", output: [], usage: { input_tokens: 1, output_tokens: 1 } } }),
];

const calculator: ToolDefinition = {
  name: "calculator",
  description: "Computes a op b.",
  parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" }, op: { type: "string" } } },
};
const sql: ToolDefinition = { name: "write_sql", description: "Writes SQL.", parameters: { type: "object", properties: { input: { type: "string" } } } };

async function bodyOf(options: Parameters<typeof providerFor>[1], overrides: Parameters<typeof request>[0]): Promise<Record<string, unknown>> {
  server.enqueue({ kind: "stream", protocol: "openai-responses", chunks: DONE });
  await collect(providerFor(server, { api: "responses", ...options }).stream(request(overrides)));
  const recorded = server.requests.at(-1)!;
  expect([recorded.method, recorded.path]).toEqual(["POST", "/v1/responses"]);
  return recorded.body as Record<string, unknown>;
}

const conversation: Message[] = [
  { role: "system", content: "You compute." },
  { role: "system", content: "Use the calculator." },
  {
    role: "user",
    content: [
      { type: "text", text: "(12+7)*3, and SQL for adults" },
      { type: "image", mediaType: "image/png", data: "AAAA" },
    ],
  },
  {
    role: "assistant",
    content: [
      { type: "reasoning", text: "**Plan**", id: "rs_1", redactedData: "gAAAA-encrypted" },
      { type: "reasoning", text: "from another provider", id: "thinking_1", signature: "sig" },
      { type: "text", text: "Computing." },
      { type: "tool-call", toolCallId: "call_1", toolName: "calculator", arguments: { a: 12, b: 7, op: "add" } },
      { type: "tool-call", toolCallId: "call_2", toolName: "write_sql", arguments: { input: "SELECT * FROM users WHERE age > 17" } },
    ],
  },
  {
    role: "tool",
    content: [
      { type: "tool-result", toolCallId: "call_1", toolName: "calculator", result: 19 },
      { type: "tool-result", toolCallId: "call_2", toolName: "write_sql", result: "syntax error", isError: true },
    ],
  },
  { role: "system", content: "Be exact." },
];

describe("Responses API request body", () => {
  it("maps instructions, input items, reasoning replay, custom tools, tool choice and limits exactly", async () => {
    const body = await bodyOf(
      { customTools: { write_sql: true }, reasoningEffort: "high", reasoningSummary: "detailed" },
      {
        model: "gpt-5.1-codex-max",
        messages: conversation,
        tools: [calculator, sql],
        toolChoice: { type: "tool", name: "calculator" },
        parallelToolCalls: true,
        maxOutputTokens: 1000,
      },
    );
    expect(body).toEqual({
      model: "gpt-5.1-codex-max",
      stream: true,
      store: false,
      // A reasoning model without storage: ask for the encrypted reasoning to replay it.
      include: ["reasoning.encrypted_content"],
      // The leading system messages are the instructions.
      instructions: "You compute.\n\nUse the calculator.",
      input: [
        {
          role: "user",
          content: [
            { type: "input_text", text: "(12+7)*3, and SQL for adults" },
            { type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "auto" },
          ],
        },
        // Encrypted reasoning goes back with its item id; reasoning OpenAI cannot read is left out.
        { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "**Plan**" }], encrypted_content: "gAAAA-encrypted" },
        { role: "assistant", content: "Computing." },
        { type: "function_call", call_id: "call_1", name: "calculator", arguments: '{"a":12,"b":7,"op":"add"}' },
        { type: "custom_tool_call", call_id: "call_2", name: "write_sql", input: "SELECT * FROM users WHERE age > 17" },
        { type: "function_call_output", call_id: "call_1", output: "19" },
        { type: "custom_tool_call_output", call_id: "call_2", output: "Error: syntax error" },
        // A later system message stays in place, as a developer message.
        { role: "developer", content: "Be exact." },
      ],
      tools: [
        // Strict is off unless asked for: the schema is passed through.
        { type: "function", name: "calculator", description: "Computes a op b.", parameters: calculator.parameters, strict: false },
        { type: "custom", name: "write_sql", description: "Writes SQL.", format: { type: "text" } },
      ],
      tool_choice: { type: "function", name: "calculator" },
      parallel_tool_calls: true,
      max_output_tokens: 1000,
      reasoning: { effort: "high", summary: "detailed" },
    });
  });

  it("names a custom tool in the tool choice as custom; auto / none / required as strings", async () => {
    expect(await bodyOf({ customTools: { write_sql: true } }, { tools: [sql], toolChoice: { type: "tool", name: "write_sql" } })).toMatchObject({
      tool_choice: { type: "custom", name: "write_sql" },
    });
    for (const toolChoice of ["auto", "none", "required"] as const) {
      expect(await bodyOf({}, { tools: [calculator], toolChoice })).toMatchObject({ tool_choice: toolChoice });
    }
  });

  it("without tools: no tool_choice, no parallel_tool_calls; no encrypted reasoning for non-reasoning models", async () => {
    const body = await bodyOf({}, { model: "gpt-4.1", toolChoice: "auto", parallelToolCalls: false });
    expect(body).toEqual({ model: "gpt-4.1", stream: true, store: false, input: [{ role: "user", content: [{ type: "input_text", text: "Hi" }] }] });
  });

  it("with store on: stored reasoning is referred to by id, and no encrypted reasoning is asked for", async () => {
    const body = await bodyOf(
      { store: true },
      {
        model: "o4-mini",
        messages: [
          {
            role: "assistant",
            content: [
              { type: "reasoning", text: "", id: "rs_9" },
              { type: "text", text: "Hi" },
            ],
          },
        ],
      },
    );
    expect(body).toEqual({
      model: "o4-mini",
      stream: true,
      store: true,
      input: [
        { type: "reasoning", id: "rs_9", summary: [] },
        { role: "assistant", content: "Hi" },
      ],
    });
  });
});
