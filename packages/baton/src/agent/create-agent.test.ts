import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigurationError, DuplicateToolError, type ModelRequest, type Storage, type StreamEvent, type Tool, type ToolRegistry } from "@baton/core";
import { defineTool, ToolSet } from "@baton/tools";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { rejectionText } from "../index.js";
import { createAgent, MISSING_PROVIDER_MESSAGE } from "./create-agent.js";
import type { CreateAgentOptions } from "./create-agent-options.js";

/** A connection to `storage` that can be cut: after `cut()` every call fails, as for a process that died. */
function connectionTo(storage: Storage): { readonly connection: Storage; cut(): void } {
  let cut = false;
  const connection = new Proxy(storage, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => (cut ? Promise.reject(new Error("connection lost")) : (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return { connection, cut: () => void (cut = true) };
}

const population = defineTool({
  name: "get_population",
  description: "The population of a city, in millions.",
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => ({ city, millions: city === "Paris" ? 2.1 : 3.6 }),
});

const add = defineTool({
  name: "add",
  description: "Adds two numbers.",
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => Math.round((a + b) * 10) / 10,
});

/** A model that looks up two cities in parallel, adds the numbers, then answers. */
function twoRoundModel() {
  return scriptedModel([
    {
      toolCalls: [
        { name: "get_population", arguments: { city: "Paris" } },
        { name: "get_population", arguments: { city: "Berlin" } },
      ],
      usage: { inputTokens: 20, outputTokens: 8 },
    },
    { toolCalls: [{ name: "add", arguments: { a: 2.1, b: 3.6 } }], usage: { inputTokens: 40, outputTokens: 5 } },
    { text: ["Together they have ", "5.7 million people."], usage: { inputTokens: 50, outputTokens: 7 } },
  ]);
}

describe("createAgent", () => {
  it("runs a two-round tool agent with zod tools and reports text, tool calls and usage", async () => {
    const model = twoRoundModel();
    const agent = createAgent({ provider: model, model: "m1", instructions: "Be exact.", tools: [population, add] });

    const result = await agent.run("How many people live in Paris and Berlin?");

    expect(result.text).toBe("Together they have 5.7 million people.");
    expect(result.stopReason).toBe("completed");
    expect(result.iterations).toBe(3);
    expect(result.agentPath).toBe("main");
    expect(result.toolCalls.map((r) => [r.toolName, r.arguments, r.status, r.result, r.iteration])).toEqual([
      ["get_population", { city: "Paris" }, "ok", { city: "Paris", millions: 2.1 }, 1],
      ["get_population", { city: "Berlin" }, "ok", { city: "Berlin", millions: 3.6 }, 1],
      ["add", { a: 2.1, b: 3.6 }, "ok", 5.7, 2],
    ]);
    expect(result.usage.calls.map((u) => [u.iteration, u.inputTokens, u.outputTokens, u.tools])).toEqual([
      [1, 20, 8, ["get_population", "get_population"]],
      [2, 40, 5, ["add"]],
      [3, 50, 7, []],
    ]);
    expect(result.usage.total).toMatchObject({ inputTokens: 110, outputTokens: 20, calls: 3, tools: ["get_population", "add"] });
    expect(model.requests[0]!.messages[0]).toEqual({ role: "system", content: "Be exact." });
    expect(model.requests[0]!.tools?.map((t) => t.name)).toEqual(["get_population", "add"]);
  });

  it("streams the run's events in order and resolves the same result", async () => {
    const agent = createAgent({ provider: twoRoundModel(), model: "m1", tools: [population, add] });

    const running = agent.stream("Paris and Berlin?", { runId: "run-7" });
    const events: StreamEvent[] = [];
    for await (const event of running) events.push(event);
    const result = await running.result;

    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.every((e) => e.runId === "run-7")).toBe(true);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("run-start");
    expect(types.at(-1)).toBe("run-end");
    expect(types.filter((t) => t === "step-start")).toHaveLength(3);
    expect(types.filter((t) => t === "tool-done")).toHaveLength(3);
    expect(types.indexOf("tool-start")).toBeLessThan(types.indexOf("tool-done"));
    expect(types.lastIndexOf("tool-done")).toBeLessThan(types.indexOf("text-delta"));
    const text = events.flatMap((e) => (e.type === "text-delta" ? [e.text] : [])).join("");
    expect(text).toBe(result.text);
    expect(result.runId).toBe("run-7");
  });

  it("throws a ConfigurationError that says what to pass when the provider is missing", () => {
    const create = () => createAgent({ model: "m1" } as never);
    expect(create).toThrow(ConfigurationError);
    expect(create).toThrow(MISSING_PROVIDER_MESSAGE);
    expect(MISSING_PROVIDER_MESSAGE).toContain("scriptedModel() from @baton/testing");
    expect(() => createAgent({ provider: {} as never, model: "m1" })).toThrow(/stream\(\) method/);
    expect(() => createAgent({ provider: scriptedModel([]), model: "" })).toThrow(/needs a model/);
  });

  it("rejects bad limits and a bad name when the agent is made, not at its first run", () => {
    const provider = scriptedModel([]);
    expect(() => createAgent({ provider, model: "m1", maxIterations: 0 })).toThrow('Option "maxIterations" must be a positive integer, got 0.');
    expect(() => createAgent({ provider, model: "m1", maxConcurrentTools: 1.5 })).toThrow('Option "maxConcurrentTools" must be a positive integer, got 1.5.');
    expect(() => createAgent({ provider, model: "m1", toolCallLimit: 2.5 })).toThrow('Option "toolCallLimit" must be a non-negative integer, got 2.5.');
    expect(() => createAgent({ provider, model: "m1", toolTimeoutMs: 1.5, toolCallLimit: 0 }).name).not.toThrow();
    expect(() => createAgent({ provider, model: "m1", toolTimeoutMs: -5 })).toThrow(ConfigurationError);
    expect(() => createAgent({ provider, model: "m1", name: "has space" })).toThrow(/"agentName"/);
    expect(provider.callCount).toBe(0);
  });

  it("fails at createAgent time when two tools share a name", () => {
    const twin = defineTool({ name: "add", description: "Adds again.", parameters: z.object({}), execute: () => 0 });
    expect(() => createAgent({ provider: scriptedModel([]), model: "m1", tools: [add, twin] })).toThrow(DuplicateToolError);
  });

  it("uses a given registry as is, with its system prompt, and gives no tools an empty registry", async () => {
    const registry = new ToolSet([add], { basePrompt: "Use the tools for arithmetic." });
    const model = scriptedModel(["5"]);
    const agent = createAgent({ provider: model, model: "m1", instructions: "Be exact.", tools: registry });
    expect(agent.tools).toBe(registry);
    await agent.run("2 + 3?");
    expect(model.requests[0]!.messages[0]).toEqual({ role: "system", content: "Be exact.\n\nUse the tools for arithmetic." });
    expect(createAgent({ provider: scriptedModel([]), model: "m1" }).tools.list()).toEqual([]);
  });

  it("offers tools registered on agent.tools after creation to later runs", async () => {
    const model = scriptedModel(["a"]);
    const agent = createAgent({ provider: model, model: "m1" });
    agent.tools.register(add);
    await agent.run("x");
    expect(model.requests[0]!.tools?.map((t) => t.name)).toEqual(["add"]);
  });

  it("names its agent paths after the agent", async () => {
    const agent = createAgent({ name: "researcher", provider: scriptedModel(["hi"]), model: "m1" });
    expect(agent.name).toBe("researcher");
    const result = await agent.run("hello");
    expect(result.agentPath).toBe("researcher");
  });
});

describe("per-call options", () => {
  it("pass the abort signal through", async () => {
    const agent = createAgent({ provider: scriptedModel(["never sent"]), model: "m1" });
    const result = await agent.run("x", { signal: AbortSignal.abort() });
    expect(result.stopReason).toBe("aborted");
    expect(result.iterations).toBe(0);
  });

  it("abort a streamed run through the signal", async () => {
    const controller = new AbortController();
    const slow = fakeTool({ name: "slow", delayMs: 5_000 });
    const agent = createAgent({ provider: scriptedModel([{ toolCalls: [{ name: "slow" }] }, "done"]), model: "m1", tools: [slow] });
    const running = agent.stream("x", { signal: controller.signal });
    for await (const event of running) if (event.type === "tool-start") controller.abort();
    const result = await running.result;
    expect(result.stopReason).toBe("aborted");
    expect(slow.calls[0]!.aborted).toBe(true);
  });

  it("let a call's toolCallLimit override the agent's, and keep the agent's when it is undefined", async () => {
    const turns = [{ toolCalls: [{ name: "search" }] }, { toolCalls: [{ name: "search" }] }, { toolCalls: [{ name: "search" }] }, "final"];
    const search = fakeTool({ name: "search", result: "r" });
    const agent = createAgent({ provider: scriptedModel(turns, { loop: true }), model: "m1", tools: [search], toolCallLimit: 3 });

    const limited = await agent.run("x", { toolCallLimit: 1 });
    expect(limited.toolCallCount).toBe(1);
    expect(limited.stopReason).toBe("tool_call_limit");

    const agentDefault = createAgent({ provider: scriptedModel(turns), model: "m1", tools: [search], toolCallLimit: 3 });
    const full = await agentDefault.run("x", { toolCallLimit: undefined });
    expect(full.toolCallCount).toBe(3);
  });

  it("pass run id, event callback, application context and conversation id through", async () => {
    const storage = createMemoryStorage();
    const whoami = fakeTool({ name: "whoami", result: (_args, ctx) => ctx.context.user });
    const agent = createAgent({
      provider: scriptedModel([{ toolCalls: [{ name: "whoami" }] }, "ok"]),
      model: "m1",
      tools: [whoami],
      storage,
    });
    const events: StreamEvent[] = [];
    const result = await agent.run("who am I?", {
      runId: "r1",
      onEvent: (e) => events.push(e),
      context: { user: "ada" },
      conversationId: "c1",
      userId: "ada",
    });

    expect(result.toolCalls[0]!.result).toBe("ada");
    expect(result.runId).toBe("r1");
    expect(events.at(-1)).toMatchObject({ type: "run-end", runId: "r1" });
    expect(result.persisted).toBe(true);
    expect((await storage.loadMessages("c1")).map((message) => [message.role, message.userId])).toEqual([
      ["user", "ada"],
      ["assistant", "ada"],
    ]);
    expect((await storage.queryUsage({ userId: "ada" })).map((usage) => usage.runId)).toEqual(["r1", "r1"]);
  });

  it("persist nothing without storage, say so in every result, and refuse to resume", async () => {
    const agent = createAgent({ provider: scriptedModel(["hi"]), model: "m1" });
    expect((await agent.run("x")).persisted).toBe(false);
    await expect(agent.resume("r1")).rejects.toThrow('agent.resume("r1") needs the agent\'s "storage"');
  });

  it("resume a run of the agent whose process died, from its storage", async () => {
    const storage = createMemoryStorage();
    // Process A: its tool hangs, then it loses its storage connection — what a process that died in its first tool batch leaves behind.
    const link = connectionTo(storage);
    let toolStarted!: () => void;
    const started = new Promise<void>((resolve) => (toolStarted = resolve));
    // Running it twice is safe: the resumed run runs the call its dead process left in doubt again.
    const hangs: Tool = {
      ...fakeTool({ name: "whoami" }),
      effects: "idempotent",
      execute: (_args, ctx) => {
        toolStarted();
        return new Promise((_resolve, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason)));
      },
    };
    const processA = createAgent({
      provider: scriptedModel([{ toolCalls: [{ id: "call_1", name: "whoami", arguments: {} }] }]),
      model: "m1",
      tools: [hangs],
      storage: link.connection,
      // Long enough that a busy machine does not make process A lose its claim before its tool starts.
      claimLeaseMs: 400,
    });
    const stopA = new AbortController();
    const dying = processA.run("who am I?", { runId: "r9", conversationId: "c9", signal: stopA.signal });
    await Promise.race([started, dying.then((early) => expect.fail(`process A ended before its tool started: ${early.stopReason}`))]);
    link.cut();
    await new Promise((resolve) => setTimeout(resolve, 450)); // its lease lapses

    const model = scriptedModel(["You are Ada."]);
    const agent = createAgent({ provider: model, model: "m1", tools: [{ ...fakeTool({ name: "whoami", result: "Ada" }), effects: "idempotent" }], storage });
    const result = await agent.resume("r9");
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("You are Ada.");
    const call = { type: "tool-call", toolCallId: "call_1", toolName: "whoami", arguments: {} };
    expect(model.requests[0]!.messages.filter((message) => message.role !== "system")).toEqual([
      { role: "user", content: [{ type: "text", text: "who am I?" }] },
      { role: "assistant", content: [call] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "call_1", toolName: "whoami", result: "Ada" }] },
    ]);
    expect((await storage.loadMessages("c9")).map((message) => message.role)).toEqual(["user", "assistant"]);
    const again = await agent.resume("r9");
    expect(again.error).toMatchObject({ code: "RUN_NOT_RESUMABLE", message: 'Run "r9" cannot be resumed: it has finished.' });
    stopA.abort();
    expect((await dying).persisted).toBe(false);
  });

  it("give each run its own copy of the registry, so hooks that change it leave the agent alone", async () => {
    let seenRegistry: ToolRegistry | undefined;
    const model = scriptedModel(["one", "two"]);
    const agent = createAgent({
      provider: model,
      model: "m1",
      tools: [add],
      config: {
        shouldStop: ({ context }) => {
          seenRegistry = context.registry;
          context.registry.clear();
        },
      },
    });
    await agent.run("x");
    expect(seenRegistry).toBeDefined();
    expect(seenRegistry).not.toBe(agent.tools);
    expect(agent.tools.list().map((t) => t.name)).toEqual(["add"]);

    await agent.run("y");
    expect(model.requests[1]!.tools?.map((t) => t.name)).toEqual(["add"]);
  });
});

