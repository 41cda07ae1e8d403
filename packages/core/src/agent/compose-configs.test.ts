import { describe, expect, it } from "vitest";
import { createAgentState } from "../run/create-agent-state.js";
import type { AgentContext } from "./agent-context.js";
import type { AgentConfig } from "./agent-config.js";
import { composeConfigs, configParts } from "./compose-configs.js";
import type { PrepareStepArgs } from "./hooks/prepare-step.js";
import type { PlannedToolCall } from "./hooks/before-tool-calls.js";
import type { ToolBatchResult } from "./hooks/after-tool-batch.js";
import { RUN_DECISION } from "./hooks/before-tool-calls.js";
import type { ShouldStopArgs } from "./hooks/should-stop.js";
import type { Usage } from "../usage/index.js";

const state = () => createAgentState({ runId: "r", agentPath: "main", model: "m", messages: [], toolCallLimit: 25, maxIterations: 50 });
const context = {} as AgentContext;
const prepareArgs = (): PrepareStepArgs => ({
  state: state(),
  context,
  stepNumber: 0,
  tools: [],
  model: "m",
  activeTools: ["a", "b"],
  toolChoice: "auto",
  messages: [],
  instructions: "",
  finalAnswer: false,
});
const call = (id: string, name = "t"): PlannedToolCall => ({
  call: { type: "tool-call", toolCallId: id, toolName: name, arguments: {} },
  tool: undefined,
  decision: RUN_DECISION,
});
const result = (id: string, value: unknown): ToolBatchResult => ({
  call: { type: "tool-call", toolCallId: id, toolName: "t", arguments: {} },
  status: "ok",
  result: value,
  output: value,
  durationMs: 1,
});
const usage: Usage = { model: "m", agentPath: "main", iteration: 1, inputTokens: 10, outputTokens: 1, cachedInputTokens: 0, reasoningTokens: 0, tools: [] };

