import { describe, expect, it } from "vitest";
import { z } from "zod";
import { resume, run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { defineTool } from "@baton/tools";
import { createMemoryStorage } from "@baton/storage-memory";
import { InvalidDecisionsError, composeConfigs, rejectionText, type InterruptDecisions, type Message, type StreamEvent, type Tool } from "@baton/core";
import { approvals } from "../../src/approvals/index.js";
import { makeTools } from "./helpers.js";

const INSTRUCTIONS = "You manage files carefully.";
const config = approvals({ needsApproval: ["delete_file"] });

/** The agent, as every process builds it: the same instructions, tools (fresh ones) and config. */
function agentWith(provider: ReturnType<typeof scriptedModel>, tools: readonly Tool[] = makeTools().all) {
  return { provider, model: "m", instructions: INSTRUCTIONS, tools, config };
}

const firstTurn = {
  reasoning: { text: "The user wants a.txt gone.", signature: "sig-1" },
  text: "Let me look, then delete it.",
  toolCalls: [
    { id: "c1", name: "search", arguments: { query: "a.txt" } },
    { id: "c2", name: "delete_file", arguments: { path: "a.txt" } },
    { id: "c3", name: "delete_file", arguments: { path: "b.txt" } },
  ],
};

const pausedTurn: Message = {
  role: "assistant",
  content: [
    { type: "reasoning", text: "The user wants a.txt gone.", signature: "sig-1" },
    { type: "text", text: "Let me look, then delete it." },
    { type: "tool-call", toolCallId: "c1", toolName: "search", arguments: { query: "a.txt" } },
    { type: "tool-call", toolCallId: "c2", toolName: "delete_file", arguments: { path: "a.txt" } },
    { type: "tool-call", toolCallId: "c3", toolName: "delete_file", arguments: { path: "b.txt" } },
  ],
};

/** Process 1: the run that pauses. */
async function pausedRun() {
  const tools = makeTools();
  const model = scriptedModel([firstTurn]);
  const events: StreamEvent[] = [];
  const result = await run({ ...agentWith(model, tools.all), runId: "run-1", input: "Delete a.txt and b.txt", onEvent: (event) => void events.push(event) });
  return { tools, model, result, events, json: JSON.stringify(result.state) };
}

/** Process 2: a fresh model and fresh tools continue from the JSON. */
async function resumed(json: string, decisions: InterruptDecisions, replies: Parameters<typeof scriptedModel>[0] = ["All done."], toolCallLimit?: number) {
  const tools = makeTools();
  const model = scriptedModel(replies);
  const events: StreamEvent[] = [];
  const result = await run({
    ...agentWith(model, tools.all),
    resume: json,
    decisions,
    ...(toolCallLimit === undefined ? {} : { toolCallLimit }),
    onEvent: (event) => void events.push(event),
  });
  return { tools, model, result, events };
}

const toolMessage = (message: Message | undefined) => (message as Extract<Message, { role: "tool" }>).content;

describe("approvals: pausing", () => {
  it("a batch with a call needing approval pauses before any of its calls runs, and lists what waits", async () => {
    const { tools, model, result, events } = await pausedRun();
    expect(result.stopReason).toBe("interrupted");
    expect(model.requests).toHaveLength(1);
    expect(tools.search.calls).toHaveLength(0);
    expect(tools.deleteFile.calls).toHaveLength(0);
    expect(result.toolCalls).toHaveLength(0);
    expect(result.toolCallCount).toBe(0);
    expect(result.interruptions).toEqual([
      { id: "c2", kind: "approval", agentPath: "main", toolCallId: "c2", toolName: "delete_file", arguments: { path: "a.txt" } },
      { id: "c3", kind: "approval", agentPath: "main", toolCallId: "c3", toolName: "delete_file", arguments: { path: "b.txt" } },
    ]);
    expect(events.filter((event) => event.type === "tool-interrupted").map((event) => (event as { toolCallId: string }).toolCallId)).toEqual(["c2", "c3"]);
    expect(events.some((event) => event.type === "tool-start")).toBe(false);
    expect(result.state).toMatchObject({ format: "baton.run-state", status: "interrupted", root: { status: "interrupted" } });
    expect(result.custom).toEqual({});
  });

  it("lets batches without such calls run; the paused state keeps the earlier turns for the resumed run", async () => {
    const tools = makeTools();
    const model = scriptedModel([
      { toolCalls: [{ id: "s1", name: "search", arguments: { query: "old files" } }] },
      { toolCalls: [{ id: "d1", name: "delete_file", arguments: { path: "old.txt" } }] },
    ]);
    const paused = await run({ ...agentWith(model, tools.all), input: "Clean up" });
    expect(paused.stopReason).toBe("interrupted");
    expect(tools.search.calls.map((call) => call.args)).toEqual([{ query: "old files" }]);
    expect(tools.deleteFile.calls).toHaveLength(0);
    expect(paused.interruptions!.map((item) => item.id)).toEqual(["d1"]);

    const { model: next } = await resumed(JSON.stringify(paused.state), { d1: { approve: true } });
    expect(next.requests[0]!.messages).toEqual([
      { role: "system", content: INSTRUCTIONS },
      { role: "user", content: [{ type: "text", text: "Clean up" }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "s1", toolName: "search", arguments: { query: "old files" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "s1", toolName: "search", result: "results for old files" }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "d1", toolName: "delete_file", arguments: { path: "old.txt" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "d1", toolName: "delete_file", result: { deleted: "old.txt" } }] },
    ]);
  });

  it("takes a check per call with a payload for the UI, after what configs composed before it decided", async () => {
    const seen: string[] = [];
    const composed = composeConfigs(
      {
        // Refuses one call itself: that call is not held for approval.
        beforeToolCalls: ({ calls }) => {
          seen.push(...calls.map((planned) => planned.call.toolCallId));
          return { decisions: { x: { type: "refuse", result: "Never touch /etc/passwd." } } };
        },
      },
      approvals({
        needsApproval: (name, args) =>
          name === "delete_file" && (args as { path: string }).path.startsWith("/") ? { payload: `Delete ${(args as { path: string }).path}?` } : false,
      }),
    );
    const tools = makeTools();
    const model = scriptedModel([
      { toolCalls: [{ id: "a", name: "delete_file", arguments: { path: "tmp.txt" } }] },
      {
        toolCalls: [
          { id: "b", name: "delete_file", arguments: { path: "/etc/hosts" } },
          { id: "x", name: "delete_file", arguments: { path: "/etc/passwd" } },
        ],
      },
    ]);
    const result = await run({ provider: model, model: "m", tools: tools.all, input: "go", config: composed });
    expect(seen).toEqual(["a", "b", "x"]);
    expect(tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "tmp.txt" }]);
    expect(result.stopReason).toBe("interrupted");
    expect(result.interruptions).toEqual([
      {
        id: "b",
        kind: "approval",
        agentPath: "main",
        toolCallId: "b",
        toolName: "delete_file",
        arguments: { path: "/etc/hosts" },
        payload: "Delete /etc/hosts?",
      },
    ]);
  });

  it("does not hold a call that cannot run: its arguments fail the tool's schema, and the model reads why at once", async () => {
    let ran = 0;
    const deleteFile = defineTool({
      name: "delete_file",
      description: "Deletes a file.",
      parameters: z.object({ path: z.string() }),
      execute: () => (ran++, "deleted"),
    });
    const model = scriptedModel([{ toolCalls: [{ id: "x", name: "delete_file", arguments: { path: 5 } }] }, "Sorry."]);
    const result = await run({ provider: model, model: "m", tools: [deleteFile as Tool], input: "go", config });
    expect(result.stopReason).toBe("completed");
    expect(result.interruptions).toBeUndefined();
    expect(ran).toBe(0);
    expect(result.toolCalls[0]).toMatchObject({ status: "invalid", error: { code: "TOOL_INVALID_ARGUMENTS" } });
  });

  it("a run that needs no approval ends as usual", async () => {
    const result = await run({ ...agentWith(scriptedModel(["Hi."])), input: "hello" });
    expect(result.stopReason).toBe("completed");
    expect(result.interruptions).toBeUndefined();
  });
});

