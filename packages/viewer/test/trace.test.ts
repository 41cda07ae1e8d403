import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { buildTrace, type Trace } from "../src/index.js";
import { syntheticEvents, threeAgentRun } from "./support/three-agent-run.js";

/** Writes events by hand: `at(ms)` sets the clock, `e(path, fields)` appends one event with the next seq. */
function script() {
  const events: StreamEvent[] = [];
  let now = 1_000;
  return {
    events,
    at(ms: number) {
      now = 1_000 + ms;
      return this;
    },
    e(agentPath: string, fields: Record<string, unknown>) {
      events.push({ runId: "r1", agentPath, seq: events.length + 1, contentIndex: 0, timestamp: now, ...fields } as unknown as StreamEvent);
      return this;
    },
  };
}

const usage = (agentPath: string, iteration: number, inputTokens: number, outputTokens: number, costUsd?: number) => ({
  type: "usage",
  usage: {
    model: "m",
    agentPath,
    iteration,
    tools: [],
    inputTokens,
    outputTokens,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    ...(costUsd === undefined ? {} : { costUsd }),
  },
});
const totals = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, calls: 0, costComplete: true, tools: [] };
const outline = (trace: Trace) =>
  trace.rows.map((row) => `${"  ".repeat(row.depth)}${row.kind} ${row.kind === "model" ? `${row.agentPath}#${row.iteration}` : row.name} ${row.status}`);

describe("buildTrace: events → waterfall rows", () => {
  it("a real 3-agent run (run + scriptedModel): rows, nesting under the calling tool, order, tokens and cost", async () => {
    const { events, runId } = await threeAgentRun();
    const trace = buildTrace(events);
    expect(trace.runId).toBe(runId);
    expect(outline(trace)).toEqual([
      "agent main ok",
      "  model main#1 ok",
      "  tool research ok",
      "    agent main/researcher#1 ok",
      "      model main/researcher#1#1 ok",
      "      tool search ok",
      "      model main/researcher#1#2 ok",
      "    agent main/researcher#2 ok",
      "      model main/researcher#2#1 ok",
      "      tool search ok",
      "      model main/researcher#2#2 ok",
      "  tool clock ok",
      "  model main#2 ok",
    ]);
    const byId = new Map(trace.rows.map((row) => [row.id, row]));
    const research = trace.rows.find((row) => row.name === "research")!;
    expect(byId.get("agent:main/researcher#1")!.parentId).toBe(research.id);
    expect(byId.get("agent:main/researcher#2")!.parentId).toBe(research.id);
    // Every row starts no earlier than its parent and in start order among its siblings.
    for (const row of trace.rows) {
      if (row.parentId) expect(row.start).toBeGreaterThanOrEqual(byId.get(row.parentId)!.start);
      expect(row.end).toBeGreaterThanOrEqual(row.start);
      expect(row.durationMs).toBeGreaterThanOrEqual(0);
    }
    // Tokens: model rows their own call; agents and tools everything under them.
    expect(byId.get("model:main:1")!.tokens).toMatchObject({ inputTokens: 300, outputTokens: 30, calls: 1 });
    expect(byId.get("model:main:1")!.tokens.costUsd).toBeCloseTo((300 * 3 + 30 * 15) / 1e6, 10);
    expect(research.tokens).toMatchObject({ inputTokens: 600, outputTokens: 120, calls: 4 });
    expect(trace.totals).toMatchObject({ inputTokens: 1400, outputTokens: 210, calls: 6, agents: 3, toolCalls: 4, errors: 0, events: events.length });
    const rootEnd = events.at(-1)!;
    expect(rootEnd.type).toBe("run-end");
    if (rootEnd.type === "run-end") {
      expect(byId.get("agent:main")!.tokens.inputTokens).toBe(rootEnd.usage.inputTokens);
      expect(trace.totals.costUsd).toBeCloseTo(rootEnd.usage.costUsd!, 10);
    }
    // Details: arguments and result of a tool, the assistant turn of a model call, the answer of an agent.
    expect(research.detail.arguments).toEqual({ topic: "sunlight" });
    expect(research.detail.result).toEqual({ findings: ["Findings on facts.", "Findings on context."] });
    expect(research.detail.progress).toEqual(["briefing 2 researchers"]);
    expect(byId.get("model:main:1")!.detail.messages?.[0]?.role).toBe("assistant");
    expect(byId.get("agent:main")!.detail.text).toBe("Sunlight takes about 8 minutes.");
    expect(trace.status).toBe("ok");
  });

  it("times each row: a model call ends with its turn, a tool call with its own durationMs, an agent with its run-end", () => {
    const s = script()
      .at(0)
      .e("main", { type: "run-start", model: "m" })
      .at(10)
      .e("main", { type: "step-start", iteration: 1, model: "m", toolsSent: true })
      .at(250)
      .e("main", { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c1", toolName: "fetch", arguments: { url: "x" } } })
      .at(260)
      .e("main", { type: "tool-start", toolCallId: "c1", toolName: "fetch", arguments: { url: "x" } })
      .at(760)
      .e("main", { type: "tool-done", toolCallId: "c1", toolName: "fetch", result: "page", durationMs: 499 })
      .at(770)
      .e("main", usage("main", 1, 10, 5, 0.25))
      .at(780)
      .e("main", { type: "step-end", iteration: 1, finishReason: "tool_calls", toolCalls: 1 })
      .at(1000)
      .e("main", { type: "run-end", stopReason: "completed", text: "done", iterations: 1, toolCallCount: 1, usage: totals });
    const trace = buildTrace(s.events);
    const [agent, model, tool] = trace.rows;
    expect(agent).toMatchObject({ kind: "agent", start: 1_000, end: 2_000, durationMs: 1_000, status: "ok" });
    expect(model).toMatchObject({ kind: "model", start: 1_010, end: 1_250, durationMs: 240, status: "ok", iteration: 1 });
    expect(model!.detail.finishReason).toBe("tool_calls");
    expect(tool).toMatchObject({ kind: "tool", name: "fetch", start: 1_260, end: 1_760, durationMs: 499, status: "ok", iteration: 1 });
    expect(tool!.detail).toMatchObject({ arguments: { url: "x" }, result: "page", toolStatus: "ok" });
    expect(model!.tokens).toEqual({ inputTokens: 10, outputTokens: 5, cachedInputTokens: 0, reasoningTokens: 0, calls: 1, costUsd: 0.25 });
    expect(trace).toMatchObject({ start: 1_000, end: 2_000, durationMs: 1_000, status: "ok" });
  });

  it("errors: a failed tool call, a refused one (no tool-start), and an agent that ended with an error", () => {
    const error = { name: "ToolError", code: "TOOL_FAILED", message: "boom", retryable: false };
    const s = script()
      .at(0)
      .e("main", { type: "run-start", model: "m" })
      .e("main", { type: "step-start", iteration: 1, model: "m", toolsSent: true })
      .at(5)
      .e("main", { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "a", toolName: "bad", arguments: {} } })
      .e("main", { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "b", toolName: "nope", arguments: {} } })
      .e("main", { type: "tool-start", toolCallId: "a", toolName: "bad", arguments: {} })
      .e("main", { type: "tool-error", toolCallId: "b", toolName: "nope", status: "not_enabled", error: { ...error, code: "TOOL_NOT_ENABLED" }, durationMs: 0 })
      .at(20)
      .e("main", { type: "tool-error", toolCallId: "a", toolName: "bad", status: "error", error, durationMs: 15 })
      .e("main", { type: "step-end", iteration: 1, finishReason: "tool_calls", toolCalls: 2 })
      .e("main", { type: "step-start", iteration: 2, model: "m", toolsSent: true })
      .at(30)
      .e("main", { type: "error", error: { ...error, code: "PROVIDER_ERROR", message: "overloaded" } })
      .e("main", { type: "step-end", iteration: 2, finishReason: "error", toolCalls: 0 })
      .e("main", {
        type: "run-end",
        stopReason: "error",
        text: "",
        iterations: 2,
        toolCallCount: 2,
        usage: totals,
        error: { ...error, code: "PROVIDER_ERROR", message: "overloaded" },
      });
    const trace = buildTrace(s.events);
    expect(outline(trace)).toEqual(["agent main error", "  model main#1 ok", "  tool bad error", "  tool nope error", "  model main#2 error"]);
    expect(trace.rows[2]!.detail).toMatchObject({ toolStatus: "error", error: { code: "TOOL_FAILED" } });
    expect(trace.rows[3]!.detail).toMatchObject({ toolStatus: "not_enabled" });
    expect(trace.rows[3]!.durationMs).toBe(0);
    expect(trace.rows[0]!.detail.errors?.map((e) => e.code)).toEqual(["PROVIDER_ERROR"]);
    expect(trace.rows[0]!.detail.error?.code).toBe("PROVIDER_ERROR");
    expect(trace.totals.errors).toBe(3);
    expect(trace.status).toBe("error");
  });

  it("an abort: the aborted tool, step, sub-agent and root, and rows the run never closed are unfinished", () => {
    const s = script()
      .at(0)
      .e("main", { type: "run-start", model: "m" })
      .e("main", { type: "step-start", iteration: 1, model: "m", toolsSent: true })
      .at(5)
      .e("main", { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "t", toolName: "team", arguments: {} } })
      .e("main", { type: "tool-start", toolCallId: "t", toolName: "team", arguments: {} })
      .at(10)
      .e("main/helper#1", { type: "run-start", model: "m", parentAgentPath: "main" })
      .e("main/helper#1", { type: "step-start", iteration: 1, model: "m", toolsSent: false })
      .at(50)
      .e("main/helper#1", { type: "step-end", iteration: 1, finishReason: "aborted", toolCalls: 0 })
      .e("main/helper#1", { type: "run-end", stopReason: "aborted", text: "", iterations: 1, toolCallCount: 0, usage: totals })
      .e("main", {
        type: "tool-error",
        toolCallId: "t",
        toolName: "team",
        status: "aborted",
        error: { name: "AbortError", code: "ABORTED", message: "aborted", retryable: false },
        durationMs: 45,
      })
      .e("main", { type: "step-end", iteration: 1, finishReason: "aborted", toolCalls: 1 })
      .e("main", { type: "step-start", iteration: 2, model: "m", toolsSent: true }) // cut short by the abort: no step-end
      .at(60)
      .e("main", { type: "run-end", stopReason: "aborted", text: "", iterations: 1, toolCallCount: 1, usage: totals });
    const trace = buildTrace(s.events);
    expect(outline(trace)).toEqual([
      "agent main aborted",
      "  model main#1 aborted",
      "  tool team aborted",
      "    agent main/helper#1 aborted",
      "      model main/helper#1#1 aborted",
      "  model main#2 aborted",
    ]);
    expect(trace.status).toBe("aborted");
    expect(trace.totals.errors).toBe(1);
    expect(trace.rows.every((row) => row.end !== undefined)).toBe(true);
  });

  it("a run cut off (no run-end): open rows are unfinished, or running while live", () => {
    const s = script()
      .at(0)
      .e("main", { type: "run-start", model: "m" })
      .e("main", { type: "step-start", iteration: 1, model: "m", toolsSent: true })
      .at(100)
      .e("main", { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c", toolName: "slow", arguments: {} } })
      .e("main", { type: "tool-start", toolCallId: "c", toolName: "slow", arguments: {} });
    const stored = buildTrace(s.events);
    expect(outline(stored)).toEqual(["agent main unfinished", "  model main#1 ok", "  tool slow unfinished"]);
    expect(stored.rows[2]).toMatchObject({ end: 1_100, durationMs: 0 });
    const live = buildTrace(s.events, { live: true });
    expect(outline(live)).toEqual(["agent main running", "  model main#1 ok", "  tool slow running"]);
    expect(live.rows[2]!.end).toBeUndefined();
    expect(live.status).toBe("running");
    expect(live.end).toBeGreaterThanOrEqual(1_100);
  });

  it("parallel calls that both start sub-agents: each sub-agent goes under the call that was running from its start to its end", () => {
    const end = (path: string) => ({ type: "run-end", stopReason: "completed", text: path, iterations: 1, toolCallCount: 0, usage: totals });
    const s = script()
      .at(0)
      .e("main", { type: "run-start", model: "m" })
      .e("main", { type: "step-start", iteration: 1, model: "m", toolsSent: true })
      .e("main", { type: "tool-start", toolCallId: "x", toolName: "first", arguments: {} })
      .e("main", { type: "tool-start", toolCallId: "y", toolName: "second", arguments: {} })
      .at(1)
      .e("main/a#1", { type: "run-start", model: "m", parentAgentPath: "main" })
      .e("main/b#1", { type: "run-start", model: "m", parentAgentPath: "main" })
      .at(2)
      .e("main/a#1", end("a"))
      .e("main", { type: "tool-done", toolCallId: "x", toolName: "first", result: 1, durationMs: 2 })
      .at(3)
      .e("main/b#1", end("b"))
      .e("main", { type: "tool-done", toolCallId: "y", toolName: "second", result: 2, durationMs: 3 })
      .e("main", { type: "step-end", iteration: 1, finishReason: "tool_calls", toolCalls: 2 })
      .e("main", end("main"));
    const trace = buildTrace(s.events);
    expect(outline(trace)).toEqual([
      "agent main ok",
      "  model main#1 ok",
      "  tool first ok",
      "    agent main/a#1 ok",
      "  tool second ok",
      "    agent main/b#1 ok",
    ]);
  });

  it("a paused and resumed run continues its rows (same agent, step and call), and unknown event types are ignored", () => {
    const s = script()
      .at(0)
      .e("main", { type: "run-start", model: "m" })
      .e("main", { type: "step-start", iteration: 1, model: "m", toolsSent: true })
      .at(5)
      .e("main", { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "p", toolName: "pay", arguments: { amount: 5 } } })
      .e("main", { type: "tool-interrupted", toolCallId: "p", toolName: "pay", kind: "approval", payload: { why: "money" } })
      .e("main", usage("main", 1, 10, 2))
      .e("main", { type: "run-end", stopReason: "interrupted", text: "", iterations: 1, toolCallCount: 0, usage: totals, interruptions: [{ id: "p" }] });
    const paused = buildTrace(s.events);
    expect(outline(paused)).toEqual(["agent main interrupted", "  model main#1 ok", "  tool pay interrupted"]);
    expect(paused.rows[2]!.detail.interruption).toEqual({ kind: "approval", payload: { why: "money" } });
    s.at(100)
      .e("main", { type: "run-start", model: "m" })
      .e("main", { type: "step-start", iteration: 1, model: "m", toolsSent: true })
      .e("main", { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "p", toolName: "pay", arguments: { amount: 5 } } })
      .e("main", { type: "tool-start", toolCallId: "p", toolName: "pay", arguments: { amount: 5 } })
      .e("main", { type: "some-future-event", whatever: true })
      .at(110)
      .e("main", { type: "tool-done", toolCallId: "p", toolName: "pay", result: "paid", durationMs: 10 })
      .e("main", { type: "step-end", iteration: 1, finishReason: "tool_calls", toolCalls: 1 })
      .e("main", { type: "run-end", stopReason: "completed", text: "paid", iterations: 1, toolCallCount: 1, usage: totals });
    const resumed = buildTrace(s.events);
    expect(outline(resumed)).toEqual(["agent main ok", "  model main#1 ok", "  tool pay ok"]);
    expect(resumed.rows[0]).toMatchObject({ start: 1_000, end: 1_110 });
    expect(resumed.rows[2]).toMatchObject({ start: 1_100, durationMs: 10 });
    expect(resumed.totals.inputTokens).toBe(10);
  });

  // How fast it is belongs to bench/ (a wall-clock bound here failed on a busy machine): this checks what it builds.
  it("builds 5,000 events in one pass", () => {
    const events = syntheticEvents(5_000);
    const trace = buildTrace(events);
    expect(trace.totals.events).toBe(events.length);
    expect(trace.rows.length).toBeGreaterThan(1_000);
    expect(trace.rows.filter((row) => row.kind === "agent" && row.depth === 2)).toHaveLength(trace.totals.agents - 1);
  });
});