/** Everything an agent that buys things is made of; each "process" makes its agent from these same options. */
function shopOptions(log: string[], storage?: Storage): CreateAgentOptions {
  // The model's reply depends only on the conversation, so one provider serves every process.
  const reply = (request: ModelRequest) =>
    request.messages.some((message) => message.role === "tool")
      ? { text: "Done with the order." }
      : {
          text: "Ordering.",
          toolCalls: [
            { id: "buy_1", name: "buy", arguments: { item: "car" } },
            { id: "look_1", name: "look", arguments: {} },
          ],
        };
  return {
    provider: scriptedModel([reply], { loop: true }),
    model: "m1",
    tools: [
      { ...fakeTool({ name: "buy" }), execute: async (args: { item: string }) => (log.push(`buy ${args.item}`), `bought ${args.item}`) },
      { ...fakeTool({ name: "look" }), execute: async () => (log.push("look"), "seen") },
    ],
    // Holds the first call of a turn for a person's approval.
    config: { beforeToolCalls: ({ calls }) => ({ decisions: { [calls[0]!.call.toolCallId]: { type: "interrupt", payload: { reason: "costly" } } } }) },
    ...(storage ? { storage } : {}),
  };
}

const WAITING = {
  id: "buy_1",
  kind: "approval",
  agentPath: "main",
  toolCallId: "buy_1",
  toolName: "buy",
  arguments: { item: "car" },
  payload: { reason: "costly" },
};

