import { describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import type { AgentConfig, Message } from "@baton/core";
import {
  APPROVAL_CUSTOM_KEY,
  ApprovalDecisionError,
  ApprovalStateError,
  parseApprovalState,
  pendingApproval,
  rejectionText,
  resumeInput,
  serializeApprovalState,
  withApprovals,
} from "../../src/approvals/index.js";
import { makeTools } from "./helpers.js";

const INSTRUCTIONS = "You manage files carefully.";
const config = withApprovals({}, { needsApproval: ["delete_file"] });

/** Process 1: the run that pauses. */
async function pausedRun() {
  const tools = makeTools();
  const model = scriptedModel([
    {
      reasoning: { text: "The user wants a.txt gone.", signature: "sig-1" },
      text: "Let me look, then delete it.",
      toolCalls: [
        { id: "c1", name: "search", arguments: { query: "a.txt" } },
        { id: "c2", name: "delete_file", arguments: { path: "a.txt" } },
        { id: "c3", name: "delete_file", arguments: { path: "b.txt" } },
      ],
    },
  ]);
  const result = await run({ provider: model, model: "m", runId: "run-1", instructions: INSTRUCTIONS, tools: tools.all, input: "Delete a.txt and b.txt", config });
  return { tools, model, result };
}

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

/** Process 2: a fresh model and fresh tools resume from the JSON. */
async function resumed(json: string, decisions: Parameters<typeof resumeInput>[1]) {
  const tools = makeTools();
  const model = scriptedModel(["All done."]);
  const input = await resumeInput(parseApprovalState(json), decisions, tools.all);
  const result = await run({ provider: model, model: "m", instructions: INSTRUCTIONS, tools: tools.all, input, config });
  return { tools, model, result, input };
}

describe("withApprovals: pausing", () => {
  it("ends the run before any call of the batch runs and records the pending calls", async () => {
    const { tools, model, result } = await pausedRun();
    expect(result.stopReason).toBe("awaiting_approval");
    expect(model.requests).toHaveLength(1);
    expect(tools.search.calls).toHaveLength(0);
    expect(tools.deleteFile.calls).toHaveLength(0);
    expect(result.toolCalls).toHaveLength(0);
    expect(result.toolCallCount).toBe(0);
    expect(result.custom[APPROVAL_CUSTOM_KEY]).toBeDefined();

    const state = pendingApproval(result);
    expect(state).toEqual({
      format: "baton.approval",
      version: 1,
      runId: "run-1",
      agentPath: "main",
      messages: [{ role: "user", content: [{ type: "text", text: "Delete a.txt and b.txt" }] }, pausedTurn],
      pendingCalls: [
        { toolCallId: "c2", toolName: "delete_file", arguments: { path: "a.txt" } },
        { toolCallId: "c3", toolName: "delete_file", arguments: { path: "b.txt" } },
      ],
    });
    const json = serializeApprovalState(result);
    expect(JSON.parse(json)).toEqual(state);
    expect(parseApprovalState(json)).toEqual(state);
  });

  it("lets batches without such calls run, and keeps earlier turns in the saved conversation", async () => {
    const tools = makeTools();
    const model = scriptedModel([
      { toolCalls: [{ id: "s1", name: "search", arguments: { query: "old files" } }] },
      { toolCalls: [{ id: "d1", name: "delete_file", arguments: { path: "old.txt" } }] },
    ]);
    const result = await run({ provider: model, model: "m", runId: "run-2", instructions: INSTRUCTIONS, tools: tools.all, input: "Clean up", config });
    expect(result.stopReason).toBe("awaiting_approval");
    expect(tools.search.calls.map((call) => call.args)).toEqual([{ query: "old files" }]);
    expect(tools.deleteFile.calls).toHaveLength(0);
    const state = pendingApproval(result)!;
    expect(state.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Clean up" }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "s1", toolName: "search", arguments: { query: "old files" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "s1", toolName: "search", result: "results for old files" }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "d1", toolName: "delete_file", arguments: { path: "old.txt" } }] },
    ]);
    expect(state.pendingCalls).toEqual([{ toolCallId: "d1", toolName: "delete_file", arguments: { path: "old.txt" } }]);
  });

  it("takes a check per call, and runs the wrapped config's processToolCalls first", async () => {
    const seen: string[] = [];
    const inner: AgentConfig = {
      processToolCalls: (calls) => {
        seen.push(...calls.map((call) => call.toolCallId));
        return false;
      },
    };
    const checked = withApprovals(inner, { needsApproval: (name, args) => name === "delete_file" && (args as { path: string }).path.startsWith("/") });
    const tools = makeTools();
    const model = scriptedModel([
      { toolCalls: [{ id: "a", name: "delete_file", arguments: { path: "tmp.txt" } }] },
      { toolCalls: [{ id: "b", name: "delete_file", arguments: { path: "/etc/hosts" } }] },
    ]);
    const result = await run({ provider: model, model: "m", tools: tools.all, input: "go", config: checked });
    expect(seen).toEqual(["a", "b"]);
    expect(tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "tmp.txt" }]);
    expect(result.stopReason).toBe("awaiting_approval");
    expect(pendingApproval(result)!.pendingCalls.map((call) => call.toolCallId)).toEqual(["b"]);
  });

  it("says so when a run did not pause for approval", async () => {
    const result = await run({ provider: scriptedModel(["Hi."]), model: "m", input: "hello", config });
    expect(result.stopReason).toBe("completed");
    expect(pendingApproval(result)).toBeUndefined();
    expect(() => serializeApprovalState(result)).toThrow(ApprovalStateError);
  });
});

