import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { fakeTool, loadProviderFixture, startProviderServer, type ProviderServer } from "@baton/testing";
import { chatText, chatToolCalls, providerFor } from "./support/harness.js";

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

describe("a whole agent run through the adapter", () => {
  it("Chat Completions: two tools, two tool rounds, then the answer; tool records and usage", async () => {
    const weather = fakeTool<{ city: string }>({
      name: "weather",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      result: ({ city }) => ({ city, celsius: city === "Paris" ? 21 : 25 }),
    });
    const time = fakeTool<{ city: string }>({
      name: "time",
      parameters: { type: "object", properties: { city: { type: "string" } } },
      result: ({ city }) => `${city}: 14:05`,
    });
    server.enqueue(
      // Round 1: both tools at once, their deltas interleaved.
      {
        kind: "stream",
        protocol: "openai-chat",
        chunks: chatToolCalls(
          [
            { id: "call_w1", name: "weather", arguments: '{"city":"Paris"}' },
            { id: "call_t1", name: "time", arguments: '{"city":"Paris"}' },
          ],
          [100, 30],
        ),
      },
      // Round 2: one more call.
      { kind: "stream", protocol: "openai-chat", chunks: chatToolCalls([{ id: "call_w2", name: "weather", arguments: '{"city":"Rome"}' }], [160, 12]) },
      { kind: "stream", protocol: "openai-chat", chunks: chatText(["Paris: 21 °C at 14:05; ", "Rome: 25 °C."], [200, 15]) },
    );

    const result = await run({
      provider: providerFor(server),
      model: "gpt-4.1",
      input: "Weather in Paris and Rome, and the time in Paris?",
      tools: [weather, time],
    });

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Paris: 21 °C at 14:05; Rome: 25 °C.");
    expect(result.toolCalls.map((call) => [call.toolCallId, call.toolName, call.arguments, call.status, call.result, call.iteration])).toEqual([
      ["call_w1", "weather", { city: "Paris" }, "ok", { city: "Paris", celsius: 21 }, 1],
      ["call_t1", "time", { city: "Paris" }, "ok", "Paris: 14:05", 1],
      ["call_w2", "weather", { city: "Rome" }, "ok", { city: "Rome", celsius: 25 }, 2],
    ]);
    expect(result.usage.total).toMatchObject({ inputTokens: 460, outputTokens: 57, cachedInputTokens: 0, reasoningTokens: 0, calls: 3, costComplete: true });
    // gpt-4.1 from the catalog: $2 / M input, $8 / M output.
    expect(result.usage.total.costUsd).toBeCloseTo((460 * 2 + 57 * 8) / 1e6, 12);

    // What the model was sent on the third call: the whole exchange, tool results one per call.
    const third = server.requests[2]!.body as { messages: unknown[]; tools: Array<{ function: { name: string } }> };
    expect(third.tools.map((tool) => tool.function.name)).toEqual(["weather", "time"]);
    expect(third.messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_w1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } },
          { id: "call_t1", type: "function", function: { name: "time", arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_w1", content: '{"city":"Paris","celsius":21}' },
      { role: "tool", tool_call_id: "call_t1", content: "Paris: 14:05" },
      { role: "assistant", content: null, tool_calls: [{ id: "call_w2", type: "function", function: { name: "weather", arguments: '{"city":"Rome"}' } }] },
      { role: "tool", tool_call_id: "call_w2", content: '{"city":"Rome","celsius":25}' },
    ]);
    expect(third.messages[0]).toMatchObject({ role: "user" });
  });

  it("Responses API: the recorded calculator run, encrypted reasoning replayed on the next call", async () => {
    const streams: string[][] = [];
    for (const line of loadProviderFixture("openai-responses", "openai-reasoning-encrypted-content.1")) {
      if ((JSON.parse(line) as { type: string }).type === "response.created") streams.push([]);
      streams.at(-1)!.push(line);
    }
    for (const chunks of streams) server.enqueue({ kind: "stream", protocol: "openai-responses", chunks });
    const calculator = fakeTool<{ a: number; b: number; op: "add" | "multiply" }>({
      name: "calculator",
      parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" }, op: { type: "string", enum: ["add", "multiply"] } } },
      result: ({ a, b, op }) => (op === "add" ? a + b : a * b),
    });

    const result = await run({
      provider: providerFor(server, { api: "responses", reasoningSummary: "detailed" }),
      model: "gpt-5.1-codex-max",
      instructions: "Use the calculator for every step.",
      input: "Compute (12 + 7) * 3 * 10.",
      tools: [calculator],
    });

    expect(result.text).toBe("The final result is **570**.");
    expect(result.toolCalls.map((call) => [call.arguments, call.result])).toEqual([
      [{ a: 12, b: 7, op: "add" }, 19],
      [{ a: 19, b: 3, op: "multiply" }, 57],
      [{ a: 57, b: 10, op: "multiply" }, 570],
    ]);
    expect(result.usage.total).toMatchObject({ inputTokens: 914, outputTokens: 92, calls: 4 });

    const encrypted = (JSON.parse(streams[0]![38]!) as { item: { encrypted_content: string } }).item.encrypted_content;
    const second = server.requests[1]!.body as { instructions: string; input: unknown[]; include: string[] };
    expect(second.include).toEqual(["reasoning.encrypted_content"]);
    expect(second.instructions).toMatch(/^Use the calculator for every step\./);
    expect(second.input.slice(1)).toEqual([
      {
        type: "reasoning",
        id: "rs_01830d662ab3856501693c321405c88190be3ab04d5782d5f9",
        summary: [
          {
            type: "summary_text",
            text: "**Calculating step-by-step using calculator**\n\nI'll compute 12 plus 7, then multiply the result by 3, and finally multiply that by 10, reporting the final product.",
          },
        ],
        encrypted_content: encrypted,
      },
      { type: "function_call", call_id: "call_AB6AaRZ1FYZB2RwS6A5vbdqn", name: "calculator", arguments: '{"a":12,"b":7,"op":"add"}' },
      { type: "function_call_output", call_id: "call_AB6AaRZ1FYZB2RwS6A5vbdqn", output: "19" },
    ]);
  });
});
