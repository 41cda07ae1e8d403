import { describe, expect, it } from "vitest";
import { BatonError, type AgentConfig, type BatchCall, type Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { prepareStep } from "../../src/steps/prepare-step.js";
import { modelTurn } from "../../src/steps/model-turn.js";
import { toolBatch } from "../../src/steps/tool-batch.js";
import { agentRun } from "../support/agent-run.js";

const calls = [
  { id: "c1", name: "search", arguments: { q: "a" } },
  { id: "c2", name: "fetch", arguments: { url: "u" } },
];

/** A run whose model step has opened a batch of the given calls. */
async function batchOf(tools: readonly Tool[], config: AgentConfig = {}, toolCalls: readonly { id: string; name: string; arguments?: unknown }[] = calls) {
  const harness = agentRun({ tools, config, provider: scriptedModel([{ text: "Working.", toolCalls, usage: { inputTokens: 10, outputTokens: 2 } }]) });
  await prepareStep(harness.run);
  await modelTurn(harness.run);
  return harness;
}

describe("tool batch", () => {
  it("runs the calls at once, announces the turn and each call, then gives the results to the model in call order", async () => {
    const search = fakeTool({ name: "search", result: "found", delayMs: 20 });
    const fetch = fakeTool({ name: "fetch", result: "page" });
    const harness = await batchOf([search, fetch]);
    expect(await toolBatch(harness.run)).toEqual({ type: "continue", step: "end" });
    expect(harness.types()).toEqual([
      "step-start",
      "text-delta",
      "message",
      "tool-call",
      "tool-call",
      "tool-start",
      "tool-start",
      "tool-done",
      "tool-done",
      "message",
      "usage",
    ]);
    // fetch finished first, but the results keep the calls' order.
    expect(harness.state.added.at(-1)).toEqual({
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "c1", toolName: "search", result: "found" },
        { type: "tool-result", toolCallId: "c2", toolName: "fetch", result: "page" },
      ],
    });
    expect(harness.state.toolCalls.map((record) => [record.toolCallId, record.status, record.iteration])).toEqual([
      ["c1", "ok", 1],
      ["c2", "ok", 1],
    ]);
    expect(harness.state.usage).toMatchObject([{ iteration: 1, tools: ["search", "fetch"] }]);
    expect(harness.state.toolCallCount).toBe(2);
    expect(harness.state.batch).toBeUndefined();
  });

  it("beforeToolCalls may refuse a call (the model reads why), rewrite arguments (checked again) and drop a call from the turn", async () => {
    const search = fakeTool({ name: "search", result: (args: { q: string }) => `found ${args.q}` });
    const fetch = fakeTool({ name: "fetch" });
    const drop = fakeTool({ name: "log" });
    const harness = await batchOf(
      [search, fetch, drop],
      {
        beforeToolCalls: ({ calls }) => {
          expect(calls.map((planned) => [planned.call.toolCallId, planned.decision.type, planned.tool?.name])).toEqual([
            ["c1", "run", "search"],
            ["c2", "run", "fetch"],
            ["c3", "run", "log"],
          ]);
          return {
            decisions: {
              c1: { type: "run", arguments: { q: "rewritten" } },
              c2: { type: "refuse", result: "Fetching is not allowed now." },
              c3: { type: "drop" },
            },
          };
        },
      },
      [...calls, { id: "c3", name: "log" }],
    );
    await toolBatch(harness.run);
    expect(fetch.calls).toHaveLength(0);
    expect(drop.calls).toHaveLength(0);
    expect(harness.state.added[0]).toMatchObject({
      role: "assistant",
      content: [{ type: "text", text: "Working." }, { toolCallId: "c1" }, { toolCallId: "c2" }],
    });
    expect(harness.state.added[0]!.content).toHaveLength(3);
    expect(harness.state.added[1]).toEqual({
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "c1", toolName: "search", result: "found rewritten" },
        { type: "tool-result", toolCallId: "c2", toolName: "fetch", result: "Fetching is not allowed now.", isError: true },
      ],
    });
    expect(harness.state.toolCalls.map((record) => [record.toolCallId, record.status, record.arguments])).toEqual([
      ["c1", "ok", { q: "rewritten" }],
      ["c2", "refused", { url: "u" }],
    ]);
    expect(harness.state.toolCalls[1]!.error).toMatchObject({ code: "TOOL_REFUSED" });
    expect(harness.events.find((event) => event.type === "tool-error")).toMatchObject({ toolCallId: "c2", status: "refused" });
    expect(harness.state.toolCallCount).toBe(2);
  });

  it("beforeToolCalls may end the run: the turn keeps its text, none of its calls runs", async () => {
    const search = fakeTool({ name: "search" });
    const harness = await batchOf([search, fakeTool({ name: "fetch" })], { beforeToolCalls: () => ({ stop: "loop_detected" }) });
    expect(await toolBatch(harness.run)).toEqual({ type: "continue", step: "end" });
    expect(harness.run.stepStop).toEqual({ stop: true, reason: "loop_detected" });
    expect(search.calls).toHaveLength(0);
    expect(harness.state.added).toEqual([{ role: "assistant", content: [{ type: "text", text: "Working." }] }]);
    expect(harness.state.usage).toHaveLength(1);
  });

  it("a call held for approval pauses the batch: nothing of it runs, the turn's usage is recorded once, and the interruption says what waits", async () => {
    const search = fakeTool({ name: "search" });
    const fetch = fakeTool({ name: "fetch" });
    const harness = await batchOf([search, fetch], { beforeToolCalls: () => ({ decisions: { c2: { type: "interrupt", payload: { cost: "high" } } } }) });
    const next = await toolBatch(harness.run);
    expect(next).toEqual({
      type: "interrupt",
      interruptions: [
        { id: "c2", kind: "approval", agentPath: "main", toolCallId: "c2", toolName: "fetch", arguments: { url: "u" }, payload: { cost: "high" } },
      ],
    });
    expect(search.calls).toHaveLength(0);
    expect(fetch.calls).toHaveLength(0);
    expect(harness.events.filter((event) => event.type === "tool-interrupted")).toMatchObject([
      { toolCallId: "c2", kind: "approval", payload: { cost: "high" } },
    ]);
    expect(harness.state.usage).toMatchObject([{ iteration: 1, tools: [] }]);
    expect(harness.state.batch!.usageRecorded).toBe(true);
  });

  it("an approved call runs and a rejected one is refused with the person's reason", async () => {
    const search = fakeTool({ name: "search", result: "found" });
    const fetch = fakeTool({ name: "fetch" });
    const harness = await batchOf([search, fetch], { beforeToolCalls: () => ({ decisions: { c1: { type: "interrupt" }, c2: { type: "interrupt" } } }) });
    await toolBatch(harness.run);
    const [first, second] = harness.state.batch!.calls as [BatchCall, BatchCall];
    first.approval = { approved: true };
    second.approval = { approved: false, reason: "too slow" };
    expect(await toolBatch(harness.run)).toEqual({ type: "continue", step: "end" });
    expect(search.calls).toHaveLength(1);
    expect(fetch.calls).toHaveLength(0);
    expect(harness.state.added.at(-1)!.content).toEqual([
      { type: "tool-result", toolCallId: "c1", toolName: "search", result: "found" },
      {
        type: "tool-result",
        toolCallId: "c2",
        toolName: "fetch",
        result: "The user rejected this tool call, so it was not run. Reason: too slow",
        isError: true,
      },
    ]);
    // The usage was recorded when the batch paused: not again.
    expect(harness.state.usage).toHaveLength(1);
  });

  it("a continued batch runs only the calls that had not finished", async () => {
    const search = fakeTool({ name: "search" });
    const fetch = fakeTool({ name: "fetch", result: "page" });
    const harness = await batchOf([search, fetch]);
    harness.state.batch!.decided = true;
    harness.state.batch!.calls[0]!.status = "done";
    harness.state.batch!.calls[0]!.outcome = { status: "ok", result: "found before", durationMs: 3 };
    await toolBatch(harness.run);
    expect(search.calls).toHaveLength(0);
    expect(fetch.calls).toHaveLength(1);
    expect(harness.state.added.at(-1)!.content).toMatchObject([{ result: "found before" }, { result: "page" }]);
  });

  it("a tool that asks the user a question pauses its call; with the answer it runs again from the start and finishes", async () => {
    let runs = 0;
    const ask: Tool = {
      ...fakeTool({ name: "search" }),
      execute: async (_args, ctx) => {
        runs++;
        const city = await ctx.askUser<string>({ question: "Which city?" });
        return `weather in ${city}`;
      },
    };
    const harness = await batchOf([ask, fakeTool({ name: "fetch", result: "page" })]);
    const paused = await toolBatch(harness.run);
    expect(paused).toMatchObject({ type: "interrupt", interruptions: [{ id: "c1", kind: "question", payload: { question: "Which city?" } }] });
    // The other call finished and keeps its result.
    expect(harness.state.batch!.calls.map((entry) => entry.status)).toEqual(["interrupted", "done"]);
    const entry = harness.state.batch!.calls[0]!;
    entry.answers = ["Oslo"];
    delete entry.waitingFor;
    expect(await toolBatch(harness.run)).toEqual({ type: "continue", step: "end" });
    expect(runs).toBe(2);
    expect(harness.state.added.at(-1)!.content).toMatchObject([{ result: "weather in Oslo" }, { result: "page" }]);
  });

  it("afterToolBatch may change what the model reads, force the next tool and end the run after the step", async () => {
    const harness = await batchOf([fakeTool({ name: "search", result: "raw" }), fakeTool({ name: "fetch", error: "boom" })], {
      afterToolBatch: ({ results }) => {
        expect(results.map((result) => [result.status, result.result])).toEqual([
          ["ok", "raw"],
          ["error", "Error (TOOL_EXECUTION_FAILED): boom"],
        ]);
        return { results: { c1: "cleaned" }, toolChoice: { type: "tool", name: "search" }, stop: "tools_disabled" };
      },
    });
    await toolBatch(harness.run);
    expect(harness.state.added.at(-1)!.content).toMatchObject([{ result: "cleaned" }, { result: "Error (TOOL_EXECUTION_FAILED): boom", isError: true }]);
    expect(harness.state.toolChoice).toEqual({ type: "tool", name: "search" });
    expect(harness.run.stepStop).toEqual({ stop: true, reason: "tools_disabled" });
    expect(harness.state.lastIterationErroredTools).toEqual(["fetch"]);
  });

  it("a BatonError a tool throws keeps its code", async () => {
    const harness = await batchOf([
      { ...fakeTool({ name: "search" }), execute: () => Promise.reject(new BatonError("PROVIDER_RATE_LIMIT", "search API quota")) },
      fakeTool({ name: "fetch" }),
    ]);
    await toolBatch(harness.run);
    expect(harness.state.toolCalls[0]).toMatchObject({ status: "error", error: { code: "PROVIDER_RATE_LIMIT", message: "search API quota" } });
    expect(harness.state.added.at(-1)!.content[0]).toMatchObject({ result: "Error (PROVIDER_RATE_LIMIT): search API quota" });
  });
});
