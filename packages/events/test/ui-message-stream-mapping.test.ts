import { describe, expect, it } from "vitest";
import type { StopReason, StreamEvent, UnstampedEvent, Usage, UsageTotals } from "@baton/core";
import { toUiMessageStream, UiMessageStreamMapper, type ToUiMessageStreamOptions, type UiMessageChunk } from "../src/index.js";

const TOKENS = { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0, reasoningTokens: 0 };
const USAGE: UsageTotals = { ...TOKENS, calls: 1, costComplete: false, tools: [] };
const CALL_USAGE: Usage = { ...TOKENS, model: "m", agentPath: "main", iteration: 1, tools: [] };

/** Builds stamped events: `[agentPath, contentIndex, event]` triples, numbered in order. */
function events(...specs: [string, number, UnstampedEvent][]): StreamEvent[] {
  return specs.map(
    ([agentPath, contentIndex, event], i) => ({ ...event, runId: "run_1", agentPath, seq: i + 1, contentIndex, timestamp: 1000 + i }) as StreamEvent,
  );
}

const runEnd = (stopReason: StopReason, extra: Partial<Extract<UnstampedEvent, { type: "run-end" }>> = {}): UnstampedEvent => ({
  type: "run-end",
  stopReason,
  text: "",
  iterations: 1,
  toolCallCount: 0,
  usage: USAGE,
  ...extra,
});

async function collect(source: StreamEvent[], options?: ToUiMessageStreamOptions): Promise<UiMessageChunk[]> {
  async function* iterate() {
    yield* source;
  }
  const chunks: UiMessageChunk[] = [];
  for await (const chunk of toUiMessageStream(iterate(), options)) chunks.push(chunk);
  return chunks;
}

const toolError = { name: "ToolExecutionError", code: "TOOL_EXECUTION_FAILED", message: "disk full", retryable: false } as const;

