import { describe, expect, it } from "vitest";
import type { ModelProvider, StreamEvent, TokenUsage, Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { run, stream } from "../src/index.js";

describe("run(): an ordinary agent with config {}", () => {
  it("returns the final text, the messages it added, usage per call and why it stopped", async () => {
    const model = scriptedModel([{ text: ["Hel", "lo!"], usage: { inputTokens: 10, outputTokens: 3 } }]);
    const result = await run({ provider: model, model: "m1", input: "Hi", instructions: "Be brief." });

    expect(result.text).toBe("Hello!");
    expect(result.stopReason).toBe("completed");
    expect(result.iterations).toBe(1);
    expect(result.toolCallCount).toBe(0);
    expect(result.messages).toEqual([{ role: "assistant", content: [{ type: "text", text: "Hello!" }] }]);
    expect(result.usage.calls).toEqual([
      {
        model: "m1",
        agentPath: "main",
        iteration: 1,
        inputTokens: 10,
        outputTokens: 3,
        cachedInputTokens: 0,
        reasoningTokens: 0,
        tools: [],
        startedAt: expect.any(Number),
      },
    ]);
    expect(result.usage.total).toMatchObject({ inputTokens: 10, outputTokens: 3, calls: 1, costComplete: false });
    expect(result.persisted).toBe(false);
    expect(model.requests[0]!.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "Hi" }] },
    ]);
    expect(model.requests[0]!.tools).toBeUndefined();
  });

  it("runs two tool rounds, sends results back in call order and records every call", async () => {
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "add", arguments: { a: 1, b: 2 } },
          { name: "add", arguments: { a: 3, b: 4 } },
        ],
      },
      { toolCalls: [{ name: "add", arguments: { a: 3, b: 7 } }] },
      { text: "The sum is 10." },
    ]);
    const add = fakeTool({ name: "add", result: (args: { a: number; b: number }) => args.a + args.b });
    const result = await run({ provider: model, model: "m", input: "add things", tools: [add] });

    expect(result.text).toBe("The sum is 10.");
    expect(result.iterations).toBe(3);
    expect(result.toolCallCount).toBe(3);
    expect(result.toolCalls.map((r) => [r.toolName, r.arguments, r.status, r.result, r.iteration])).toEqual([
      ["add", { a: 1, b: 2 }, "ok", 3, 1],
      ["add", { a: 3, b: 4 }, "ok", 7, 1],
      ["add", { a: 3, b: 7 }, "ok", 10, 2],
    ]);
    for (const record of result.toolCalls) expect(record.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.messages.map((m) => m.role)).toEqual(["assistant", "tool", "assistant", "tool", "assistant"]);
    const secondRequest = model.requests[1]!;
    const toolMessage = secondRequest.messages.at(-1)!;
    expect(toolMessage.role).toBe("tool");
    expect(toolMessage.content).toEqual([
      { type: "tool-result", toolCallId: expect.any(String), toolName: "add", result: 3 },
      { type: "tool-result", toolCallId: expect.any(String), toolName: "add", result: 7 },
    ]);
    expect(secondRequest.tools?.map((t) => t.name)).toEqual(["add"]);
    expect(secondRequest.toolChoice).toBe("auto");
    expect(secondRequest.parallelToolCalls).toBe(true);
    expect(result.usage.calls.map((u) => u.tools)).toEqual([["add", "add"], ["add"], []]);
    expect(result.usage.total.tools).toEqual(["add"]);
  });

  it("reports cost when the provider knows the model's prices", async () => {
    const model = scriptedModel([{ text: "ok", usage: { inputTokens: 1_000_000, outputTokens: 500_000, cachedInputTokens: 200_000 } }], {
      models: {
        priced: { id: "priced", contextWindow: 1000, maxOutputTokens: 100, pricing: { inputPerMillion: 2, cachedInputPerMillion: 0.5, outputPerMillion: 8 } },
      },
    });
    const result = await run({ provider: model, model: "priced", input: "x" });
    // 800k uncached * $2 + 200k cached * $0.5 + 500k output * $8
    expect(result.usage.calls[0]!.costUsd).toBeCloseTo(1.6 + 0.1 + 4, 10);
    expect(result.usage.total.costUsd).toBeCloseTo(5.7, 10);
    expect(result.usage.total.costComplete).toBe(true);
  });

  it("keeps reasoning with its id and signature in the assistant message", async () => {
    const model = scriptedModel([{ reasoning: { text: "thinking", id: "r1", signature: "sig" }, text: "done" }]);
    const events: StreamEvent[] = [];
    const result = await run({ provider: model, model: "m", input: "x", onEvent: (e) => events.push(e) });
    expect(result.messages[0]).toEqual({
      role: "assistant",
      content: [
        { type: "reasoning", text: "thinking", id: "r1", signature: "sig" },
        { type: "text", text: "done" },
      ],
    });
    expect(
      events
        .filter((e) => e.type === "reasoning-delta")
        .map((e) => (e as { text: string }).text)
        .join(""),
    ).toBe("thinking");
  });

  it("rejects invalid options with a ConfigurationError naming the option", async () => {
    const model = scriptedModel(["x"]);
    await expect(run({ provider: model, model: "", input: "x" })).rejects.toMatchObject({
      code: "INVALID_CONFIGURATION",
      message: expect.stringContaining('"model"'),
    });
    await expect(run({ provider: model, model: "m", input: "x", maxIterations: 0 })).rejects.toMatchObject({
      code: "INVALID_CONFIGURATION",
      message: expect.stringContaining("maxIterations"),
    });
    await expect(run({ provider: {} as never, model: "m", input: "x" })).rejects.toMatchObject({ code: "INVALID_CONFIGURATION" });
  });
});

