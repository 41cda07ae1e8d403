import { describe, expect, it } from "vitest";
import type { StreamEvent, Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { run } from "../src/index.js";

/** A promise with its resolve function. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A tool that finishes when the test releases it, recording when it started. */
function gatedTool(name: string, log: string[], gate: Promise<void>): Tool {
  return {
    name,
    description: name,
    parameters: { type: "object", properties: {} },
    async execute() {
      log.push(`start ${name}`);
      await gate;
      log.push(`end ${name}`);
      return `${name} result`;
    },
  };
}

const threeCalls = {
  toolCalls: [
    { name: "a", arguments: {} },
    { name: "b", arguments: {} },
    { name: "c", arguments: {} },
  ],
};

describe("parallel tool execution", () => {
  it("starts every tool of a batch before any finishes, streams events as they happen, and answers in call order", async () => {
    const log: string[] = [];
    const gates = { a: deferred(), b: deferred(), c: deferred() };
    const events: StreamEvent[] = [];
    const tools = (["a", "b", "c"] as const).map((n) => gatedTool(n, log, gates[n].promise));
    const model = scriptedModel([threeCalls, "done"]);
    const finished = run({
      provider: model,
      model: "m",
      input: "x",
      tools,
      onEvent: (e) => {
        events.push(e);
        // Release the tools in reverse order once all three have started.
        if (e.type === "tool-start" && e.toolName === "c") gates.c.resolve();
        if (e.type === "tool-done" && e.toolName === "c") gates.b.resolve();
        if (e.type === "tool-done" && e.toolName === "b") gates.a.resolve();
      },
    });
    const result = await finished;
    expect(log.slice(0, 3)).toEqual(["start a", "start b", "start c"]);
    const doneOrder = events.filter((e) => e.type === "tool-done").map((e) => (e as { toolName: string }).toolName);
    expect(doneOrder).toEqual(["c", "b", "a"]);
    const resultsSent = model.requests[1]!.messages.at(-1)!;
    expect(resultsSent.role).toBe("tool");
    expect((resultsSent.content as unknown as { toolName: string; result: unknown }[]).map((p) => [p.toolName, p.result])).toEqual([
      ["a", "a result"],
      ["b", "b result"],
      ["c", "c result"],
    ]);
    expect(result.toolCalls.map((r) => r.toolName)).toEqual(["a", "b", "c"]);
  });

  it("a concurrency cap limits tools running at once and keeps the order of results", async () => {
    let running = 0;
    let peak = 0;
    const make = (name: string, ms: number): Tool => ({
      name,
      description: name,
      parameters: { type: "object", properties: {} },
      async execute() {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, ms));
        running--;
        return name;
      },
    });
    const model = scriptedModel([{ toolCalls: ["a", "b", "c", "d"].map((name) => ({ name, arguments: {} })) }, "done"]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [make("a", 30), make("b", 5), make("c", 5), make("d", 1)],
      maxConcurrentTools: 2,
    });
    expect(peak).toBe(2);
    expect(result.toolCalls.map((r) => r.result)).toEqual(["a", "b", "c", "d"]);
  });

  it("useParallelTools: false runs tools one after another and tells the provider", async () => {
    const log: string[] = [];
    const tool = (name: string): Tool => ({
      name,
      description: name,
      parameters: { type: "object", properties: {} },
      async execute() {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`end ${name}`);
        return name;
      },
    });
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "a", arguments: {} },
          { name: "b", arguments: {} },
        ],
      },
      "done",
    ]);
    await run({ provider: model, model: "m", input: "x", tools: [tool("a"), tool("b")], config: { useParallelTools: false } });
    expect(log).toEqual(["start a", "end a", "start b", "end b"]);
    expect(model.requests[0]!.parallelToolCalls).toBe(false);
  });
});