describe("approvals: resuming from the JSON state in another process", () => {
  it("approved calls run inside the loop, with their events, and count against the tool-call limit", async () => {
    const { json } = await pausedRun();
    const { tools, model, result, events } = await resumed(json, { c2: { approve: true }, c3: { approve: true } }, ["All done."], 3);
    expect(tools.search.calls.map((call) => call.args)).toEqual([{ query: "a.txt" }]);
    expect(tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "a.txt" }, { path: "b.txt" }]);
    expect(
      events
        .filter((event) => event.type === "tool-start" || event.type === "tool-done")
        .map((event) => `${event.type}:${(event as { toolCallId: string }).toolCallId}`)
        .sort(),
    ).toEqual(["tool-done:c1", "tool-done:c2", "tool-done:c3", "tool-start:c1", "tool-start:c2", "tool-start:c3"]);
    // Three calls counted: the limit of 3 is reached, so the answer comes without tools.
    expect(result.toolCallCount).toBe(3);
    expect(model.requests[0]!.tools).toBeUndefined();
    expect(model.requests[0]!.messages.slice(0, 4)).toEqual([
      { role: "system", content: INSTRUCTIONS },
      { role: "user", content: [{ type: "text", text: "Delete a.txt and b.txt" }] },
      pausedTurn,
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "c1", toolName: "search", result: "results for a.txt" },
          { type: "tool-result", toolCallId: "c2", toolName: "delete_file", result: { deleted: "a.txt" } },
          { type: "tool-result", toolCallId: "c3", toolName: "delete_file", result: { deleted: "b.txt" } },
        ],
      },
    ]);
    expect(result.stopReason).toBe("tool_call_limit");
    expect(result.text).toBe("All done.");
    expect(result.toolCalls.map((call) => [call.toolCallId, call.status])).toEqual([
      ["c1", "ok"],
      ["c2", "ok"],
      ["c3", "ok"],
    ]);
  });

  it("rejected calls never run: the model reads rejectionText(reason) as an error result (status refused) and answers", async () => {
    const { json } = await pausedRun();
    const { tools, model, result, events } = await resumed(json, { c2: { approve: true }, c3: { approve: false, reason: "Not b." } });
    expect(tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "a.txt" }]);
    expect(tools.search.calls).toHaveLength(1);
    expect(events.some((event) => event.type === "tool-start" && event.toolCallId === "c3")).toBe(false);
    expect(toolMessage(model.requests[0]!.messages.at(-1))).toEqual([
      { type: "tool-result", toolCallId: "c1", toolName: "search", result: "results for a.txt" },
      { type: "tool-result", toolCallId: "c2", toolName: "delete_file", result: { deleted: "a.txt" } },
      { type: "tool-result", toolCallId: "c3", toolName: "delete_file", result: rejectionText("Not b."), isError: true },
    ]);
    expect(result.toolCalls.map((call) => [call.toolCallId, call.status])).toEqual([
      ["c1", "ok"],
      ["c2", "ok"],
      ["c3", "refused"],
    ]);
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("All done.");

    const allRejected = await resumed(json, { c2: { approve: false }, c3: { approve: false, reason: "Keep it." } });
    expect(allRejected.tools.deleteFile.calls).toHaveLength(0);
    expect(toolMessage(allRejected.model.requests[0]!.messages.at(-1)).map((part) => part.result)).toEqual([
      "results for a.txt",
      rejectionText(),
      rejectionText("Keep it."),
    ]);
  });

  it("an approved call that fails becomes an error result the model reads, as any call", async () => {
    const { json } = await pausedRun();
    const readOnly = [makeTools().search, fakeTool({ name: "delete_file", error: "disk is read-only" })];
    const model = scriptedModel(["Could not delete."]);
    const result = await run({ ...agentWith(model, readOnly), resume: json, decisions: { c2: { approve: true }, c3: { approve: false } } });
    expect(toolMessage(model.requests[0]!.messages.at(-1))[1]).toEqual({
      type: "tool-result",
      toolCallId: "c2",
      toolName: "delete_file",
      result: "Error (TOOL_EXECUTION_FAILED): disk is read-only",
      isError: true,
    });
    expect(result.toolCalls[1]).toMatchObject({ toolCallId: "c2", status: "error" });
  });

  it("keeps asking: a later call needing approval pauses the resumed run again, and a third process finishes it", async () => {
    const { json } = await pausedRun();
    const second = await resumed(json, { c2: { approve: true }, c3: { approve: true } }, [
      { toolCalls: [{ id: "c9", name: "delete_file", arguments: { path: "c.txt" } }] },
    ]);
    expect(second.result.stopReason).toBe("interrupted");
    expect(second.result.interruptions).toEqual([
      { id: "c9", kind: "approval", agentPath: "main", toolCallId: "c9", toolName: "delete_file", arguments: { path: "c.txt" } },
    ]);
    const third = await resumed(JSON.stringify(second.result.state), { c9: { approve: true } }, ["Deleted all three."]);
    expect(third.tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "c.txt" }]);
    expect(third.result.text).toBe("Deleted all three.");
    // The whole conversation went from process to process.
    expect(third.model.requests[0]!.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "tool"]);
    expect(third.result.toolCallCount).toBe(4);
  });

  it("a batch decided in parts waits until every held call is decided", async () => {
    const { json } = await pausedRun();
    const half = await resumed(json, { c2: { approve: true } });
    expect(half.result.stopReason).toBe("interrupted");
    expect(half.result.interruptions!.map((item) => item.id)).toEqual(["c3"]);
    expect(half.tools.search.calls).toHaveLength(0);
    expect(half.tools.deleteFile.calls).toHaveLength(0);
    expect(half.model.requests).toHaveLength(0);
    const done = await resumed(JSON.stringify(half.result.state), { c3: { approve: true } });
    expect(done.result.stopReason).toBe("completed");
    expect(done.tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "a.txt" }, { path: "b.txt" }]);
  });

  it("a decision for an unknown id rejects with INVALID_DECISIONS and leaves the state resumable", async () => {
    const { json } = await pausedRun();
    const tools = makeTools();
    const error = await run({
      ...agentWith(scriptedModel(["never"]), tools.all),
      resume: json,
      decisions: { c2: { approve: true }, c3: { approve: true }, zz: { approve: true } },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidDecisionsError);
    expect((error as InvalidDecisionsError).code).toBe("INVALID_DECISIONS");
    expect((error as Error).message).toContain("zz");
    expect(tools.search.calls).toHaveLength(0);
    expect(tools.deleteFile.calls).toHaveLength(0);

    const { result } = await resumed(json, { c2: { approve: true }, c3: { approve: true } });
    expect(result.stopReason).toBe("completed");
  });
});

