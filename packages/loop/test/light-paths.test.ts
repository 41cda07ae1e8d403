import { afterEach, describe, expect, it, vi } from "vitest";
import type { Message, ModelProvider, StreamEvent } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import { AgentEvents } from "../src/events/agent-events.js";
import { run } from "../src/index.js";
import { runToolCall } from "../src/tools/run-tool-call.js";
import { agentRun } from "./support/agent-run.js";

/** A model that streams text and reasoning, calls a synchronous and an asynchronous tool, then answers. */
const model = () =>
  scriptedModel([{ reasoning: ["Let me ", "look."], text: ["Checking ", "both."], toolCalls: [{ name: "now" }, { name: "later" }] }, { text: ["Done", "."] }]);
const tools = [
  { name: "now", description: "Answers at once.", parameters: { type: "object", properties: {} }, execute: () => 1 },
  { name: "later", description: "Answers later.", parameters: { type: "object", properties: {} }, execute: async () => 2 },
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("what a run does not do when nobody needs it", () => {
  it("builds no event when no sink listens and no hook hears tool events; with a sink, every event goes out", async () => {
    const emitted = vi.spyOn(AgentEvents.prototype, "emit");
    const quiet = await run({ provider: model(), model: "m", input: "go", tools });
    expect(quiet.text).toBe("Done.");
    expect(quiet.toolCalls.map((call) => [call.toolName, call.status, call.result])).toEqual([
      ["now", "ok", 1],
      ["later", "ok", 2],
    ]);
    expect(emitted).not.toHaveBeenCalled();

    const heard: StreamEvent[] = [];
    await run({ provider: model(), model: "m", input: "go", tools, onEvent: (event) => void heard.push(event) });
    expect(emitted).toHaveBeenCalledTimes(heard.length);
    expect(heard.filter((event) => event.type === "text-delta").map((event) => event.text)).toEqual(["Checking ", "both.", "Done", "."]);
    expect(heard.filter((event) => event.type === "reasoning-delta")).toHaveLength(2);
    expect(heard.filter((event) => event.type === "tool-start" || event.type === "tool-done").map((event) => `${event.type} ${event.toolName}`)).toEqual([
      "tool-start now",
      "tool-done now",
      "tool-start later",
      "tool-done later",
    ]);
  });

  it("builds tool events for an onToolEvent hook even without a sink, and only those", async () => {
    const emitted = vi.spyOn(AgentEvents.prototype, "emit");
    const types: string[] = [];
    await run({ provider: model(), model: "m", input: "go", tools, config: { onToolEvent: ({ event }) => void types.push(event.type) } });
    expect(types).toEqual(["tool-start", "tool-done", "tool-start", "tool-done"]);
    expect(emitted).toHaveBeenCalledTimes(4);
  });

  it("ends a synchronous tool's call without a promise, and an asynchronous one's with one, same outcome", async () => {
    const harness = agentRun({ tools });
    const entry = (name: string) => ({
      call: { type: "tool-call" as const, toolCallId: `call_${name}`, toolName: name, arguments: {} },
      status: "pending" as const,
    });
    const prepared = (name: string) => ({ call: entry(name).call, tool: tools.find((tool) => tool.name === name)!, args: {} });
    const now = runToolCall(prepared("now"), harness.run, entry("now"));
    expect(now).not.toBeInstanceOf(Promise);
    expect(now).toMatchObject({ status: "ok", result: 1 });
    const later = runToolCall(prepared("later"), harness.run, entry("later"));
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toMatchObject({ status: "ok", result: 2 });
  });

  it("gives a tool's context its signal and metadata as own properties, kept by a spread copy", async () => {
    let copied: Record<string, unknown> | undefined;
    const spread = {
      name: "spread",
      description: "Copies its context.",
      parameters: { type: "object", properties: {} },
      execute: (_args: unknown, ctx: { metadata: Record<string, unknown> }) => {
        copied = { ...ctx };
        ctx.metadata.seen = true;
        return "ok";
      },
    };
    const result = await run({ provider: scriptedModel([{ toolCalls: [{ name: "spread" }] }, { text: "ok" }]), model: "m", input: "go", tools: [spread] });
    expect(copied?.signal).toBeInstanceOf(AbortSignal);
    expect(copied?.metadata).toEqual({ seen: true });
    expect(copied?.idempotencyKey).toBe(`${result.runId}:${result.toolCalls[0]!.toolCallId}`);
    expect(Object.values(result.toolMetadata)).toEqual([{ seen: true }]);
    expect(typeof copied?.progress).toBe("function");
  });
});

describe("the messages of a run's model calls", () => {
  /** A provider that calls `noop` `turns` times, then answers; it records each request's messages (the array, and a copy). */
  function recordingModel(turns: number) {
    const seen: { list: readonly Message[]; copy: Message[] }[] = [];
    const inner = scriptedModel([{ toolCalls: [{ name: "noop" }] }], { repeatLast: true });
    let calls = 0;
    const provider: ModelProvider = {
      id: "recording",
      stream(request) {
        seen.push({ list: request.messages, copy: request.messages.slice() });
        calls++;
        return calls > turns ? scriptedModel([{ text: "done" }]).stream(request) : inner.stream(request);
      },
    };
    return { provider, seen };
  }
  const noop = { name: "noop", description: "Does nothing.", parameters: { type: "object", properties: {} }, execute: () => 1 };

  it("grow one list from call to call instead of copying the history for each call, each call seeing what it should", async () => {
    const { provider, seen } = recordingModel(5);
    const result = await run({ provider, model: "m", input: "go", tools: [noop], instructions: "Be brief." });
    expect(result.text).toBe("done");
    expect(seen.map((call) => call.copy.length)).toEqual([2, 4, 6, 8, 10, 12]);
    // From the second call on (the first has no turn of the run yet), every call got the same array.
    expect(new Set(seen.slice(1).map((call) => call.list)).size).toBe(1);
    // Each call's messages, as they were during the call, are the start of the next call's.
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.copy.slice(0, seen[i - 1]!.copy.length)).toEqual(seen[i - 1]!.copy);
    expect(seen.at(-1)!.copy.slice(2)).toEqual(result.messages.slice(0, -1));
  });

  it("start a new list when the history changed other than by growing: a turn rewritten by beforeToolCalls, messages a hook replaced", async () => {
    const twoCalls = scriptedModel([{ toolCalls: [{ name: "noop" }, { name: "noop" }] }, { toolCalls: [{ name: "noop" }] }, { text: "done" }]);
    let step = 0;
    const result = await run({
      provider: twoCalls,
      model: "m",
      input: "go",
      tools: [noop],
      config: {
        // The first turn's second call is dropped: its turn is rewritten after it was listed for no call yet.
        beforeToolCalls: ({ calls }) => (calls.length === 2 ? { decisions: { [calls[1]!.call.toolCallId]: { type: "drop" } } } : undefined),
        prepareStep: ({ messages }) => (++step === 3 ? { messages: messages.filter((message) => message.role !== "tool") } : undefined),
      },
    });
    expect(result.text).toBe("done");
    const requests = twoCalls.requests;
    // The second call sees the rewritten first turn (one call) and its one result.
    const second = requests[1]!.messages;
    expect(second.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect((second[1] as { content: readonly { type: string }[] }).content.filter((part) => part.type === "tool-call")).toHaveLength(1);
    // The third call got the hook's messages (no tool results); the run's own history still has them.
    expect(requests[2]!.messages.map((message) => message.role)).toEqual(["user", "assistant", "assistant"]);
    expect(result.messages.map((message) => message.role)).toEqual(["assistant", "tool", "assistant", "tool", "assistant"]);
  });
});