describe("events", () => {
  it("carry run id, agent path and a strictly increasing sequence, in the order things happen", async () => {
    const model = scriptedModel([{ text: "Let me look.", toolCalls: [{ name: "lookup", arguments: { q: "x" } }] }, { text: ["Found ", "it."] }]);
    const lookup = fakeTool({ name: "lookup", result: "42", progress: ["searching"] });
    const events: StreamEvent[] = [];
    const result = await run({ provider: model, model: "m", input: "x", tools: [lookup], runId: "run-1", onEvent: (e) => events.push(e) });

    expect(events.every((e) => e.runId === "run-1" && e.agentPath === "main")).toBe(true);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.map((e) => e.type)).toEqual([
      "run-start",
      "step-start",
      "text-delta",
      "message",
      "tool-call",
      "tool-start",
      "tool-progress",
      "tool-done",
      "message",
      "usage",
      "step-end",
      "step-start",
      "text-delta",
      "text-delta",
      "message",
      "usage",
      "step-end",
      "run-end",
    ]);
    const end = events.at(-1)!;
    expect(end).toMatchObject({ type: "run-end", stopReason: "completed", text: "Found it.", iterations: 2, toolCallCount: 1 });
    expect(result.text).toBe("Found it.");
  });

  it("a throwing event consumer does not disturb the run or the other consumers", async () => {
    const seen: string[] = [];
    const result = await run({
      provider: scriptedModel(["fine"]),
      model: "m",
      input: "x",
      sinks: [
        {
          emit: () => {
            throw new Error("consumer bug");
          },
        },
        { emit: (e) => seen.push(e.type) },
      ],
    });
    expect(result.stopReason).toBe("completed");
    expect(seen).toContain("run-end");
  });

  it("stream() yields the same ordered events and the result", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "t", arguments: {} }] }, "bye"]);
    const running = stream({ provider: model, model: "m", input: "x", tools: [fakeTool({ name: "t", result: 1 })] });
    const types: string[] = [];
    let lastSeq = 0;
    for await (const event of running) {
      expect(event.seq).toBeGreaterThan(lastSeq);
      lastSeq = event.seq;
      types.push(event.type);
    }
    const result = await running.result;
    expect(result.text).toBe("bye");
    expect(types[0]).toBe("run-start");
    expect(types.at(-1)).toBe("run-end");
    expect(types.filter((t) => t === "tool-done")).toHaveLength(1);
  });

  it("leaving a stream early aborts the run and its tools", async () => {
    const slow = fakeTool({ name: "slow", delayMs: 10_000 });
    const running = stream({ provider: scriptedModel([{ toolCalls: [{ name: "slow", arguments: {} }] }, "never"]), model: "m", input: "x", tools: [slow] });
    for await (const event of running) if (event.type === "tool-start") break;
    const result = await running.result;
    expect(result.stopReason).toBe("aborted");
    expect(slow.calls[0]!.aborted).toBe(true);
    expect(result.toolCalls[0]!.status).toBe("aborted");
  });

  it("abort() on a stream stops the run and tells the tools", async () => {
    const slow = fakeTool({ name: "slow", delayMs: 10_000 });
    const running = stream({ provider: scriptedModel([{ toolCalls: [{ name: "slow", arguments: {} }] }, "never"]), model: "m", input: "x", tools: [slow] });
    const seen: string[] = [];
    for await (const event of running) {
      seen.push(event.type);
      if (event.type === "tool-start") running.abort();
    }
    const result = await running.result;
    expect(result.stopReason).toBe("aborted");
    expect(slow.calls[0]!.aborted).toBe(true);
    expect(seen.at(-1)).toBe("run-end");
  });

  it("a stream with invalid options ends at once and its result rejects with the ConfigurationError", async () => {
    const running = stream({ provider: scriptedModel(["x"]), model: "m", input: "x", maxIterations: -1 });
    const events: unknown[] = [];
    for await (const event of running) events.push(event);
    expect(events).toEqual([]);
    await expect(running.result).rejects.toMatchObject({ code: "INVALID_CONFIGURATION" });
  });
});

