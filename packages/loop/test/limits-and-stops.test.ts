import { describe, expect, it } from "vitest";
import type { StreamEvent, TokenCounter } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { defaultFinalAnswerInstruction, run } from "../src/index.js";

const callSearch = { toolCalls: [{ name: "search", arguments: { q: "more" } }] };

describe("the tool-call limit", () => {
  it("counts tool calls; at the limit the last turn gets no tools and is asked for a final answer", async () => {
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "search", arguments: {} },
          { name: "search", arguments: {} },
        ],
      },
      callSearch,
      "Final answer from what I found.",
    ]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [fakeTool({ name: "search", result: "r" })], toolCallLimit: 3 });
    expect(result.toolCallCount).toBe(3);
    expect(result.stopReason).toBe("tool_call_limit");
    expect(result.text).toBe("Final answer from what I found.");
    expect(model.requests.map((r) => r.tools?.length ?? 0)).toEqual([1, 1, 0]);
    expect(model.requests[2]!.messages.at(-1)).toEqual({ role: "system", content: defaultFinalAnswerInstruction(3) });
  });

  it("does not count non-iterative tools", async () => {
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "think", arguments: {} },
          { name: "search", arguments: {} },
        ],
      },
      { toolCalls: [{ name: "think", arguments: {} }] },
      "done",
    ]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search" }), fakeTool({ name: "think" })],
      config: { nonIterativeTools: ["think"], toolCallLimit: 2 },
    });
    expect(result.toolCallCount).toBe(1);
    expect(result.stopReason).toBe("completed");
    expect(model.requests.every((r) => r.tools?.length === 2)).toBe(true);
  });

  it("a per-run limit overrides the config's", async () => {
    const model = scriptedModel([callSearch, callSearch, "end"]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search" })],
      config: { toolCallLimit: 1 },
      toolCallLimit: 5,
    });
    expect(result.toolCallCount).toBe(2);
    expect(result.stopReason).toBe("completed");
  });

  it("a custom final-answer instruction is used, and a hook may refuse the final turn", async () => {
    const model = scriptedModel([callSearch, "final"]);
    const withInstruction = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search" })],
      toolCallLimit: 1,
      config: { finalAnswerInstruction: "Wrap up now." },
    });
    expect(model.requests[1]!.messages.at(-1)).toEqual({ role: "system", content: "Wrap up now." });
    expect(withInstruction.text).toBe("final");

    const refusing = scriptedModel([callSearch, "never"]);
    const stopped = await run({
      provider: refusing,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search" })],
      toolCallLimit: 1,
      config: { shouldStop: ({ proposal }) => (!proposal.stop && proposal.finalAnswer ? true : undefined) },
    });
    expect(stopped.stopReason).toBe("tool_call_limit");
    expect(refusing.requests).toHaveLength(1);
  });
});

