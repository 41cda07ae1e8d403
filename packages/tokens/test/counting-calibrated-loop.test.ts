import { describe, expect, it } from "vitest";
import type { Message, ModelProvider, ModelRequest, Tool } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { createCalibratedTokenCounter } from "../src/index.js";

const lookup: Tool = {
  name: "lookup",
  description: "Looks a word up.",
  parameters: { type: "object", properties: { word: { type: "string" } } },
  execute: (args: { word?: string }) => `${args.word ?? "?"}: a word`,
};

describe("a calibrated counter in a run", () => {
  it("learns the input tokens each response reports, so the next request's known prefix is exact", async () => {
    const counter = createCalibratedTokenCounter({ provider: "anthropic" });
    const model = scriptedModel([
      { toolCalls: [{ name: "lookup", arguments: { word: "baton" } }], usage: { inputTokens: 412, outputTokens: 9 } },
      { text: "A baton is passed.", usage: { inputTokens: 530, outputTokens: 6 } },
    ]);
    // The requests as the loop made them (the scripted model keeps copies; calibration knows messages by identity).
    const requests: ModelRequest[] = [];
    const provider: ModelProvider = { id: "anthropic-like", stream: (request) => (requests.push(request), model.stream(request)) };
    const result = await run({ provider, model: "claude-haiku-4-5", input: "What is a baton?", tools: [lookup], tokenCounter: counter });
    expect(result.stopReason).toBe("completed");

    const [first, second] = requests as [ModelRequest, ModelRequest];
    // What the provider reported for each request is now known exactly…
    expect(counter.countMessages(first.messages, { tools: first.tools! })).toEqual({ tokens: 412, exact: true });
    expect(counter.countMessages(second.messages, { tools: second.tools! })).toEqual({ tokens: 530, exact: true });
    // …and a request that extends the last one is the reported prefix plus an estimate of the rest.
    const next: Message[] = [...second.messages, ...result.messages.slice(-1), { role: "user", content: [{ type: "text", text: "And a relay?" }] }];
    const extended = counter.countMessages(next, { tools: second.tools! });
    expect(extended.exact).toBe(false);
    expect(extended.tokens).toBeGreaterThan(530);
    expect(extended.tokens).toBeLessThan(600);
    // The ratio moved from its default toward what the provider counted.
    expect(counter.ratio).not.toBe(1.25);
  });
});