describe("usage that is not a number", () => {
  it("counts NaN, negative, missing and non-numeric counts of a provider or a tool as 0, so totals stay finite", async () => {
    let call = 0;
    const provider: ModelProvider = {
      id: "odd",
      async *stream() {
        call++;
        if (call === 1) {
          yield { type: "tool-call-delta", index: 0, id: "c1", name: "spend", argumentsDelta: "{}" };
          yield {
            type: "usage",
            usage: { inputTokens: Number.NaN, outputTokens: -5, cachedInputTokens: undefined, reasoningTokens: "7" } as unknown as TokenUsage,
          };
          yield { type: "finish", reason: "tool_calls" };
        } else {
          yield { type: "text-delta", text: "done" };
          yield { type: "usage", usage: { inputTokens: 12, outputTokens: Number.POSITIVE_INFINITY, cachedInputTokens: 0, reasoningTokens: 0 } };
          yield { type: "finish", reason: "stop" };
        }
      },
    };
    const spend: Tool = {
      ...fakeTool({ name: "spend" }),
      execute: (_args, ctx) => {
        ctx.addUsage({
          model: "helper",
          agentPath: ctx.agentPath,
          iteration: 1,
          inputTokens: 3,
          outputTokens: Number.NaN,
          cachedInputTokens: 0,
          reasoningTokens: -1,
          tools: [],
          costUsd: Number.NaN,
        });
        return "ok";
      },
    };
    const result = await run({ provider, model: "m", input: "go", tools: [spend] });
    expect(result.stopReason).toBe("completed");
    expect(result.usage.total).toMatchObject({ inputTokens: 15, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, calls: 3 });
    for (const record of result.usage.calls) {
      for (const count of [record.inputTokens, record.outputTokens, record.cachedInputTokens, record.reasoningTokens])
        expect(Number.isFinite(count) && count >= 0).toBe(true);
      expect(record.costUsd === undefined || Number.isFinite(record.costUsd)).toBe(true);
    }
  });
});