describe("composeConfigs", () => {
  it("prepareStep: each config sees the plan as the ones before it left it; the overrides add up", () => {
    const seen: string[] = [];
    const config = composeConfigs(
      { prepareStep: ({ model }) => (seen.push(model), { model: "small" }) },
      { prepareStep: ({ model, activeTools }) => (seen.push(`${model}:${activeTools.join(",")}`), { activeTools: ["a"] }) },
      { prepareStep: ({ activeTools }) => void seen.push(activeTools.join(",")) },
    );
    expect(config.prepareStep!(prepareArgs())).toEqual({ model: "small", activeTools: ["a"] });
    expect(seen).toEqual(["m", "small:a,b", "a"]);
  });

  it("prepareStep: a stop ends the pipeline (later configs are not asked)", async () => {
    const asked: number[] = [];
    const config = composeConfigs({ prepareStep: async () => (asked.push(1), { stop: "ended_by_hook" as const }) }, { prepareStep: () => void asked.push(2) });
    await expect(config.prepareStep!(prepareArgs())).resolves.toEqual({ stop: "ended_by_hook" });
    expect(asked).toEqual([1]);
  });

  it("stays synchronous while every hook is, and awaits only from the first asynchronous one", async () => {
    const order: string[] = [];
    const sync = composeConfigs({ prepareStep: () => ({ model: "x" }) }, { prepareStep: () => ({ model: "y" }) });
    expect(sync.prepareStep!(prepareArgs())).toEqual({ model: "y" });
    const mixed = composeConfigs(
      { prepareStep: () => void order.push("sync") },
      { prepareStep: async () => (order.push("async"), { model: "z" }) },
      { prepareStep: ({ model }) => void order.push(`after:${model}`) },
    );
    const value = mixed.prepareStep!(prepareArgs());
    expect(value).toBeInstanceOf(Promise);
    await expect(value).resolves.toEqual({ model: "z" });
    expect(order).toEqual(["sync", "async", "after:z"]);
  });

  it("beforeToolCalls: later configs see earlier decisions; decisions merge by call id; a stop ends it", () => {
    const seen: string[] = [];
    const config = composeConfigs(
      { beforeToolCalls: () => ({ decisions: { c1: { type: "refuse", result: "no" } } }) },
      {
        beforeToolCalls: ({ calls }) => {
          seen.push(...calls.map((c) => `${c.call.toolCallId}:${c.decision.type}`));
          return { decisions: { c2: { type: "interrupt" } } };
        },
      },
    );
    expect(config.beforeToolCalls!({ state: state(), context, calls: [call("c1"), call("c2")], text: "" })).toEqual({
      decisions: { c1: { type: "refuse", result: "no" }, c2: { type: "interrupt" } },
    });
    expect(seen).toEqual(["c1:refuse", "c2:run"]);
    const stopping = composeConfigs({ beforeToolCalls: () => ({ stop: "loop_detected" as const }) }, { beforeToolCalls: () => expect.unreachable() });
    expect(stopping.beforeToolCalls!({ state: state(), context, calls: [call("c1")], text: "" })).toEqual({ stop: "loop_detected" });
  });

  it("afterToolBatch: every config runs, each seeing the results as changed so far; the first stop wins", () => {
    const config = composeConfigs(
      { afterToolBatch: ({ results }) => ({ results: { c1: `${results[0]!.result}+a` }, stop: "tools_disabled" as const }) },
      { afterToolBatch: ({ results }) => ({ results: { c1: `${results[0]!.result}+b` }, toolChoice: "required" as const, stop: "ended_by_hook" as const }) },
    );
    expect(config.afterToolBatch!({ state: state(), context, results: [result("c1", "r")] })).toEqual({
      results: { c1: "r+a+b" },
      toolChoice: "required",
      stop: "tools_disabled",
    });
  });

  it("shouldStop: each config sees the proposal as the ones before left it", () => {
    const proposals: string[] = [];
    const config = composeConfigs(
      { shouldStop: ({ proposal }) => (proposals.push(JSON.stringify(proposal)), false) },
      { shouldStop: ({ proposal }) => (proposals.push(JSON.stringify(proposal)), undefined) },
    );
    const args: ShouldStopArgs = { state: state(), context, proposal: { stop: true, reason: "completed" }, text: "", toolCalls: [], answered: true };
    expect(config.shouldStop!(args)).toBe(false);
    expect(proposals).toEqual(['{"stop":true,"reason":"completed"}', '{"stop":false,"finalAnswer":false}']);
    const none = composeConfigs({ shouldStop: () => undefined }, { shouldStop: () => undefined });
    expect(none.shouldStop!(args)).toBeUndefined();
  });

  it("adjustUsage: each config adjusts the record the one before returned", () => {
    const config = composeConfigs(
      { adjustUsage: ({ usage }) => ({ ...usage, inputTokens: usage.inputTokens + 1 }) },
      { adjustUsage: () => undefined },
      { adjustUsage: ({ usage }) => ({ ...usage, inputTokens: usage.inputTokens * 2 }) },
    );
    expect(config.adjustUsage!({ usage, state: state(), text: "", toolCalls: [], toolsSent: false, tools: [] })).toMatchObject({ inputTokens: 22 });
  });

  it("calls hooks defined as class methods on their own instance", () => {
    class Counting implements AgentConfig {
      calls = 0;
      onRunStart(): void {
        this.calls++;
      }
    }
    const counting = new Counting();
    const config = composeConfigs(counting, { onRunStart: () => undefined });
    void config.onRunStart!({ state: state(), context });
    expect(counting.calls).toBe(1);
  });

  it("settings: the last config that sets one wins; non-iterative tools are joined; composed configs flatten", () => {
    const policy = { storeText: false, storeToolCalls: true, storeToolResults: true };
    const inner = composeConfigs({ toolCallLimit: 5, nonIterativeTools: ["think"] }, { useParallelTools: false });
    const config = composeConfigs(inner, { toolCallLimit: 9, nonIterativeTools: ["plan", "think"], dataPolicy: policy });
    expect(config).toMatchObject({ toolCallLimit: 9, useParallelTools: false, nonIterativeTools: ["think", "plan"], dataPolicy: policy });
    expect(configParts(config)).toHaveLength(3);
    expect(configParts(undefined)).toEqual([]);
    expect(composeConfigs().prepareStep).toBeUndefined();
  });
});
