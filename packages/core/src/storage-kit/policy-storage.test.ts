import { describe, expect, it } from "vitest";
import { createAgentState } from "../run/create-agent-state.js";
import { RUN_STATE_FORMAT, RUN_STATE_VERSION, type AgentState, type RunState } from "../run/run-state.js";
import { STORE_EVERYTHING } from "../agent/data-policy.js";
import { applyDataPolicyToRunState } from "./policy-storage.js";
import type { ToolCallPart } from "../messages/content-part.js";

/** An agent that called `memory` (private) and `search` (kept). */
function agent(agentPath: string): AgentState {
  const state = createAgentState({
    runId: "r",
    agentPath,
    model: "m",
    messages: [{ role: "user", content: [{ type: "text", text: "question" }] }],
    toolCallLimit: 25,
    maxIterations: 50,
  });
  const turn = {
    role: "assistant" as const,
    content: [
      { type: "text" as const, text: "Looking." },
      { type: "tool-call" as const, toolCallId: `${agentPath}-m`, toolName: "memory", arguments: { who: "SECRET-args" } },
      { type: "tool-call" as const, toolCallId: `${agentPath}-s`, toolName: "search", arguments: { q: "kept" } },
    ],
  };
  state.added.push(turn);
  state.inLoopMessages.push(turn);
  state.toolCalls.push({
    toolCallId: `${agentPath}-m0`,
    toolName: "memory",
    arguments: {},
    status: "ok",
    result: "SECRET-old",
    durationMs: 1,
    agentPath,
    iteration: 1,
  });
  state.toolCalls.push({
    toolCallId: `${agentPath}-s0`,
    toolName: "search",
    arguments: {},
    status: "ok",
    result: "kept-old",
    durationMs: 1,
    agentPath,
    iteration: 1,
  });
  // What a failed call, a tool not enabled and a tool's own metadata leave in the state.
  state.lastIterationErroredTools.push("memory", "search");
  state.toolsNotEnabled.push("memory");
  state.toolMetadata[`${agentPath}-m0`] = { summary: "SECRET-summary" };
  state.toolMetadata[`${agentPath}-s0`] = { summary: "kept-summary" };
  state.batch = {
    iteration: 2,
    usage: { model: "m", agentPath, iteration: 2, inputTokens: 1, outputTokens: 1, cachedInputTokens: 0, reasoningTokens: 0, tools: ["memory", "search"] },
    usageRecorded: false,
    toolsSent: true,
    decided: true,
    calls: [
      { call: turn.content[1] as ToolCallPart, status: "done", outcome: { status: "ok", result: "SECRET-result", durationMs: 1 } },
      { call: turn.content[2] as ToolCallPart, status: "done", outcome: { status: "ok", result: "kept-result", durationMs: 1 } },
    ],
  };
  return state;
}

describe("applyDataPolicyToRunState", () => {
  const root = agent("main");
  root.batch!.calls[1]!.subRuns = [agent("main/helper#1")];
  const state: RunState = { format: RUN_STATE_FORMAT, version: RUN_STATE_VERSION, runId: "r", agentPath: "main", status: "running", root, savedAt: 1 };
  const onlySearch = {
    storeText: true,
    storeToolCalls: true,
    storeToolResults: true,
    filterToolCalls: (name: string) => name === "search",
    filterToolResults: (name: string) => name === "search",
  };

  it("leaves a state as it is under a policy that stores everything (the same object)", () => {
    expect(applyDataPolicyToRunState(state, STORE_EVERYTHING)).toBe(state);
  });

  it("removes an excluded tool's calls and results from every agent of the tree, nested runs included", () => {
    const stored = applyDataPolicyToRunState(state, onlySearch);
    const json = JSON.stringify(stored);
    expect(json).not.toContain("SECRET");
    expect(json).not.toContain('"memory"');
    expect(json).toContain("kept-result");
    expect(stored.root.batch!.calls.map((call) => call.call.toolName)).toEqual(["search"]);
    expect(stored.root.batch!.calls[0]!.subRuns![0]!.batch!.calls.map((call) => call.call.toolName)).toEqual(["search"]);
    expect(stored.root.toolCalls.map((record) => record.toolName)).toEqual(["search"]);
    expect(stored.root.lastIterationErroredTools).toEqual(["search"]);
    expect(stored.root.toolsNotEnabled).toEqual([]);
    expect(stored.root.toolMetadata).toEqual({ "main-s0": { summary: "kept-summary" } });
    // The state in memory is untouched.
    expect(JSON.stringify(state)).toContain("SECRET-result");
  });

  it("a result the policy does not store leaves a marker a resumed run reads; without storeText the texts go", () => {
    const noResults = applyDataPolicyToRunState(state, { storeText: false, storeToolCalls: true, storeToolResults: false });
    expect(noResults.root.batch!.calls.map((call) => call.outcome!.result)).toEqual([
      "[This tool result was not stored.]",
      "[This tool result was not stored.]",
    ]);
    expect(noResults.root.toolCalls.map((record) => record.result)).toEqual(["[This tool result was not stored.]", "[This tool result was not stored.]"]);
    expect(JSON.stringify(noResults.root.added)).not.toContain("Looking.");
  });
});
