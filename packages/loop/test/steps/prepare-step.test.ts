import { describe, expect, it } from "vitest";
import { TokenBudgetExceededError, type NextStep, type StepPlan } from "@baton/core";
import { fakeTool } from "@baton/testing";
import { prepareStep } from "../../src/steps/prepare-step.js";
import { RunBudget } from "../../src/budget/run-budget.js";
import { agentRun } from "../support/agent-run.js";
import { loadOptionalParts } from "../../src/optional/load-optional-parts.js";

const tools = () => [fakeTool({ name: "search" }), fakeTool({ name: "fetch" })];
const prepare = async (harness: ReturnType<typeof agentRun>): Promise<NextStep> => prepareStep(harness.run);

describe("prepare step", () => {
  it("by default offers every tool with the conversation so far and goes on to the model step", async () => {
    const harness = agentRun({ tools: tools() });
    harness.state.inLoopMessages.push({ role: "assistant", content: [{ type: "text", text: "earlier" }] });
    expect(await prepare(harness)).toEqual({ type: "continue", step: "model" });
    const request = harness.run.request!;
    expect(request.model).toBe("m");
    expect(request.tools!.map((tool) => tool.name)).toEqual(["search", "fetch"]);
    expect(request.toolChoice).toBe("auto");
    expect(request.messages).toEqual([...harness.state.messages, ...harness.state.inLoopMessages]);
    expect([...harness.run.offeredNames]).toEqual(["search", "fetch"]);
  });

  it("prepareStep receives the plan and the run's tools, and may change the model, tools, tool choice and messages of this call only", async () => {
    let seen: StepPlan & { stepNumber: number } = undefined!;
    const harness = agentRun({
      tools: tools(),
      config: {
        prepareStep: (args) => {
          seen = args;
          return {
            model: "small",
            activeTools: ["fetch"],
            toolChoice: { type: "tool", name: "fetch" },
            messages: [...args.messages, { role: "user", content: [{ type: "text", text: "example" }] }],
          };
        },
      },
    });
    await prepare(harness);
    expect(seen).toMatchObject({
      model: "m",
      activeTools: ["search", "fetch"],
      toolChoice: "auto",
      instructions: "Be brief.",
      finalAnswer: false,
      stepNumber: 0,
    });
    const request = harness.run.request!;
    expect(request.model).toBe("small");
    expect(request.tools!.map((tool) => tool.name)).toEqual(["fetch"]);
    expect(request.toolChoice).toEqual({ type: "tool", name: "fetch" });
    expect(request.messages.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: "example" }] });
    expect(harness.state.messages).toHaveLength(2);
    expect([...harness.run.offeredNames]).toEqual(["fetch"]);
  });

  it("new instructions replace the system prompt of this call, not the run's", async () => {
    const harness = agentRun({ config: { prepareStep: ({ instructions }) => ({ instructions: `${instructions}\nAnswer in JSON.` }) } });
    await prepare(harness);
    expect(harness.run.request!.messages[0]).toEqual({ role: "system", content: "Be brief.\nAnswer in JSON." });
    expect(harness.state.messages[0]).toEqual({ role: "system", content: "Be brief." });
  });

  it("a final answer sends no tools and appends the final-answer instruction to this call", async () => {
    const harness = agentRun({ tools: tools(), config: { finalAnswerInstruction: "Answer now.", prepareStep: () => ({ finalAnswer: true }) } });
    await prepare(harness);
    expect(harness.run.request!.tools).toBeUndefined();
    expect(harness.run.request!.messages.at(-1)).toEqual({ role: "system", content: "Answer now." });
    expect(harness.state.finalAnswerRequested).toBe(true);
    expect(harness.state.inLoopMessages).toEqual([]);
  });

  it("a forced tool choice applies to one call, then goes back to auto", async () => {
    const harness = agentRun({ tools: tools(), state: (state) => void (state.toolChoice = { type: "tool", name: "search" }) });
    await prepare(harness);
    expect(harness.run.request!.toolChoice).toEqual({ type: "tool", name: "search" });
    expect(harness.state.toolChoice).toBe("auto");
  });

  it("a hook may end the run before the call: with its reason, or state.stopReason, or ended_by_hook", async () => {
    expect(await prepare(agentRun({ config: { prepareStep: () => ({ stop: "budget_exceeded" }) } }))).toEqual({ type: "stop", reason: "budget_exceeded" });
    expect(await prepare(agentRun({ config: { prepareStep: () => ({ stop: true }) } }))).toEqual({ type: "stop", reason: "ended_by_hook" });
    const withReason = agentRun({ config: { prepareStep: ({ state }) => ((state.stopReason = "loop_detected"), { stop: true }) } });
    expect(await prepare(withReason)).toEqual({ type: "stop", reason: "loop_detected" });
    expect(withReason.run.request).toBeUndefined();
  });

  it("stops at the iteration limit, after the hooks had their say", async () => {
    const asked: number[] = [];
    const harness = agentRun({ config: { prepareStep: ({ stepNumber }) => void asked.push(stepNumber) }, state: (state) => void (state.iteration = 50) });
    expect(await prepare(harness)).toEqual({ type: "stop", reason: "max_iterations" });
    expect(asked).toEqual([50]);
  });

  it("stops before a call the token budget cannot pay for, with the budget error and event", async () => {
    // A run with a budget has the loop's optional parts loaded before it starts (startRun does it).
    await loadOptionalParts();
    const budget = new RunBudget(100, undefined);
    budget.record({ model: "m", agentPath: "main", iteration: 1, inputTokens: 90, outputTokens: 5, cachedInputTokens: 0, reasoningTokens: 0, tools: [] });
    const harness = agentRun({ settings: { budget, maxOutputTokens: 10 } });
    const next = await prepare(harness);
    expect(next).toMatchObject({ type: "stop", reason: "token_budget" });
    expect((next as { error: unknown }).error).toBeInstanceOf(TokenBudgetExceededError);
    expect(harness.events.map((event) => event.type)).toEqual(["budget-exceeded"]);
  });

  it("throws the abort when the run was aborted", () => {
    const controller = new AbortController();
    controller.abort("stop");
    const harness = agentRun({ signal: controller.signal });
    expect(() => prepareStep(harness.run)).toThrow(/aborted/i);
  });
});
