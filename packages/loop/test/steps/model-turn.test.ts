import { describe, expect, it } from "vitest";
import { ProviderError } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { prepareStep } from "../../src/steps/prepare-step.js";
import { modelTurn } from "../../src/steps/model-turn.js";
import { agentRun } from "../support/agent-run.js";

/** A run whose prepare step has built the request, ready for the model step. */
async function prepared(...args: Parameters<typeof agentRun>) {
  const harness = agentRun(...args);
  await prepareStep(harness.run);
  return harness;
}

describe("model turn", () => {
  it("an answer without tool calls: streamed, added as a turn, its usage recorded, then the end step", async () => {
    const harness = await prepared({ provider: scriptedModel([{ text: ["Hel", "lo"], usage: { inputTokens: 9, outputTokens: 2 } }]) });
    expect(await modelTurn(harness.run)).toEqual({ type: "continue", step: "end" });
    expect(harness.state.iteration).toBe(1);
    expect(harness.state.added).toEqual([{ role: "assistant", content: [{ type: "text", text: "Hello" }] }]);
    expect(harness.state.turnIterations).toEqual([1]);
    expect(harness.state.usage).toMatchObject([{ iteration: 1, inputTokens: 9, outputTokens: 2, tools: [], startedAt: expect.any(Number) }]);
    expect(harness.types()).toEqual(["step-start", "text-delta", "text-delta", "message", "usage"]);
    expect(harness.run.turn).toMatchObject({ iteration: 1, text: "Hello", answered: true, finishReason: "stop" });
    expect(harness.state.batch).toBeUndefined();
  });

  it("a turn with tool calls opens the batch (announced once the calls are decided) and goes to the tool batch", async () => {
    const harness = await prepared({
      tools: [fakeTool({ name: "search" })],
      provider: scriptedModel([{ text: "Looking.", toolCalls: [{ id: "c1", name: "search", arguments: { q: "x" } }] }]),
    });
    expect(await modelTurn(harness.run)).toEqual({ type: "continue", step: "tools" });
    expect(harness.state.batch).toMatchObject({
      iteration: 1,
      decided: false,
      usageRecorded: false,
      toolsSent: true,
      calls: [{ status: "pending", call: { toolCallId: "c1", toolName: "search", arguments: { q: "x" } } }],
    });
    expect(harness.state.added).toHaveLength(1);
    expect(harness.types()).toEqual(["step-start", "text-delta"]);
    expect(harness.state.usage).toEqual([]);
    expect(harness.state.hasToolCalls).toBe(true);
  });

  it("gives a repeated tool-call id a unique one and keeps the provider's id", async () => {
    const harness = await prepared({
      tools: [fakeTool({ name: "fast" }), fakeTool({ name: "slow" })],
      provider: scriptedModel([
        {
          toolCalls: [
            { id: "dup", name: "fast" },
            { id: "dup", name: "slow" },
          ],
        },
      ]),
    });
    await modelTurn(harness.run);
    expect(harness.state.batch!.calls.map((entry) => entry.call)).toEqual([
      { type: "tool-call", toolCallId: "dup", toolName: "fast", arguments: {} },
      { type: "tool-call", toolCallId: "dup~2", toolName: "slow", arguments: {}, providerToolCallId: "dup" },
    ]);
  });

  it("keeps argument text that is not JSON (the call becomes invalid in the batch, not here)", async () => {
    const harness = await prepared({
      tools: [fakeTool({ name: "search" })],
      provider: scriptedModel([{ toolCalls: [{ id: "c1", name: "search", rawArguments: "{oops" }] }]),
    });
    await modelTurn(harness.run);
    expect(harness.state.batch!.calls[0]!.call).toEqual({ type: "tool-call", toolCallId: "c1", toolName: "search", arguments: {}, rawArguments: "{oops" });
  });

  it("a final answer that still calls tools keeps its text, drops its calls and ends the run with tool_call_limit", async () => {
    const harness = await prepared({
      tools: [fakeTool({ name: "search" })],
      provider: scriptedModel([{ text: "One more search…", toolCalls: [{ id: "c1", name: "search" }] }]),
      config: { prepareStep: () => ({ finalAnswer: true, activeTools: ["search"] }) },
    });
    expect(await modelTurn(harness.run)).toEqual({ type: "continue", step: "end" });
    expect(harness.state.added).toEqual([{ role: "assistant", content: [{ type: "text", text: "One more search…" }] }]);
    expect(harness.state.batch).toBeUndefined();
    expect(harness.run.stepStop).toEqual({ stop: true, reason: "tool_call_limit" });
    expect(harness.run.turn!.toolCalls).toEqual([]);
  });

  it("text a hook sent before the turn comes first in the turn's message", async () => {
    const harness = await prepared({ provider: scriptedModel(["the answer"]) });
    harness.run.sendText("Note: search is off. ");
    await modelTurn(harness.run);
    expect(harness.state.added[0]).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "Note: search is off. " },
        { type: "text", text: "the answer" },
      ],
    });
    expect(harness.state.sentText).toBe("");
    expect(harness.state.lastText).toBe("the answer");
  });

  it("a provider failure is thrown as a ProviderError (the driver ends the run with it)", async () => {
    const harness = await prepared({ provider: scriptedModel([{ error: "upstream 500" }]) });
    await expect(modelTurn(harness.run)).rejects.toBeInstanceOf(ProviderError);
    expect(harness.run.stepOpen).toBe(true);
  });
});
