import { afterEach, describe, expect, it, vi } from "vitest";
import type { StreamEvent } from "@baton/core";
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