describe("resumeInput: continuing in a fresh process", () => {
  it("approved calls run and the model reads their results", async () => {
    const json = serializeApprovalState((await pausedRun()).result);
    const { tools, model, result } = await resumed(json, { c2: { approve: true }, c3: { approve: true } });
    expect(tools.search.calls.map((call) => call.args)).toEqual([{ query: "a.txt" }]);
    expect(tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "a.txt" }, { path: "b.txt" }]);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.messages).toEqual([
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
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("All done.");
  });

  it("rejected calls never run and the model reads the refusal", async () => {
    const json = serializeApprovalState((await pausedRun()).result);
    const { tools, model, result } = await resumed(json, { c2: { approve: false, reason: "Keep it." }, c3: { approve: false } });
    expect(tools.deleteFile.calls).toHaveLength(0);
    expect(tools.search.calls).toHaveLength(1);
    const last = model.requests[0]!.messages.at(-1);
    expect(last).toEqual({
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "c1", toolName: "search", result: "results for a.txt" },
        { type: "tool-result", toolCallId: "c2", toolName: "delete_file", result: "The user rejected this tool call, so it was not run. Reason: Keep it.", isError: true },
        { type: "tool-result", toolCallId: "c3", toolName: "delete_file", result: rejectionText(), isError: true },
      ],
    });
    expect(result.stopReason).toBe("completed");
  });

  it("mixed decisions in one batch: only the approved call runs", async () => {
    const json = serializeApprovalState((await pausedRun()).result);
    const { tools, model } = await resumed(json, { c2: { approve: true }, c3: { approve: false, reason: "Not b." } });
    expect(tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "a.txt" }]);
    const results = (model.requests[0]!.messages.at(-1) as Extract<Message, { role: "tool" }>).content;
    expect(results.map((part) => [part.toolCallId, part.result, part.isError ?? false])).toEqual([
      ["c1", "results for a.txt", false],
      ["c2", { deleted: "a.txt" }, false],
      ["c3", "The user rejected this tool call, so it was not run. Reason: Not b.", true],
    ]);
  });

  it("keeps asking: a later call needing approval pauses the resumed run again", async () => {
    const json = serializeApprovalState((await pausedRun()).result);
    const tools = makeTools();
    const model = scriptedModel([{ toolCalls: [{ id: "c9", name: "delete_file", arguments: { path: "c.txt" } }] }]);
    const input = await resumeInput(json, { c2: { approve: true }, c3: { approve: true } }, tools.all);
    const result = await run({ provider: model, model: "m", runId: "run-1b", instructions: INSTRUCTIONS, tools: tools.all, input, config });
    expect(result.stopReason).toBe("awaiting_approval");
    const again = pendingApproval(result)!;
    expect(again.messages).toHaveLength(4);
    expect(again.messages.slice(0, 3)).toEqual(input);
    expect(again.pendingCalls).toEqual([{ toolCallId: "c9", toolName: "delete_file", arguments: { path: "c.txt" } }]);
  });

  it("turns a failing approved call into an error result, as the loop does", async () => {
    const json = serializeApprovalState((await pausedRun()).result);
    const input = await resumeInput(json, { c2: { approve: true }, c3: { approve: true } }, makeTools().all.filter((tool) => tool.name !== "search"));
    const results = (input.at(-1) as Extract<Message, { role: "tool" }>).content;
    expect(results[0]).toEqual({
      type: "tool-result",
      toolCallId: "c1",
      toolName: "search",
      result: 'Error (TOOL_NOT_FOUND): Unknown tool "search". Available tools: delete_file.',
      isError: true,
    });
  });

  it("a missing decision, an unknown call id or a malformed decision is a clear error", async () => {
    const json = serializeApprovalState((await pausedRun()).result);
    const tools = makeTools();
    const missing = await resumeInput(json, { c2: { approve: true } }, tools.all).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApprovalDecisionError);
    expect((missing as ApprovalDecisionError).missing).toEqual(["c3"]);
    expect((missing as ApprovalDecisionError).code).toBe("INVALID_APPROVAL_STATE");
    expect((missing as Error).message).toBe('Cannot resume run "run-1": no decision for pending call c3 (delete_file). Pending calls: c2, c3.');

    const unknown = await resumeInput(json, { c2: { approve: true }, c3: { approve: true }, zz: { approve: true } }, tools.all).catch((error: unknown) => error);
    expect((unknown as ApprovalDecisionError).unknown).toEqual(["zz"]);
    expect((unknown as Error).message).toContain("decision for zz, which is not pending");

    const malformed = await resumeInput(json, { c2: { approve: true }, c3: { approve: "yes" } as never }, tools.all).catch((error: unknown) => error);
    expect((malformed as Error).message).toContain('the decision for c3 must be { approve: true } or { approve: false, reason?: string }, got {"approve":"yes"}');
    expect(tools.search.calls).toHaveLength(0);
    expect(tools.deleteFile.calls).toHaveLength(0);
  });
});