describe("streaming tools", () => {
  it("forwards each chunk as a tool-stream event and uses the generator's return value as the result", async () => {
    const streaming: Tool = {
      name: "writer",
      description: "writes",
      parameters: { type: "object", properties: {} },
      async *execute() {
        yield "para 1";
        yield "para 2";
        return { words: 4 };
      },
    };
    const events: StreamEvent[] = [];
    const model = scriptedModel([{ toolCalls: [{ name: "writer", arguments: {} }] }, "ok"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [streaming], onEvent: (e) => events.push(e) });
    expect(events.filter((e) => e.type === "tool-stream").map((e) => (e as { chunk: unknown }).chunk)).toEqual(["para 1", "para 2"]);
    const types = events.map((e) => e.type);
    expect(types.indexOf("tool-done")).toBeGreaterThan(types.lastIndexOf("tool-stream"));
    expect(result.toolCalls[0]!.result).toEqual({ words: 4 });
    expect(model.requests[1]!.messages.at(-1)!.content).toEqual([
      { type: "tool-result", toolCallId: expect.any(String), toolName: "writer", result: { words: 4 } },
    ]);
  });
});

describe("bad model output and failing tools never crash a run", () => {
  it("an unknown tool name becomes an error result naming the available tools, and the loop continues", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "serch", arguments: { q: "x" } }] }, "sorry"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [fakeTool({ name: "search" })] });
    expect(result.stopReason).toBe("completed");
    expect(result.toolCalls[0]).toMatchObject({ toolName: "serch", status: "invalid", error: { code: "TOOL_NOT_FOUND" } });
    const sent = model.requests[1]!.messages.at(-1)!.content[0] as { isError: boolean; result: string };
    expect(sent.isError).toBe(true);
    expect(sent.result).toContain('Unknown tool "serch"');
    expect(sent.result).toContain("search");
    expect(result.toolCallCount).toBe(1);
  });

  it("arguments that are not JSON become an error result the model sees; the raw text is kept", async () => {
    const tool = fakeTool({ name: "search" });
    const model = scriptedModel([{ toolCalls: [{ name: "search", rawArguments: '{"q": "unterminated' }] }, "retrying later"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool] });
    expect(tool.calls).toHaveLength(0);
    expect(result.toolCalls[0]).toMatchObject({ status: "invalid", arguments: '{"q": "unterminated', error: { code: "TOOL_INVALID_ARGUMENTS" } });
    const sent = model.requests[1]!.messages.at(-1)!.content[0] as { isError: boolean; result: string };
    expect(sent).toMatchObject({ isError: true });
    expect(sent.result).toContain("not valid JSON");
    const call = model.requests[1]!.messages.at(-2)!.content[0];
    expect(call).toMatchObject({ type: "tool-call", rawArguments: '{"q": "unterminated' });
  });

  it("arguments failing the tool's schema become an error result with the issues", async () => {
    const tool: Tool = {
      ...fakeTool({ name: "search" }),
      validate: (args) => (typeof (args as { q?: unknown }).q === "string" ? { success: true, value: args } : { success: false, issues: ["q: Required"] }),
    };
    const model = scriptedModel([{ toolCalls: [{ name: "search", arguments: { query: "x" } }] }, "ok"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool] });
    expect(result.toolCalls[0]).toMatchObject({
      status: "invalid",
      error: { code: "TOOL_INVALID_ARGUMENTS", message: expect.stringContaining("q: Required") },
    });
  });

  it("a model that keeps calling unknown tools still stops at the tool-call limit", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "nope", arguments: {} }] }], { repeatLast: true });
    const result = await run({ provider: model, model: "m", input: "x", tools: [fakeTool({ name: "real" })], toolCallLimit: 3 });
    expect(result.toolCallCount).toBe(3);
    expect(result.stopReason).toBe("tool_call_limit");
    expect(model.requests.at(-1)!.tools).toBeUndefined();
  });

  it("a tool that throws yields an error result cut to maxToolErrorLength", async () => {
    const tool = fakeTool({ name: "boom", error: new Error("x".repeat(500)) });
    const model = scriptedModel([{ toolCalls: [{ name: "boom", arguments: {} }] }, "it failed"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool], maxToolErrorLength: 100 });
    expect(result.toolCalls[0]).toMatchObject({ status: "error", error: { code: "TOOL_EXECUTION_FAILED" } });
    expect(result.toolCalls[0]!.error!.message.length).toBe(100);
    expect(result.toolCalls[0]!.error!.message).toMatch(/truncated 4\d\d characters\]$/);
    const sent = model.requests[1]!.messages.at(-1)!.content[0] as { result: string; isError: boolean };
    expect(sent.isError).toBe(true);
    expect(sent.result).toContain("TOOL_EXECUTION_FAILED");
    expect(result.text).toBe("it failed");
  });

  it("shouldUse false yields TOOL_NOT_ENABLED, and afterToolBatch may tell the user and end the run", async () => {
    const tool = fakeTool({ name: "images", shouldUse: () => false });
    const refused: string[] = [];
    const model = scriptedModel([{ toolCalls: [{ name: "images", arguments: {} }] }, "never reached"]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [tool],
      config: {
        afterToolBatch: ({ state, context, results }) => {
          refused.push(...state.toolsNotEnabled, ...results.filter((r) => r.status === "not_enabled").map((r) => r.call.toolName));
          context.sendText("Image generation is off. Enable it in Settings → Tools.");
          return { stop: "tools_disabled" };
        },
      },
    });
    expect(tool.calls).toHaveLength(0);
    expect(result.toolCalls[0]).toMatchObject({ status: "not_enabled", error: { code: "TOOL_NOT_ENABLED", message: "TOOL_NOT_ENABLED" } });
    expect(refused).toEqual(["images", "images"]);
    expect(result.stopReason).toBe("tools_disabled");
    expect(result.text).toBe("Image generation is off. Enable it in Settings → Tools.");
    expect(model.requests).toHaveLength(1);
  });

  it("by default a refused tool is reported to the model and the run goes on", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "images", arguments: {} }] }, "I can't make images here."]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [fakeTool({ name: "images", shouldUse: async () => false })] });
    expect(result.stopReason).toBe("completed");
    expect(model.requests[1]!.messages.at(-1)!.content[0]).toMatchObject({ isError: true, result: "TOOL_NOT_ENABLED" });
  });

  it("a tool past its timeout is aborted through its signal and reported as timed out", async () => {
    const slow = fakeTool({ name: "slow", delayMs: 5_000 });
    const quick = fakeTool({ name: "quick", result: "fast" });
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "slow", arguments: {} },
          { name: "quick", arguments: {} },
        ],
      },
      "partial answer",
    ]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [slow, quick], toolTimeoutMs: 30 });
    expect(result.toolCalls.map((r) => r.status)).toEqual(["timeout", "ok"]);
    expect(result.toolCalls[0]!.error).toMatchObject({ code: "TOOL_TIMEOUT", details: { timeoutMs: 30 } });
    expect(slow.calls[0]!.aborted).toBe(true);
    expect(result.text).toBe("partial answer");
  });

  it("a tool's own timeoutMs wins over the run's default, even when the tool ignores its signal", async () => {
    const stubborn = fakeTool({ name: "stubborn", delayMs: 2_000, ignoreAbort: true, timeoutMs: 20 });
    const model = scriptedModel([{ toolCalls: [{ name: "stubborn", arguments: {} }] }, "ok"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [stubborn], toolTimeoutMs: 60_000 });
    expect(result.toolCalls[0]!.status).toBe("timeout");
    expect(result.toolCalls[0]!.durationMs).toBeLessThan(2_000);
  });
});