describe("pausing for a person", () => {
  it("pauses on an approval, and a second agent made from the same options (another process) continues it from the state's JSON", async () => {
    const log: string[] = [];
    const paused = await createAgent(shopOptions(log)).run("Buy me a car.", { runId: "order-1" });
    expect(paused.stopReason).toBe("interrupted");
    expect(paused.interruptions).toEqual([WAITING]);
    expect(log).toEqual([]); // nothing of the held batch ran
    const json = JSON.stringify(paused.state);

    const later: string[] = [];
    const events: StreamEvent[] = [];
    const result = await createAgent(shopOptions(later)).continue(json, { buy_1: { approve: true } }, { onEvent: (event) => void events.push(event) });
    expect(result.stopReason).toBe("completed");
    expect(result.runId).toBe("order-1");
    expect(result.agentPath).toBe("main");
    expect(result.text).toBe("Done with the order.");
    expect(later).toEqual(["buy car", "look"]);
    expect(result.toolCalls.map((call) => [call.toolName, call.status, call.result])).toEqual([
      ["buy", "ok", "bought car"],
      ["look", "ok", "seen"],
    ]);
    expect(result.interruptions).toBeUndefined();
    expect(events.at(0)).toMatchObject({ type: "run-start", runId: "order-1", agentPath: "main" });
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "completed" });
  });

  it("continues with a refusal the model reads (core's rejectionText), and streams a continued run", async () => {
    const log: string[] = [];
    const paused = await createAgent(shopOptions(log)).run("Buy me a car.");
    const before = JSON.stringify(paused.state);
    const agent = createAgent(shopOptions(log));
    const running = agent.continueStream(paused.state!, { buy_1: { approve: false, reason: "too expensive" } });
    const types: string[] = [];
    for await (const event of running) types.push(event.type);
    const result = await running.result;
    expect(result.stopReason).toBe("completed");
    expect(log).toEqual(["look"]);
    expect(result.toolCalls.map((call) => [call.toolName, call.status])).toEqual([
      ["buy", "refused"],
      ["look", "ok"],
    ]);
    expect(result.messages[1]!.content[0]).toMatchObject({ toolCallId: "buy_1", result: rejectionText("too expensive"), isError: true });
    // The paused step goes on: it starts again and announces its calls again; the refused call never starts.
    expect(types.slice(0, 6)).toEqual(["run-start", "step-start", "tool-call", "tool-call", "tool-error", "tool-start"]);
    // The state object the caller gave is left as it was (it could be continued again).
    expect(JSON.stringify(paused.state)).toBe(before);
  });

  it("with storage, agent.resume(runId, { decisions }) continues the stored paused run; decisions that match nothing reject and leave it paused", async () => {
    const storage = createMemoryStorage();
    const log: string[] = [];
    const paused = await createAgent(shopOptions(log, storage)).run("Buy me a car.", { runId: "order-2", conversationId: "c-2" });
    expect(paused).toMatchObject({ stopReason: "interrupted", persisted: true, interruptions: [WAITING] });

    const agent = createAgent(shopOptions(log, storage));
    await expect(agent.resume("order-2", { decisions: { nope: { approve: true } } })).rejects.toMatchObject({ code: "INVALID_DECISIONS" });
    expect(log).toEqual([]);
    const result = await agent.resume("order-2", { decisions: { buy_1: { approve: true } } });
    expect(result.stopReason).toBe("completed");
    expect(log).toEqual(["buy car", "look"]);
    expect((await storage.loadMessages("c-2")).map((message) => message.role)).toEqual(["user", "assistant"]);
    expect((await agent.resume("order-2")).error).toMatchObject({ code: "RUN_NOT_RESUMABLE" });
  });
});

