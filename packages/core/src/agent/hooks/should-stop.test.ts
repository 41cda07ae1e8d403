import { describe, expect, it } from "vitest";
import { BatonError } from "../../errors/index.js";
import { createAgentState } from "../../run/create-agent-state.js";
import { applyStopDecision, defaultStepOutcome } from "./should-stop.js";
import { defaultActiveTools } from "./prepare-step.js";

const state = () => createAgentState({ runId: "r", agentPath: "main", model: "m", messages: [], toolCallLimit: 2, maxIterations: 50 });

describe("the loop's defaults", () => {
  it("a turn without tool calls ends the run: completed, or tool_call_limit after a requested final answer, or the reason a hook set", () => {
    const s = state();
    expect(defaultStepOutcome(s, false)).toEqual({ stop: true, reason: "completed" });
    s.finalAnswerRequested = true;
    expect(defaultStepOutcome(s, false)).toEqual({ stop: true, reason: "tool_call_limit" });
    s.stopReason = "loop_detected";
    expect(defaultStepOutcome(s, false)).toEqual({ stop: true, reason: "loop_detected" });
  });

  it("a batch goes on; at the tool-call limit it asks for one final answer", () => {
    const s = state();
    expect(defaultStepOutcome(s, true)).toEqual({ stop: false, finalAnswer: false });
    s.toolCallCount = 2;
    expect(defaultStepOutcome(s, true)).toEqual({ stop: false, finalAnswer: true });
    s.finalAnswerRequested = true;
    expect(defaultStepOutcome(s, true)).toEqual({ stop: false, finalAnswer: false });
  });

  it("tools are offered until the final answer is requested or the limit is reached", () => {
    const s = state();
    expect(defaultActiveTools(s, ["a", "b"])).toEqual(["a", "b"]);
    s.toolCallCount = 2;
    expect(defaultActiveTools(s, ["a", "b"])).toEqual([]);
  });
});

describe("applyStopDecision", () => {
  const stop = { stop: true, reason: "completed" } as const;
  const go = { stop: false, finalAnswer: true } as const;
  it("undefined keeps the proposal; false goes on (a final answer at the limit stays requested)", () => {
    expect(applyStopDecision(stop, undefined, state())).toBe(stop);
    expect(applyStopDecision(stop, false, state())).toEqual({ stop: false, finalAnswer: false });
    expect(applyStopDecision(go, false, state())).toBe(go);
  });

  it("true stops with the hook's state.stopReason, else the proposal's reason (tool_call_limit at the limit), else ended_by_hook", () => {
    expect(applyStopDecision(stop, true, state())).toEqual({ stop: true, reason: "completed" });
    expect(applyStopDecision(go, true, state())).toEqual({ stop: true, reason: "tool_call_limit" });
    expect(applyStopDecision({ stop: false, finalAnswer: false }, true, state())).toEqual({ stop: true, reason: "ended_by_hook" });
    const s = state();
    s.stopReason = "budget_exceeded";
    expect(applyStopDecision(go, true, s)).toEqual({ stop: true, reason: "budget_exceeded" });
  });

  it("a stop reason stops with it; an error stops with the error", () => {
    const error = new BatonError("HOOK_FAILED", "bad");
    expect(applyStopDecision(go, "loop_detected", state())).toEqual({ stop: true, reason: "loop_detected" });
    expect(applyStopDecision(go, { reason: "error", error }, state())).toEqual({ stop: true, reason: "error", error });
  });
});