describe("toUiMessageStream mapping", () => {
  it("maps a root run to start, steps, reasoning, text and tool chunks with stable ids, and finishes at run-end", async () => {
    const source = events(
      ["main", 0, { type: "run-start", model: "m" }],
      ["main", 0, { type: "step-start", iteration: 1, model: "m", toolsSent: true }],
      ["main", 0, { type: "reasoning-delta", text: "Let me " }],
      ["main", 0, { type: "reasoning-delta", text: "think." }],
      ["main", 1, { type: "text-delta", text: "Looking " }],
      ["main", 1, { type: "text-delta", text: "it up." }],
      ["main", 2, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c1", toolName: "lookup", arguments: { q: "x" } } }],
      ["main", 2, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c2", toolName: "save", arguments: {} } }],
      ["main", 2, { type: "tool-start", toolCallId: "c1", toolName: "lookup", arguments: { q: "x" } }],
      ["main", 2, { type: "tool-done", toolCallId: "c1", toolName: "lookup", result: { found: true }, durationMs: 3 }],
      ["main", 2, { type: "tool-error", toolCallId: "c2", toolName: "save", status: "error", error: toolError, durationMs: 1 }],
      ["main", 2, { type: "message", message: { role: "tool", content: [] } }],
      ["main", 2, { type: "step-end", iteration: 1, finishReason: "tool_calls", toolCalls: 2 }],
      ["main", 2, { type: "step-start", iteration: 2, model: "m", toolsSent: true }],
      ["main", 3, { type: "text-delta", text: "Done." }],
      ["main", 3, { type: "step-end", iteration: 2, finishReason: "stop", toolCalls: 0 }],
      ["main", 3, runEnd("completed", { text: "Done." })],
    );
    const chunks = await collect(source, { forwardEvents: false });
    expect(chunks).toEqual([
      { type: "start", messageId: "run_1" },
      { type: "start-step" },
      { type: "reasoning-start", id: "main:reasoning:0" },
      { type: "reasoning-delta", id: "main:reasoning:0", delta: "Let me " },
      { type: "reasoning-delta", id: "main:reasoning:0", delta: "think." },
      { type: "reasoning-end", id: "main:reasoning:0" },
      { type: "text-start", id: "main:text:1" },
      { type: "text-delta", id: "main:text:1", delta: "Looking " },
      { type: "text-delta", id: "main:text:1", delta: "it up." },
      { type: "text-end", id: "main:text:1" },
      { type: "tool-input-available", toolCallId: "c1", toolName: "lookup", input: { q: "x" } },
      { type: "tool-input-available", toolCallId: "c2", toolName: "save", input: {} },
      { type: "tool-output-available", toolCallId: "c1", output: { found: true } },
      { type: "tool-output-error", toolCallId: "c2", errorText: "disk full" },
      { type: "finish-step" },
      { type: "start-step" },
      { type: "text-start", id: "main:text:3" },
      { type: "text-delta", id: "main:text:3", delta: "Done." },
      { type: "text-end", id: "main:text:3" },
      { type: "finish-step" },
      { type: "finish", finishReason: "stop" },
    ]);
  });

  it("forwards events without a chunk of their own as transient data-baton-event parts (never `message`)", async () => {
    const source = events(
      ["main", 0, { type: "run-start", model: "m" }],
      ["main", 0, { type: "usage", usage: CALL_USAGE }],
      ["main", 0, { type: "tool-start", toolCallId: "c1", toolName: "t", arguments: {} }],
      ["main", 0, { type: "message", message: { role: "assistant", content: [] } }],
      ["main", 0, { type: "error", error: { name: "BatonError", code: "STORAGE_ERROR", message: "write failed", retryable: true } }],
      ["main", 0, runEnd("completed")],
    );
    const chunks = await collect(source);
    expect(chunks.map((c) => (c.type === "data-baton-event" ? `event:${c.data.type}:${c.transient}` : c.type))).toEqual([
      "start",
      "event:usage:true",
      "event:tool-start:true",
      "event:error:true",
      "finish",
    ]);
  });

  it("sends tool progress as transient parts and each progress group as a part replaced by id", async () => {
    const step = (status: "active" | "done", items?: { kind: "text"; text: string }[]) => ({
      type: "tool-progress" as const,
      toolCallId: "c1",
      toolName: "search",
      message: "Query",
      step: { group: "Searching", groupIcon: "SEARCH", stepId: "Searching#1", title: "Query", status, ...(items ? { items } : {}), at: 5 },
    });
    const source = events(
      ["main", 0, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c1", toolName: "search", arguments: {} } }],
      ["main", 0, { type: "tool-progress", toolCallId: "c1", toolName: "search", message: "plain", data: { n: 1 } }],
      ["main", 0, step("active")],
      ["main", 0, step("done", [{ kind: "text", text: "hit" }])],
    );
    const chunks = await collect(source);
    expect(chunks.slice(2)).toEqual([
      {
        type: "data-baton-tool-progress",
        data: { agentPath: "main", toolCallId: "c1", toolName: "search", message: "plain", data: { n: 1 } },
        transient: true,
      },
      {
        type: "data-baton-tool-progress",
        data: {
          agentPath: "main",
          toolCallId: "c1",
          toolName: "search",
          message: "Query",
          step: source[2]!.type === "tool-progress" ? source[2]!.step : undefined,
        },
        transient: true,
      },
      {
        type: "data-baton-progress-group",
        id: "progress:main:c1:Searching",
        data: {
          agentPath: "main",
          toolCallId: "c1",
          toolName: "search",
          group: { name: "Searching", icon: "SEARCH", steps: [{ id: "Searching#1", title: "Query", status: "active", items: [], startedAt: 5 }] },
        },
      },
      expect.objectContaining({ type: "data-baton-tool-progress", transient: true }),
      {
        type: "data-baton-progress-group",
        id: "progress:main:c1:Searching",
        data: {
          agentPath: "main",
          toolCallId: "c1",
          toolName: "search",
          group: {
            name: "Searching",
            icon: "SEARCH",
            steps: [{ id: "Searching#1", title: "Query", status: "done", items: [{ kind: "text", text: "hit" }], startedAt: 5, endedAt: 5 }],
          },
        },
      },
    ]);
  });

  it("folds a nested agent into one data-baton-agent part, sent whole at each structural change", async () => {
    const sub = "main/researcher#1";
    const source = events(
      ["main", 0, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c1", toolName: "research", arguments: { topic: "cats" } } }],
      [sub, 0, { type: "run-start", model: "m", parentAgentPath: "main" }],
      [sub, 0, { type: "step-start", iteration: 1, model: "m", toolsSent: true }],
      [sub, 1, { type: "reasoning-delta", text: "hmm" }],
      [sub, 2, { type: "text-delta", text: "Search" }],
      [sub, 2, { type: "text-delta", text: "ing." }],
      [sub, 3, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "w1", toolName: "web", arguments: { q: "cats" } } }],
      [sub, 3, { type: "tool-done", toolCallId: "w1", toolName: "web", result: "page", durationMs: 1 }],
      [sub, 3, { type: "step-end", iteration: 1, finishReason: "tool_calls", toolCalls: 1 }],
      [sub, 4, { type: "text-delta", text: "Cats purr." }],
      [sub, 4, runEnd("completed", { text: "Cats purr." })],
      ["main", 0, { type: "tool-done", toolCallId: "c1", toolName: "research", result: "Cats purr.", durationMs: 9 }],
    );
    const chunks = await collect(source);
    expect(
      chunks.map((c) =>
        c.type === "data-baton-event" ? `event:${c.data.type}` : c.type === "data-baton-agent" ? `agent:${c.data.status}:${c.data.parts.length}` : c.type,
      ),
    ).toEqual([
      "start",
      "tool-input-available",
      "agent:running:0", // run-start
      "event:step-start",
      "event:reasoning-delta",
      "event:text-delta",
      "event:text-delta",
      "agent:running:3", // tool-call: reasoning, text, tool
      "agent:running:3", // tool-done
      "agent:running:3", // step-end
      "event:text-delta",
      "agent:done:4", // run-end
      "tool-output-available",
    ]);
    const last = chunks.filter((c) => c.type === "data-baton-agent").at(-1)!;
    expect(last).toEqual({
      type: "data-baton-agent",
      id: "agent:main/researcher#1",
      data: {
        agentPath: sub,
        parentAgentPath: "main",
        model: "m",
        status: "done",
        stopReason: "completed",
        text: "Cats purr.",
        parts: [
          { type: "reasoning", text: "hmm" },
          { type: "text", text: "Searching." },
          { type: "tool", toolCallId: "w1", toolName: "web", input: { q: "cats" }, state: "output-available", output: "page" },
          { type: "text", text: "Cats purr." },
        ],
      },
    });
  });

  it("a run paused for a root approval asks it with the SDK's tool-approval-request (id = tool call id) and finishes `tool-calls`", async () => {
    const interruption = {
      id: "c1",
      kind: "approval",
      agentPath: "main",
      toolCallId: "c1",
      toolName: "buy",
      arguments: { item: "car" },
      payload: { reason: "costly" },
    } as const;
    const source = events(
      ["main", 0, { type: "run-start", model: "m" }],
      ["main", 0, { type: "step-start", iteration: 1, model: "m", toolsSent: true }],
      ["main", 0, { type: "text-delta", text: "Buying." }],
      ["main", 1, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c1", toolName: "buy", arguments: { item: "car" } } }],
      ["main", 1, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c2", toolName: "look", arguments: {} } }],
      ["main", 1, { type: "tool-interrupted", toolCallId: "c1", toolName: "buy", kind: "approval", payload: { reason: "costly" } }],
      ["main", 1, { type: "usage", usage: CALL_USAGE }],
      ["main", 1, runEnd("interrupted", { interruptions: [interruption] })],
    );
    expect(await collect(source, { forwardEvents: false })).toEqual([
      { type: "start", messageId: "run_1" },
      { type: "start-step" },
      { type: "text-start", id: "main:text:0" },
      { type: "text-delta", id: "main:text:0", delta: "Buying." },
      { type: "text-end", id: "main:text:0" },
      { type: "tool-input-available", toolCallId: "c1", toolName: "buy", input: { item: "car" } },
      { type: "tool-input-available", toolCallId: "c2", toolName: "look", input: {} },
      { type: "tool-approval-request", approvalId: "c1", toolCallId: "c1", approvalDescriptor: { reason: "costly" }, reason: "costly" },
      { type: "finish-step" },
      { type: "finish", finishReason: "tool-calls" },
    ]);

    // A string payload is the reason itself; no payload, no descriptor.
    const mapper = new UiMessageStreamMapper({ sendStart: false });
    const [plain, worded] = events(
      ["main", 0, { type: "tool-interrupted", toolCallId: "c7", toolName: "pay", kind: "approval" }],
      ["main", 0, { type: "tool-interrupted", toolCallId: "c8", toolName: "pay", kind: "approval", payload: "over budget" }],
    );
    expect(mapper.push(plain!)).toEqual([
      { type: "tool-input-available", toolCallId: "c7", toolName: "pay", input: undefined },
      { type: "tool-approval-request", approvalId: "c7", toolCallId: "c7" },
    ]);
    expect(mapper.push(worded!).at(-1)).toEqual({
      type: "tool-approval-request",
      approvalId: "c8",
      toolCallId: "c8",
      approvalDescriptor: "over budget",
      reason: "over budget",
    });
  });

  it("a root question and a nested agent's approval reach the UI as data-baton-interruption parts at the run's end; the nested agent shows them", async () => {
    const question = {
      id: "c2",
      kind: "question",
      agentPath: "main",
      toolCallId: "c2",
      toolName: "ask",
      arguments: {},
      payload: { question: "Which color?" },
    } as const;
    const nestedApproval = {
      id: "h1",
      kind: "approval",
      agentPath: "main/helper#1",
      toolCallId: "h1",
      toolName: "delete",
      arguments: { path: "a.txt" },
      payload: "deletes files",
    } as const;
    const source = events(
      ["main", 0, { type: "run-start", model: "m" }],
      ["main", 0, { type: "step-start", iteration: 1, model: "m", toolsSent: true }],
      ["main", 0, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c2", toolName: "ask", arguments: {} } }],
      ["main", 0, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c3", toolName: "delegate", arguments: {} } }],
      ["main", 0, { type: "tool-start", toolCallId: "c2", toolName: "ask", arguments: {} }],
      ["main", 0, { type: "tool-start", toolCallId: "c3", toolName: "delegate", arguments: {} }],
      ["main/helper#1", 0, { type: "run-start", model: "m", parentAgentPath: "main" }],
      ["main/helper#1", 0, { type: "step-start", iteration: 1, model: "m", toolsSent: true }],
      ["main/helper#1", 1, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "h1", toolName: "delete", arguments: { path: "a.txt" } } }],
      ["main/helper#1", 1, { type: "tool-interrupted", toolCallId: "h1", toolName: "delete", kind: "approval", payload: "deletes files" }],
      ["main/helper#1", 1, runEnd("interrupted")],
      ["main", 0, { type: "tool-interrupted", toolCallId: "c2", toolName: "ask", kind: "question", payload: { question: "Which color?" } }],
      // The delegating call paused because its sub-agent did: it started, so it is not an approval of its own.
      ["main", 0, { type: "tool-interrupted", toolCallId: "c3", toolName: "delegate", kind: "approval" }],
      ["main", 0, runEnd("interrupted", { interruptions: [question, nestedApproval] })],
    );
    const chunks = await collect(source);
    expect(chunks.filter((c) => c.type === "tool-approval-request")).toEqual([]);
    expect(chunks.filter((c) => c.type === "data-baton-event").map((c) => (c.type === "data-baton-event" ? `${c.data.type}:${c.data.agentPath}` : ""))).toEqual(
      ["tool-start:main", "tool-start:main", "step-start:main/helper#1", "tool-interrupted:main", "tool-interrupted:main"],
    );
    expect(chunks.slice(-4)).toEqual([
      { type: "finish-step" },
      { type: "data-baton-interruption", id: "interruption:c2", data: question },
      { type: "data-baton-interruption", id: "interruption:h1", data: nestedApproval },
      { type: "finish", finishReason: "tool-calls" },
    ]);
    const snapshots = chunks.filter((c) => c.type === "data-baton-agent");
    expect(snapshots.map((c) => (c.type === "data-baton-agent" ? c.data.status : ""))).toEqual(["running", "running", "running", "interrupted"]); // run-start, tool-call, tool-interrupted, run-end
    expect(snapshots.at(-1)).toEqual({
      type: "data-baton-agent",
      id: "agent:main/helper#1",
      data: {
        agentPath: "main/helper#1",
        parentAgentPath: "main",
        model: "m",
        status: "interrupted",
        stopReason: "interrupted",
        text: "",
        parts: [
          {
            type: "tool",
            toolCallId: "h1",
            toolName: "delete",
            input: { path: "a.txt" },
            state: "approval-requested",
            interruption: { kind: "approval", payload: "deletes files" },
          },
        ],
      },
    });
  });

  it("an aborted run ends with abort (no finish); a failed run with error then finish `error`", async () => {
    const aborted = await collect(
      events(
        ["main", 0, { type: "step-start", iteration: 1, model: "m", toolsSent: false }],
        ["main", 1, { type: "text-delta", text: "Half" }],
        ["main", 1, runEnd("aborted", { error: { name: "RunAbortedError", code: "RUN_ABORTED", message: "The run was aborted.", retryable: false } })],
      ),
    );
    expect(aborted.map((c) => c.type)).toEqual(["start", "start-step", "text-start", "text-delta", "text-end", "finish-step", "abort"]);
    expect(aborted.at(-1)).toEqual({ type: "abort", reason: "The run was aborted." });

    const failed = await collect(
      events(
        ["main", 0, { type: "step-start", iteration: 1, model: "m", toolsSent: false }],
        ["main", 0, { type: "error", error: { name: "ProviderError", code: "PROVIDER_ERROR", message: "upstream 502", retryable: true } }],
        ["main", 0, runEnd("error", { error: { name: "ProviderError", code: "PROVIDER_ERROR", message: "upstream 502", retryable: true } })],
      ),
    );
    expect(failed.map((c) => c.type)).toEqual(["start", "start-step", "data-baton-event", "finish-step", "error", "finish"]);
    expect(failed.slice(-2)).toEqual([
      { type: "error", errorText: "upstream 502" },
      { type: "finish", finishReason: "error" },
    ]);
  });

  it("when the events stop early, open parts and the step are closed and no finish is sent; when they fail, an error chunk ends the stream", async () => {
    const cut = await collect(
      events(["main", 0, { type: "step-start", iteration: 1, model: "m", toolsSent: false }], ["main", 1, { type: "text-delta", text: "Hal" }]),
    );
    expect(cut.map((c) => c.type)).toEqual(["start", "start-step", "text-start", "text-delta", "text-end", "finish-step"]);

    async function* failing(): AsyncGenerator<StreamEvent> {
      yield* events(["main", 1, { type: "reasoning-delta", text: "x" }]);
      throw new Error("socket closed");
    }
    const chunks: UiMessageChunk[] = [];
    for await (const chunk of toUiMessageStream(failing(), { errorText: (e) => `masked (${(e as Error).message.length})` })) chunks.push(chunk);
    expect(chunks).toEqual([
      { type: "start", messageId: "run_1" },
      { type: "reasoning-start", id: "main:reasoning:1" },
      { type: "reasoning-delta", id: "main:reasoning:1", delta: "x" },
      { type: "reasoning-end", id: "main:reasoning:1" },
      { type: "error", errorText: "masked (13)" },
    ]);
  });

  it("stops reading the events after the root run-end", async () => {
    let pulled = 0;
    let returned = false;
    const source = events(["main", 0, runEnd("completed")], ["main", 0, { type: "text-delta", text: "late" }]);
    const iterable: AsyncIterable<StreamEvent> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => (pulled < source.length ? { done: false, value: source[pulled++]! } : { done: true, value: undefined }),
        return: async () => {
          returned = true;
          return { done: true, value: undefined };
        },
      }),
    };
    const chunks: UiMessageChunk[] = [];
    for await (const chunk of toUiMessageStream(iterable)) chunks.push(chunk);
    expect(chunks.map((c) => c.type)).toEqual(["start", "finish"]);
    expect(pulled).toBe(1);
    expect(returned).toBe(true);
  });

  it("options: message id, dynamic tools, no reasoning, masked errors, metadata on start, finish and in between", async () => {
    const source = events(
      ["main", 0, { type: "run-start", model: "m" }],
      ["main", 0, { type: "reasoning-delta", text: "secret" }],
      ["main", 1, { type: "tool-call", toolCall: { type: "tool-call", toolCallId: "c1", toolName: "t", arguments: {} } }],
      ["main", 1, { type: "tool-error", toolCallId: "c1", toolName: "t", status: "timeout", error: toolError, durationMs: 1 }],
      ["main", 1, { type: "usage", usage: CALL_USAGE }],
      ["main", 1, runEnd("max_iterations")],
    );
    const chunks = await collect(source, {
      messageId: "msg_1",
      dynamicTools: true,
      sendReasoning: false,
      forwardEvents: false,
      errorText: () => "Something went wrong.",
      messageMetadata: (event) =>
        event.type === "run-start"
          ? { started: event.timestamp }
          : event.type === "run-end"
            ? { stop: event.stopReason }
            : event.type === "usage"
              ? { tokens: 7 }
              : undefined,
    });
    expect(chunks).toEqual([
      { type: "start", messageId: "msg_1", messageMetadata: { started: 1000 } },
      { type: "tool-input-available", toolCallId: "c1", toolName: "t", input: {}, dynamic: true },
      { type: "tool-output-error", toolCallId: "c1", errorText: "Something went wrong.", dynamic: true },
      { type: "message-metadata", messageMetadata: { tokens: 7 } },
      { type: "finish", finishReason: "other", messageMetadata: { stop: "max_iterations" } },
    ]);
  });

  it("announces a tool call it never saw before its result (late join): input from tool-start, errors as tool-input-error", () => {
    const mapper = new UiMessageStreamMapper({ forwardEvents: false, sendStart: false });
    const [start, done, failed] = events(
      ["main", 2, { type: "tool-start", toolCallId: "c1", toolName: "lookup", arguments: { q: 1 } }],
      ["main", 2, { type: "tool-done", toolCallId: "c1", toolName: "lookup", result: 1, durationMs: 1 }],
      ["main", 2, { type: "tool-error", toolCallId: "c2", toolName: "nope", status: "invalid", error: toolError, durationMs: 0 }],
    );
    expect(mapper.push(start!)).toEqual([]);
    expect(mapper.push(done!)).toEqual([
      { type: "tool-input-available", toolCallId: "c1", toolName: "lookup", input: { q: 1 } },
      { type: "tool-output-available", toolCallId: "c1", output: 1 },
    ]);
    expect(mapper.push(failed!)).toEqual([{ type: "tool-input-error", toolCallId: "c2", toolName: "nope", input: undefined, errorText: "disk full" }]);
    expect(mapper.finished).toBe(false);
    expect(mapper.end()).toEqual([]);
    expect(mapper.finished).toBe(true);
    expect(mapper.push(start!)).toEqual([]);
  });
});
