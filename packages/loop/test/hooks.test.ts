import { describe, expect, it } from "vitest";
import { composeConfigs, type AgentConfig, type AgentState, type RunStartArgs, type ShouldStopArgs, type StopDecision, type ToolEventArgs } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { run } from "../src/index.js";

describe("object hooks in a run", () => {
  it("onRunStart runs once when a run starts, before the first call, and not when it resumes", async () => {
    const started: string[] = [];
    const config: AgentConfig = {
      onRunStart: ({ state }) => {
        started.push(state.agentPath);
        state.custom.plan = { step: 1 };
      },
      prepareStep: ({ state }) => void started.push(`call:${JSON.stringify(state.custom.plan)}`),
      beforeToolCalls: ({ calls }) => ({ decisions: { [calls[0]!.call.toolCallId]: { type: "interrupt" } } }),
    };
    const paused = await run({
      provider: scriptedModel([{ toolCalls: [{ name: "search" }] }]),
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search" })],
      config,
    });
    expect(started).toEqual(["main", 'call:{"step":1}']);
    const done = await run({
      provider: scriptedModel(["done"]),
      model: "m",
      tools: [fakeTool({ name: "search" })],
      config,
      resume: paused.state!,
      decisions: { [paused.interruptions![0]!.id]: { approve: true } },
    });
    expect(done.stopReason).toBe("completed");
    expect(started).toEqual(["main", 'call:{"step":1}', 'call:{"step":1}']);
    expect(done.custom).toEqual({ plan: { step: 1 } });
  });

  it("onToolEvent hears every tool event as it happens, stamped; an observer that throws does not break the tool", async () => {
    const heard: string[] = [];
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ name: "search" }] }, "ok"]),
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search", progress: ["one", "two"], result: "r" })],
      config: {
        onToolEvent: ({ event }: ToolEventArgs) => {
          heard.push(`${event.type}@${event.seq > 0}`);
          throw new Error("observer bug");
        },
      },
    });
    expect(heard).toEqual(["tool-start@true", "tool-progress@true", "tool-progress@true", "tool-done@true"]);
    expect(result.toolCalls[0]!.status).toBe("ok");
  });

  it("adjustUsage changes each call's usage record before it counts (asynchronous hooks are awaited)", async () => {
    const result = await run({
      provider: scriptedModel([{ text: "x", usage: { inputTokens: 10, outputTokens: 1 } }]),
      model: "m",
      input: "x",
      config: { adjustUsage: async ({ usage, toolsSent }) => ({ ...usage, inputTokens: usage.inputTokens + 100, tools: toolsSent ? ["?"] : [] }) },
    });
    expect(result.usage.calls[0]).toMatchObject({ inputTokens: 110, tools: [] });
    expect(result.usage.total.inputTokens).toBe(110);
  });

  it("hooks may be class methods, and keep their instance when composed with other configs", async () => {
    class NudgeOnce implements AgentConfig {
      nudges = 0;
      shouldStop({ proposal, state }: ShouldStopArgs): StopDecision | void {
        if (!proposal.stop || this.nudges > 0) return undefined;
        this.nudges++;
        state.inLoopMessages.push({ role: "system", content: "Are you sure?" });
        return false;
      }
      onRunStart({ state }: RunStartArgs): void {
        state.custom.class = this.constructor.name;
      }
    }
    const nudge = new NudgeOnce();
    const model = scriptedModel(["maybe", "yes"]);
    const result = await run({ provider: model, model: "m", input: "x", config: composeConfigs(nudge, { toolCallLimit: 3 }) });
    expect(result.text).toBe("yes");
    expect(nudge.nudges).toBe(1);
    expect(model.requests[1]!.messages.at(-1)).toEqual({ role: "system", content: "Are you sure?" });
    expect(result.custom).toEqual({ class: "NudgeOnce" });
  });

  it("composed configs run in order: loop detection, a stop check and the user's own do not re-implement the default", async () => {
    const order: string[] = [];
    const first: AgentConfig = { shouldStop: ({ proposal }) => void order.push(`first:${proposal.stop}`) };
    const second: AgentConfig = {
      shouldStop: ({ proposal, state }: { proposal: { stop: boolean }; state: AgentState }) => {
        order.push(`second:${proposal.stop}`);
        return state.iteration < 2 ? false : undefined;
      },
    };
    const result = await run({ provider: scriptedModel(["a", "b"]), model: "m", input: "x", config: composeConfigs(first, second) });
    expect(result.text).toBe("b");
    expect(order).toEqual(["first:true", "second:true", "first:true", "second:true"]);
  });
});
