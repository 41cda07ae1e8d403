import { beforeAll, describe, expect, it } from "vitest";
import { BatonError, type AgentConfig, type ContextEngine, type StepEndArgs } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { prepareStep } from "../../src/steps/prepare-step.js";
import { modelTurn } from "../../src/steps/model-turn.js";
import { toolBatch } from "../../src/steps/tool-batch.js";
import { endStep } from "../../src/steps/end-step.js";
import { agentRun } from "../support/agent-run.js";
import { loadOptionalParts } from "../../src/optional/load-optional-parts.js";

/** A run that went through a whole step up to the end step: an answer, or one tool call. */
async function atEnd(turn: "answer" | "tool", config: AgentConfig = {}, extra: Parameters<typeof agentRun>[0] = {}) {
  const provider = scriptedModel([turn === "answer" ? "Done." : { text: "Looking.", toolCalls: [{ id: "c1", name: "search" }] }]);
  const harness = agentRun({ tools: [fakeTool({ name: "search", result: "found" })], config, provider, ...extra });
  await prepareStep(harness.run);
  const next = await modelTurn(harness.run);
  if (next.type === "continue" && next.step === "tools") await toolBatch(harness.run);
  return harness;
}

describe("end step", () => {
  // startRun loads the loop's optional parts for a run with a context engine; these runs are built without it.
  beforeAll(async () => {
    await loadOptionalParts();
  });

  it("an answer ends the run (completed); a tool batch goes on to the next prepare step; step-end closes the step", async () => {
    const answered = await atEnd("answer");
    expect(await endStep(answered.run)).toEqual({ type: "stop", reason: "completed" });
    expect(answered.types().at(-1)).toBe("step-end");
    expect(answered.events.at(-1)).toMatchObject({ iteration: 1, finishReason: "stop", toolCalls: 0 });
    expect(answered.state.hasToolCalls).toBe(false);

    const called = await atEnd("tool");
    expect(await endStep(called.run)).toEqual({ type: "continue", step: "prepare" });
    expect(called.events.at(-1)).toMatchObject({ type: "step-end", finishReason: "tool_calls", toolCalls: 1 });
    expect(called.state.hasToolCalls).toBe(true);
    expect(called.state.step).toBe("prepare");
  });

  it("is synchronous for a run without context engine, storage or end hooks", async () => {
    const harness = await atEnd("answer");
    expect(endStep(harness.run)).toEqual({ type: "stop", reason: "completed" });
  });

  it("at the tool-call limit it asks for one final answer", async () => {
    const harness = await atEnd("tool", {}, { settings: { toolCallLimit: 1 }, state: (state) => void (state.toolCallLimit = 1) });
    expect(await endStep(harness.run)).toEqual({ type: "continue", step: "prepare" });
    expect(harness.state.finalAnswerRequested).toBe(true);
  });

  it("onStepEnd sees the step (text, calls, results as the model read them) before shouldStop decides", async () => {
    const seen: string[] = [];
    let step: StepEndArgs | undefined;
    const harness = await atEnd("tool", {
      onStepEnd: (args) => {
        step = args;
        seen.push("onStepEnd");
      },
      shouldStop: ({ proposal, answered }) => {
        seen.push(`shouldStop:${JSON.stringify(proposal)}:${answered}`);
      },
    });
    await endStep(harness.run);
    expect(seen).toEqual(["onStepEnd", 'shouldStop:{"stop":false,"finalAnswer":false}:false']);
    expect(step).toMatchObject({ iteration: 1, text: "Looking.", toolCalls: [{ toolCallId: "c1" }], results: [{ status: "ok", result: "found" }] });
  });

  it("shouldStop may keep a run going after an answer (a nudge), or stop it with an error", async () => {
    const nudged = await atEnd("answer", {
      shouldStop: ({ state }) => {
        state.inLoopMessages.push({ role: "system", content: "Use a tool first." });
        return false;
      },
    });
    expect(await endStep(nudged.run)).toEqual({ type: "continue", step: "prepare" });
    expect(nudged.state.hasToolCalls).toBe(true);
    expect(nudged.state.inLoopMessages.at(-1)).toEqual({ role: "system", content: "Use a tool first." });

    const error = new BatonError("HOOK_FAILED", "not JSON");
    const failed = await atEnd("answer", { shouldStop: () => ({ reason: "error", error }) });
    expect(await endStep(failed.run)).toEqual({ type: "stop", reason: "error", error });
  });

  it("a stop decided during the step (a hook, a final answer that called tools) is the proposal shouldStop sees", async () => {
    let proposal: unknown;
    const harness = await atEnd("tool", { afterToolBatch: () => ({ stop: "tools_disabled" }), shouldStop: (args) => void (proposal = args.proposal) });
    expect(await endStep(harness.run)).toEqual({ type: "stop", reason: "tools_disabled" });
    expect(proposal).toEqual({ stop: true, reason: "tools_disabled" });
  });

  it("runs the context engine on the step's messages before the decision", async () => {
    const engine: ContextEngine = {
      prepare: async (input) => ({
        inLoop: input.inLoop.slice(-1),
        events: [{ type: "context-trimmed", strategy: "test", removedMessages: 1, tokensBefore: 10, tokensAfter: 5 }],
      }),
    };
    const harness = await atEnd("tool", {}, { settings: { contextEngine: engine } });
    await endStep(harness.run);
    expect(harness.state.inLoopMessages).toHaveLength(1);
    expect(harness.state.inLoopMessages[0]!.role).toBe("tool");
    expect(harness.types().slice(-2)).toEqual(["context-trimmed", "step-end"]);
  });
});