describe("other stops", () => {
  it("stops at maxIterations", async () => {
    const model = scriptedModel([callSearch], { repeatLast: true });
    const result = await run({ provider: model, model: "m", input: "x", tools: [fakeTool({ name: "search" })], maxIterations: 4 });
    expect(result.stopReason).toBe("max_iterations");
    expect(result.iterations).toBe(4);
    expect(model.requests).toHaveLength(4);
  });

  it("a provider error ends the run with the error and the usage so far", async () => {
    const model = scriptedModel([{ ...callSearch, usage: { inputTokens: 7, outputTokens: 2 } }, { error: "upstream 500" }]);
    const events: StreamEvent[] = [];
    const result = await run({ provider: model, model: "m", input: "x", tools: [fakeTool({ name: "search" })], onEvent: (e) => events.push(e) });
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ code: "PROVIDER_ERROR", message: expect.stringContaining("upstream 500") });
    expect(result.usage.total).toMatchObject({ inputTokens: 7, outputTokens: 2, calls: 1 });
    expect(result.toolCalls).toHaveLength(1);
    expect(events.filter((e) => e.type === "error")).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "error" });
  });

  it("a hook that throws ends the run with HOOK_FAILED naming the hook", async () => {
    const result = await run({
      provider: scriptedModel(["x"]),
      model: "m",
      input: "x",
      config: {
        prepareStep: () => {
          throw new Error("bad routing table");
        },
      },
    });
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ code: "HOOK_FAILED", message: 'Agent hook "prepareStep" failed: bad routing table' });
  });

  it("stops before a call that would exceed the token budget, with a budget event", async () => {
    const model = scriptedModel([{ ...callSearch, usage: { inputTokens: 60, outputTokens: 30 } }, "unreached"]);
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search" })],
      tokenBudget: 80,
      onEvent: (e) => events.push(e),
    });
    expect(result.stopReason).toBe("token_budget");
    expect(result.error).toMatchObject({ code: "TOKEN_BUDGET_EXCEEDED" });
    expect(model.requests).toHaveLength(1);
    expect(events.find((e) => e.type === "budget-exceeded")).toMatchObject({ budget: "tokens", limit: 80, used: 90 });
  });

  it("with a token counter, the budget check counts the next request plus the reserved output", async () => {
    const counter: TokenCounter = {
      countText: (text) => ({ tokens: text.length, exact: true }),
      countMessages: (messages) => ({ tokens: messages.length * 10, exact: true }),
    };
    const model = scriptedModel([{ ...callSearch, usage: { inputTokens: 20, outputTokens: 5 } }, "unreached"]);
    // After call 1: 25 used; the next request has 3 messages (user, assistant, tool: 30) + 50 reserved → 105 > 100.
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search" })],
      tokenBudget: 100,
      tokenCounter: counter,
      maxOutputTokens: 50,
    });
    expect(result.stopReason).toBe("token_budget");
    expect(result.error!.details).toMatchObject({ used: 25, budget: 100, next: 80 });
    expect(model.requests).toHaveLength(1);
  });
});

describe("abort", () => {
  it("stops a streaming model call within one event and returns what was done", async () => {
    const controller = new AbortController();
    const model = scriptedModel([
      { ...callSearch, usage: { inputTokens: 5, outputTokens: 1 } },
      { text: ["a", "b", "c", "d", "e"], chunkDelayMs: 20 },
    ]);
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search" })],
      signal: controller.signal,
      onEvent: (e) => {
        events.push(e);
        if (e.type === "text-delta" && e.text === "b") controller.abort();
      },
    });
    expect(result.stopReason).toBe("aborted");
    expect(result.error).toMatchObject({ code: "RUN_ABORTED" });
    const deltas = events.filter((e) => e.type === "text-delta").map((e) => (e as { text: string }).text);
    expect(deltas).toEqual(["a", "b"]);
    expect(result.usage.total).toMatchObject({ inputTokens: 5, outputTokens: 1, calls: 1 });
    expect(result.toolCalls).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "aborted" });
  });

  it("aborts running tools through their signal and does not wait for a tool that ignores it", async () => {
    const controller = new AbortController();
    const polite = fakeTool({ name: "polite", delayMs: 10_000 });
    const stubborn = fakeTool({ name: "stubborn", delayMs: 3_000, ignoreAbort: true });
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "polite", arguments: {} },
          { name: "stubborn", arguments: {} },
        ],
      },
      "unreached",
    ]);
    let started = 0;
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [polite, stubborn],
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === "tool-start" && ++started === 2) setTimeout(() => controller.abort(), 5);
      },
    });
    expect(result.stopReason).toBe("aborted");
    expect(result.toolCalls.map((r) => r.status)).toEqual(["aborted", "aborted"]);
    expect(polite.calls[0]!.aborted).toBe(true);
    expect(model.requests).toHaveLength(1);
    expect(result.messages.map((m) => m.role)).toEqual(["assistant", "tool"]);
  });

  it("an already aborted signal makes no model call", async () => {
    const model = scriptedModel(["x"]);
    const result = await run({ provider: model, model: "m", input: "x", signal: AbortSignal.abort() });
    expect(result.stopReason).toBe("aborted");
    expect(model.requests).toHaveLength(0);
    expect(result.iterations).toBe(0);
  });
});
