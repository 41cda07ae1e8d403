import { afterEach, describe, expect, it } from "vitest";
import { costOf, type Tool } from "@baton/core";
import { run } from "@baton/loop";
import { startHarness, type Harness } from "./support/anthropic-harness.js";
import { MESSAGE_STOP, messageDelta, messageStart, textBlock, thinkingBlock, toolUseBlock } from "./support/anthropic-events.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

type Pair = { a: number; b: number };
const pairSchema = { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] };
const add: Tool<Pair, number> = { name: "add", description: "Adds two numbers.", parameters: pairSchema, execute: ({ a, b }) => a + b };
const multiply: Tool<Pair, number> = { name: "multiply", description: "Multiplies two numbers.", parameters: pairSchema, execute: ({ a, b }) => a * b };

describe("a whole agent run on the Anthropic adapter", () => {
  it("runs two tool rounds and answers, replaying thinking and tool results to the API", async () => {
    harness = await startHarness();
    harness.server.enqueue(
      {
        kind: "stream",
        protocol: "anthropic",
        chunks: [
          messageStart("msg_1", { input: 100, cacheRead: 60 }),
          ...thinkingBlock(0, ["First add ", "2 and 3."], "sig-1"),
          ...toolUseBlock(1, "toolu_add", "add", ['{"a": 2,', ' "b": 3}']),
          messageDelta("tool_use", 30, 12),
          MESSAGE_STOP,
        ],
      },
      {
        kind: "stream",
        protocol: "anthropic",
        chunks: [
          messageStart("msg_2", { input: 150 }),
          ...textBlock(0, ["Now multiplying."]),
          ...toolUseBlock(1, "toolu_mul", "multiply", ['{"a": 5, "b": 4}']),
          messageDelta("tool_use", 20),
          MESSAGE_STOP,
        ],
      },
      {
        kind: "stream",
        protocol: "anthropic",
        chunks: [messageStart("msg_3", { input: 200 }), ...textBlock(0, ["The answer ", "is 20."]), messageDelta("end_turn", 10), MESSAGE_STOP],
      },
    );
    const result = await run({
      provider: harness.provider,
      model: "claude-haiku-4-5",
      instructions: "Use the tools for arithmetic.",
      input: "What is (2 + 3) * 4?",
      tools: [add, multiply],
    });

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("The answer is 20.");
    expect(result.iterations).toBe(3);
    expect(result.toolCalls.map(({ toolCallId, toolName, arguments: args, status, result: value }) => ({ toolCallId, toolName, args, status, value }))).toEqual(
      [
        { toolCallId: "toolu_add", toolName: "add", args: { a: 2, b: 3 }, status: "ok", value: 5 },
        { toolCallId: "toolu_mul", toolName: "multiply", args: { a: 5, b: 4 }, status: "ok", value: 20 },
      ],
    );

    const first = { inputTokens: 160, outputTokens: 30, cachedInputTokens: 60, reasoningTokens: 12 };
    const second = { inputTokens: 150, outputTokens: 20, cachedInputTokens: 0, reasoningTokens: 0 };
    const third = { inputTokens: 200, outputTokens: 10, cachedInputTokens: 0, reasoningTokens: 0 };
    expect(
      result.usage.calls.map(({ inputTokens, outputTokens, cachedInputTokens, reasoningTokens, tools }) => ({
        inputTokens,
        outputTokens,
        cachedInputTokens,
        reasoningTokens,
        tools,
      })),
    ).toEqual([
      { ...first, tools: ["add"] },
      { ...second, tools: ["multiply"] },
      { ...third, tools: [] },
    ]);
    const pricing = { inputPerMillion: 1, outputPerMillion: 5, cachedInputPerMillion: 0.1 };
    expect(result.usage.total).toMatchObject({
      calls: 3,
      inputTokens: 510,
      outputTokens: 60,
      cachedInputTokens: 60,
      reasoningTokens: 12,
      costComplete: true,
      tools: ["add", "multiply"],
    });
    expect(result.usage.total.costUsd).toBeCloseTo(costOf(first, pricing) + costOf(second, pricing) + costOf(third, pricing), 12);

    const bodies = harness.server.requests.map((request) => request.body as { system: string; messages: unknown[]; tools: { name: string }[] });
    expect(bodies).toHaveLength(3);
    expect(bodies[0]!.system).toMatch(/^Use the tools for arithmetic\./);
    expect(bodies[0]!.tools.map((tool) => tool.name)).toEqual(["add", "multiply"]);
    expect(bodies[1]!.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "What is (2 + 3) * 4?" }] },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "First add 2 and 3.", signature: "sig-1" },
          { type: "tool_use", id: "toolu_add", name: "add", input: { a: 2, b: 3 } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_add", content: "5" }] },
    ]);
    expect(bodies[2]!.messages.slice(3)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "text", text: "Now multiplying." },
          { type: "tool_use", id: "toolu_mul", name: "multiply", input: { a: 5, b: 4 } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_mul", content: "20" }] },
    ]);
  });

  it("turns malformed tool-call JSON into an error result the model sees, and goes on", async () => {
    harness = await startHarness();
    harness.server.enqueue(
      {
        kind: "stream",
        protocol: "anthropic",
        chunks: [messageStart("msg_b"), ...toolUseBlock(0, "toolu_bad", "add", ['{"a": 2, "b": ']), messageDelta("tool_use", 9), MESSAGE_STOP],
      },
      {
        kind: "stream",
        protocol: "anthropic",
        chunks: [messageStart("msg_c"), ...textBlock(0, ["Sorry, retrying later."]), messageDelta("end_turn", 5), MESSAGE_STOP],
      },
    );
    const result = await run({ provider: harness.provider, model: "claude-haiku-4-5", input: "2 + ?", tools: [add] });
    expect(result.text).toBe("Sorry, retrying later.");
    expect(result.toolCalls).toMatchObject([{ toolCallId: "toolu_bad", toolName: "add", status: "invalid" }]);
    const replay = (harness.server.requests[1]!.body as { messages: { role: string; content: { type: string; is_error?: boolean; content?: string }[] }[] })
      .messages;
    expect(replay[1]!.content).toEqual([{ type: "tool_use", id: "toolu_bad", name: "add", input: {} }]);
    expect(replay[2]!.content[0]).toMatchObject({
      type: "tool_result",
      tool_use_id: "toolu_bad",
      is_error: true,
      content: expect.stringContaining("not valid JSON"),
    });
  });
});