describe("approvals: a stored run", () => {
  it("resume({ runId, storage, decisions }) continues it, and the conversation stored is the whole exchange", async () => {
    const storage = createMemoryStorage();
    const paused = await run({ ...agentWith(scriptedModel([firstTurn])), runId: "run-s", input: "Delete a.txt and b.txt", storage, conversationId: "conv" });
    expect(paused.stopReason).toBe("interrupted");
    expect(paused.persisted).toBe(true);

    const tools = makeTools();
    const result = await resume({
      ...agentWith(scriptedModel(["Deleted a.txt; kept b.txt."]), tools.all),
      runId: "run-s",
      storage,
      decisions: { c2: { approve: true }, c3: { approve: false, reason: "Not b." } },
    });
    expect(result.stopReason).toBe("completed");
    expect(result.persisted).toBe(true);
    expect(tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "a.txt" }]);

    const stored = (await storage.loadMessages("conv")).map(({ createdAt: _createdAt, ...message }) => ({
      ...message,
      parts: message.parts.map((part) => {
        const { tokens: _tokens, ...rest } = part as typeof part & { tokens?: unknown };
        return rest;
      }),
    }));
    expect(stored).toEqual([
      { conversationId: "conv", seq: 1, role: "user", parts: [{ type: "text", text: "Delete a.txt and b.txt" }], runId: "run-s", agentPath: "main" },
      {
        conversationId: "conv",
        seq: 2,
        role: "assistant",
        runId: "run-s",
        agentPath: "main",
        parts: [
          {
            type: "text",
            text: "Let me look, then delete it.",
            iteration: 1,
            reasoning: [{ type: "reasoning", text: "The user wants a.txt gone.", signature: "sig-1" }],
            toolCalls: pausedTurn.content.filter((part) => part.type === "tool-call"),
          },
          {
            type: "tool-results",
            results: [
              { type: "tool-result", toolCallId: "c1", toolName: "search", result: "results for a.txt" },
              { type: "tool-result", toolCallId: "c2", toolName: "delete_file", result: { deleted: "a.txt" } },
              { type: "tool-result", toolCallId: "c3", toolName: "delete_file", result: rejectionText("Not b."), isError: true },
            ],
          },
          { type: "text", text: "Deleted a.txt; kept b.txt.", iteration: 2 },
        ],
      },
    ]);
    expect(await storage.claimRun("run-s", { owner: "someone", leaseMs: 1000 })).toEqual({ claimed: false, reason: "finished" });
  });
});