describe("tool results that are not JSON", () => {
  it("a BigInt, a circular object or a function fails the call with TOOL_RESULT_NOT_JSON; the model reads why and the run goes on", async () => {
    const circular: Record<string, unknown> = { name: "node" };
    circular.self = circular;
    const tools: Tool[] = [
      { ...fakeTool({ name: "big" }), execute: () => ({ total: 10n }) },
      { ...fakeTool({ name: "loop" }), execute: async () => circular },
      { ...fakeTool({ name: "fn" }), execute: () => () => "hi" },
      { ...fakeTool({ name: "fine" }), execute: () => ({ when: new Date(0), n: 1 }) },
    ];
    const model = scriptedModel([{ toolCalls: ["big", "loop", "fn", "fine"].map((name) => ({ id: name, name, arguments: {} })) }, "Done."]);
    const events: StreamEvent[] = [];
    const result = await run({ provider: model, model: "m", input: "go", tools, onEvent: (event) => void events.push(event) });
    expect(result.stopReason).toBe("completed");
    expect(result.toolCalls.map((call) => [call.toolName, call.status, call.error?.code])).toEqual([
      ["big", "error", "TOOL_RESULT_NOT_JSON"],
      ["loop", "error", "TOOL_RESULT_NOT_JSON"],
      ["fn", "error", "TOOL_RESULT_NOT_JSON"],
      ["fine", "ok", undefined],
    ]);
    const read = model.requests[1]!.messages.at(-1)!;
    expect(read.role === "tool" && read.content.map((part) => part.result)).toEqual([
      'Error (TOOL_RESULT_NOT_JSON): Tool "big" returned a value that is not JSON: a BigInt at result.total.',
      'Error (TOOL_RESULT_NOT_JSON): Tool "loop" returned a value that is not JSON: a circular reference at result.self.',
      'Error (TOOL_RESULT_NOT_JSON): Tool "fn" returned a value that is not JSON: a function at result.',
      { when: "1970-01-01T00:00:00.000Z", n: 1 },
    ]);
    // Every event of the run can be written as JSON (what an SSE stream or a store needs).
    expect(() => JSON.stringify(events)).not.toThrow();
    expect(() => JSON.stringify(result.state)).not.toThrow();
  });

  it("an Error returned instead of thrown, or a Promise left un-awaited inside a result, fails with TOOL_RESULT_NOT_JSON naming it (JSON would have written {})", async () => {
    const tools: Tool[] = [
      { ...fakeTool({ name: "returned" }), execute: () => new Error("not found") },
      { ...fakeTool({ name: "pending" }), execute: () => ({ rows: Promise.resolve([1, 2]) }) },
    ];
    const model = scriptedModel([{ toolCalls: ["returned", "pending"].map((name) => ({ id: name, name, arguments: {} })) }, "Done."]);
    const result = await run({ provider: model, model: "m", input: "go", tools });
    expect(result.stopReason).toBe("completed");
    expect(result.toolCalls.map((call) => [call.toolName, call.status, call.error?.code])).toEqual([
      ["returned", "error", "TOOL_RESULT_NOT_JSON"],
      ["pending", "error", "TOOL_RESULT_NOT_JSON"],
    ]);
    const read = model.requests[1]!.messages.at(-1)!;
    expect(read.role === "tool" && read.content.map((part) => part.result)).toEqual([
      'Error (TOOL_RESULT_NOT_JSON): Tool "returned" returned a value that is not JSON: an Error (throw it to fail the call, or return its message) at result.',
      'Error (TOOL_RESULT_NOT_JSON): Tool "pending" returned a value that is not JSON: a Promise (an await forgotten?) at result.rows.',
    ]);
  });

  it("a Map or NaN fails with TOOL_RESULT_NOT_JSON; a Date reaches the model as its ISO string, as it does after a resume", async () => {
    const tools: Tool[] = [
      { ...fakeTool({ name: "map" }), execute: () => ({ scores: new Map([["a", 1]]) }) },
      { ...fakeTool({ name: "nan" }), execute: () => ({ score: Number.NaN }) },
      { ...fakeTool({ name: "date" }), execute: () => ({ at: new Date(0), skip: undefined }) },
    ];
    const model = scriptedModel([{ toolCalls: ["map", "nan", "date"].map((name) => ({ id: name, name, arguments: {} })) }, "Done."]);
    const result = await run({ provider: model, model: "m", input: "go", tools });
    const read = model.requests[1]!.messages.at(-1)!;
    const results = read.role === "tool" ? read.content.map((part) => part.result) : [];
    expect(results).toEqual([
      'Error (TOOL_RESULT_NOT_JSON): Tool "map" returned a value that is not JSON: a Map at result.scores.',
      'Error (TOOL_RESULT_NOT_JSON): Tool "nan" returned a value that is not JSON: NaN at result.score.',
      { at: "1970-01-01T00:00:00.000Z" },
    ]);
    // What the model read is what a resumed run reads back from the stored state.
    expect(results).toEqual(JSON.parse(JSON.stringify(results)));
    expect(result.toolCalls.map((call) => call.error?.code ?? call.result)).toEqual([
      "TOOL_RESULT_NOT_JSON",
      "TOOL_RESULT_NOT_JSON",
      { at: "1970-01-01T00:00:00.000Z" },
    ]);
  });
});