describe("createAgent: toolPreset, allowedTools and disallowedTools", () => {
  const grep = { ...fakeTool({ name: "grep", result: "found" }), preset: "readonly" as const };
  const edit = { ...fakeTool({ name: "edit", result: "edited" }), preset: "readwrite" as const };
  const bash = { ...fakeTool({ name: "bash", result: "ran" }), preset: "full" as const };

  it("offers only the preset's tools, less the denied ones; a denied tool the model calls anyway is not run", async () => {
    const provider = scriptedModel([
      {
        toolCalls: [
          { name: "bash", arguments: {} },
          { name: "grep", arguments: {} },
        ],
      },
      "done",
    ]);
    const agent = createAgent({ provider, model: "m", tools: [grep, edit, bash], toolPreset: "readwrite", disallowedTools: ["edit"] });
    const result = await agent.run("look");
    expect(provider.requests[0]!.tools?.map((tool) => tool.name)).toEqual(["grep"]);
    expect(result.toolCalls.map((call) => [call.toolName, call.status, call.error?.code])).toEqual([
      ["bash", "invalid", "TOOL_NOT_FOUND"],
      ["grep", "ok", undefined],
    ]);
    expect(bash.calls).toHaveLength(0);
    // The agent's own registry keeps every tool: the selection applies to its runs.
    expect(agent.tools.list().map((tool) => tool.name)).toEqual(["grep", "edit", "bash"]);
  });

  it("an allow-list keeps only its tools; bad options fail at createAgent or at the run, saying what is wrong", async () => {
    const provider = scriptedModel(["ok"]);
    await createAgent({ provider, model: "m", tools: [grep, edit, bash], allowedTools: ["edit"] }).run("x");
    expect(provider.requests[0]!.tools?.map((tool) => tool.name)).toEqual(["edit"]);
    expect(() => createAgent({ provider, model: "m", tools: [grep], toolPreset: "admin" as never })).toThrow(ConfigurationError);
    await expect(createAgent({ provider, model: "m", tools: [grep], allowedTools: ["grpe"] }).run("x")).rejects.toThrow(
      'Agent "main": allowedTools names tools it does not have (grpe); its tools: grep.',
    );
  });

  it("passes its logger to every run, with the agent's name as the agent path", async () => {
    const lines: Record<string, unknown>[] = [];
    const at = (level: string) => (fields: object, msg?: string) => void lines.push({ level, msg, ...fields });
    const logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
    const agent = createAgent({ name: "helper", provider: scriptedModel(["Hi!"], { loop: true }), model: "m", logger });
    await agent.run("Hello", { runId: "r-log" });
    expect(lines.map(({ level, msg, runId, agentPath }) => ({ level, msg, runId, agentPath }))).toEqual([
      { level: "info", msg: "run start", runId: "r-log", agentPath: "helper" },
      { level: "info", msg: "run end", runId: "r-log", agentPath: "helper" },
    ]);
    expect(() => createAgent({ provider: scriptedModel(["x"]), model: "m", logger: {} as never })).toThrow(/option "logger" must be a Logger/);
  });
});