describe("parseApprovalState", () => {
  const valid = () => JSON.parse(serializeApprovalState(pendingApprovalFixture())) as Record<string, unknown>;

  it("names the bad field", () => {
    const bad = { ...valid(), pendingCalls: [{ toolCallId: 5, toolName: "delete_file", arguments: {} }] };
    const error = (() => {
      try {
        parseApprovalState(bad);
      } catch (caught) {
        return caught as ApprovalStateError;
      }
      throw new Error("no error");
    })();
    expect(error).toBeInstanceOf(ApprovalStateError);
    expect(error.issues).toEqual(["pendingCalls[0].toolCallId: Invalid input: expected string, received number"]);
    expect(error.message).toContain("pendingCalls[0].toolCallId");
  });

  it("checks that the pending calls are calls of the last assistant turn", () => {
    const bad = { ...valid(), pendingCalls: [{ toolCallId: "nope", toolName: "delete_file", arguments: {} }] };
    expect(() => parseApprovalState(bad)).toThrow(/pendingCalls\[0\]\.toolCallId: "nope" is not a tool call of the last assistant message/);
    const messages = valid()["messages"] as unknown[];
    expect(() => parseApprovalState({ ...valid(), messages: messages.slice(0, 1) })).toThrow(/messages\[0\]: The last message must be the assistant turn/);
    expect(() => parseApprovalState({ ...valid(), messages: [{ role: "robot", content: "" }, ...messages] })).toThrow(/messages\[0\]\.role/);
  });

  it("refuses a newer version, a missing version, another format and text that is not JSON", () => {
    expect(() => parseApprovalState({ ...valid(), version: 2 })).toThrow(/written by a newer version of @baton\/agents \(format version 2\); this version reads versions 1 to 1/);
    const { version: _version, ...unversioned } = valid();
    expect(() => parseApprovalState(unversioned)).toThrow(ApprovalStateError);
    expect(() => parseApprovalState({ ...valid(), format: "other" })).toThrow(/This is not an approval state/);
    expect(() => parseApprovalState("{oops")).toThrow(/not valid JSON/);
    expect(() => parseApprovalState("[]")).toThrow(/must be a JSON object/);
  });
});

function pendingApprovalFixture() {
  return {
    format: "baton.approval" as const,
    version: 1 as const,
    runId: "r",
    agentPath: "main",
    messages: [
      { role: "user" as const, content: [{ type: "text" as const, text: "hi" }] },
      { role: "assistant" as const, content: [{ type: "tool-call" as const, toolCallId: "x", toolName: "delete_file", arguments: { path: "p" } }] },
    ],
    pendingCalls: [{ toolCallId: "x", toolName: "delete_file", arguments: { path: "p" } }],
  };
}

describe("resumeInput: the tool's own checks", () => {
  it("validates the saved arguments with the tool's schema before running it", async () => {
    const { defineTool } = await import("@baton/tools");
    const { z } = await import("zod");
    let ran = 0;
    const deleteFile = defineTool({
      name: "delete_file",
      description: "Deletes a file.",
      parameters: z.object({ path: z.string() }),
      execute: () => {
        ran++;
        return "deleted";
      },
    });
    const state = parseApprovalState({
      format: "baton.approval",
      version: 1,
      runId: "r",
      agentPath: "main",
      messages: [
        { role: "user", content: [{ type: "text", text: "hi" }] },
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "x", toolName: "delete_file", arguments: { path: 5 } }] },
      ],
      pendingCalls: [{ toolCallId: "x", toolName: "delete_file", arguments: { path: 5 } }],
    });
    const input = await resumeInput(state, { x: { approve: true } }, [deleteFile]);
    const part = (input.at(-1) as Extract<Message, { role: "tool" }>).content[0]!;
    expect(ran).toBe(0);
    expect(part.isError).toBe(true);
    expect(String(part.result)).toMatch(/^Error \(TOOL_INVALID_ARGUMENTS\): Invalid arguments for tool "delete_file": /);
  });
});