describe("approvals: inside a sub-agent", () => {
  /** A tool that hands the task to a nested "cleaner" agent whose deletions need approval. */
  const cleanupTool = (nestedModel: ReturnType<typeof scriptedModel>, tools: ReturnType<typeof makeTools>, started: string[]): Tool => ({
    ...fakeTool({ name: "cleanup" }),
    execute: async (args: { task: string }, ctx) => {
      started.push(args.task);
      const nested = await ctx.runSubAgent({ name: "cleaner", input: args.task, tools: tools.all, provider: nestedModel, config });
      return nested.text;
    },
  });

  it("pauses the parent with the item's agent path; resumed, the sub-agent continues, then the parent, usage and counts merged once", async () => {
    const started: string[] = [];
    const tools = makeTools();
    const parent = scriptedModel([
      { toolCalls: [{ id: "p1", name: "cleanup", arguments: { task: "Delete old.txt." } }], usage: { inputTokens: 10, outputTokens: 1 } },
    ]);
    const nested = scriptedModel([
      { toolCalls: [{ id: "n1", name: "delete_file", arguments: { path: "old.txt" } }], usage: { inputTokens: 5, outputTokens: 1 } },
    ]);
    const paused = await run({ provider: parent, model: "m", input: "Tidy up.", tools: [cleanupTool(nested, tools, started)] });
    expect(paused.stopReason).toBe("interrupted");
    expect(paused.interruptions).toEqual([
      { id: "n1", kind: "approval", agentPath: "main/cleaner#1", toolCallId: "n1", toolName: "delete_file", arguments: { path: "old.txt" } },
    ]);
    expect(tools.deleteFile.calls).toHaveLength(0);

    const started2: string[] = [];
    const tools2 = makeTools();
    const parent2 = scriptedModel([{ text: "All tidy.", usage: { inputTokens: 20, outputTokens: 2 } }]);
    const nested2 = scriptedModel([{ text: "Deleted old.txt.", usage: { inputTokens: 7, outputTokens: 2 } }]);
    const result = await run({
      provider: parent2,
      model: "m",
      tools: [cleanupTool(nested2, tools2, started2)],
      resume: JSON.stringify(paused.state),
      decisions: { n1: { approve: true } },
    });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("All tidy.");
    // The cleanup tool ran again; its sub-agent went on from its held call (deleted once, its model asked only for its answer).
    expect(started2).toEqual(["Delete old.txt."]);
    expect(tools2.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "old.txt" }]);
    expect(nested2.requests).toHaveLength(1);
    expect(toolMessage(nested2.requests[0]!.messages.at(-1))).toEqual([
      { type: "tool-result", toolCallId: "n1", toolName: "delete_file", result: { deleted: "old.txt" } },
    ]);
    expect(toolMessage(parent2.requests[0]!.messages.at(-1))).toEqual([
      { type: "tool-result", toolCallId: "p1", toolName: "cleanup", result: "Deleted old.txt." },
    ]);
    expect(result.usage.calls.map((call) => [call.agentPath, call.iteration, call.inputTokens])).toEqual([
      ["main", 1, 10],
      ["main/cleaner#1", 1, 5],
      ["main/cleaner#1", 2, 7],
      ["main", 2, 20],
    ]);
    expect(result.usage.total).toMatchObject({ calls: 4, inputTokens: 42 });
    // The parent's cleanup call and the sub-agent's deletion.
    expect(result.toolCallCount).toBe(2);
  });
});
