import { describe, expect, it } from "vitest";
import type { ToolExecutionContext } from "@baton/core";
import { fakeTool } from "./fake-tool.js";
import { echoTool } from "./echo-tool.js";
import { sleepTool } from "./sleep-tool.js";
import { testToolContext } from "./test-tool-context.js";

function context(signal: AbortSignal = new AbortController().signal, progress: string[] = []): ToolExecutionContext {
  return testToolContext({
    signal,
    progress: (message) => {
      progress.push(message);
    },
  });
}

describe("fakeTool", () => {
  it("is a core Tool with an object schema, returning its result and recording the call", async () => {
    const tool = fakeTool({ name: "lookup", result: { found: true }, timeoutMs: 500 });
    expect(tool).toMatchObject({ name: "lookup", description: "Fake tool lookup.", timeoutMs: 500 });
    expect(tool.parameters).toEqual({ type: "object", properties: {} });
    expect(await tool.execute({ q: "x" }, context())).toEqual({ found: true });
    expect(tool.calls).toHaveLength(1);
    expect(tool.calls[0]).toMatchObject({ args: { q: "x" }, toolCallId: "call_1", aborted: false, result: { found: true } });
    expect(tool.calls[0]!.endedAt).toBeGreaterThanOrEqual(tool.calls[0]!.startedAt);
    tool.reset();
    expect(tool.calls).toEqual([]);
  });

  it("computes the result from a function of the args and context, and defaults to { ok: true }", async () => {
    const tool = fakeTool<{ city: string }>({ name: "weather", result: async ({ city }, ctx) => `${city} (${ctx.toolCallId})` });
    expect(await tool.execute({ city: "Paris" }, context())).toBe("Paris (call_1)");
    expect(await fakeTool({ name: "plain" }).execute({}, context())).toEqual({ ok: true });
    expect(await fakeTool({ name: "nothing", result: undefined }).execute({}, context())).toBeUndefined();
  });

  it("waits delayMs before answering", async () => {
    const tool = fakeTool({ name: "slow", delayMs: 40, result: 1 });
    const started = performance.now();
    await tool.execute({}, context());
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it("rejects with the signal's reason when aborted during the delay", async () => {
    const controller = new AbortController();
    const tool = fakeTool({ name: "slow", delayMs: 10_000 });
    const reason = new Error("stop");
    const started = performance.now();
    setTimeout(() => controller.abort(reason), 10);
    await expect(tool.execute({}, context(controller.signal))).rejects.toBe(reason);
    // Far below the 10 s delay it cut short, with room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(tool.calls[0]).toMatchObject({ aborted: true, error: reason });
    expect(tool.calls[0]!.endedAt).toBeDefined();
  });

  it("keeps going when ignoreAbort is set, and records that the signal aborted", async () => {
    const controller = new AbortController();
    const tool = fakeTool({ name: "stubborn", delayMs: 30, ignoreAbort: true, result: "done anyway" });
    const pending = tool.execute({}, context(controller.signal));
    controller.abort();
    expect(await pending).toBe("done anyway");
    expect(tool.calls[0]).toMatchObject({ aborted: true, result: "done anyway" });
  });

  it("throws the scripted error after the delay; a string becomes an Error", async () => {
    const custom = { code: 42 };
    await expect(fakeTool({ name: "bad", error: custom }).execute({}, context())).rejects.toBe(custom);
    const tool = fakeTool({ name: "bad", error: "disk full", delayMs: 5 });
    await expect(tool.execute({}, context())).rejects.toThrow(new Error("disk full"));
    expect(tool.calls[0]?.error).toBeInstanceOf(Error);
  });

  it("streams chunks before the result as an async generator", async () => {
    const tool = fakeTool({ name: "streamer", stream: ["a", "b"], result: "ab" });
    const output = tool.execute({}, context()) as AsyncGenerator<unknown, unknown>;
    const chunks: unknown[] = [];
    let step = await output.next();
    while (!step.done) {
      chunks.push(step.value);
      step = await output.next();
    }
    expect(chunks).toEqual(["a", "b"]);
    expect(step.value).toBe("ab");
    expect(tool.calls[0]).toMatchObject({ result: "ab", aborted: false });
  });

  it("reports progress messages in order", async () => {
    const progress: string[] = [];
    await fakeTool({ name: "p", progress: ["starting", "halfway"] }).execute({}, context(undefined, progress));
    expect(progress).toEqual(["starting", "halfway"]);
  });

  it("answers shouldUse with a fixed value or a check", async () => {
    const availability = { toolName: "t", runId: "r", agentPath: "main", context: { admin: true }, messages: [] };
    expect(await fakeTool({ name: "t", shouldUse: false }).shouldUse?.(availability)).toBe(false);
    expect(await fakeTool({ name: "t", shouldUse: (ctx) => ctx.context.admin === true }).shouldUse?.(availability)).toBe(true);
    expect(fakeTool({ name: "t" }).shouldUse).toBeUndefined();
  });

  it("records overlapping calls of parallel executions", async () => {
    const tool = fakeTool({ name: "parallel", delayMs: 30 });
    await Promise.all([tool.execute({ n: 1 }, context()), tool.execute({ n: 2 }, context())]);
    const [a, b] = tool.calls;
    expect(b!.startedAt).toBeLessThan(a!.endedAt!);
  });
});

describe("echoTool and sleepTool", () => {
  it("echoTool returns its arguments", async () => {
    const echo = echoTool();
    expect(echo.name).toBe("echo");
    expect(await echo.execute({ text: "hi" }, context())).toEqual({ text: "hi" });
    expect(echo.calls[0]?.args).toEqual({ text: "hi" });
  });

  it("sleepTool waits and honours abort", async () => {
    expect(await sleepTool(5).execute({}, context())).toEqual({ sleptMs: 5 });
    const controller = new AbortController();
    const pending = sleepTool(10_000).execute({}, context(controller.signal));
    controller.abort(new Error("halt"));
    await expect(pending).rejects.toThrow("halt");
  });
});

describe("testToolContext", () => {
  it("records progress, steps and usage, and applies overrides", async () => {
    const ctx = testToolContext({ toolName: "search", context: { userId: "u1" } });
    await ctx.progress("one");
    await ctx.reportStep({ group: "g", stepId: "s1", title: "Fetching", status: "active", at: 1 });
    ctx.addUsage({ model: "m", agentPath: "main", inputTokens: 1, outputTokens: 2, cachedInputTokens: 0, reasoningTokens: 0, tools: [] } as never);
    expect(ctx.toolName).toBe("search");
    expect(ctx.context).toEqual({ userId: "u1" });
    expect(ctx.progressMessages).toEqual(["one"]);
    expect(ctx.steps.map((s) => s.title)).toEqual(["Fetching"]);
    expect(ctx.usage).toHaveLength(1);
    await expect(ctx.runSubAgent({ name: "x", input: "y" })).rejects.toThrow(/runSubAgent was not given/);
  });
});
