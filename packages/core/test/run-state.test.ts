import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RUN_STATE_FORMAT, RUN_STATE_VERSION, RunStateError, StorageCorruptionError } from "../src/index.js";
import { parseRunState, serializeRunState } from "../src/run-state/index.js";
import { checkRunCheckpoint } from "../src/storage-kit/index.js";

const FIXTURES = new URL("./fixtures/run-state/", import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), "utf8");

describe("run state fixtures: every published format stays loadable", () => {
  it("has a frozen fixture for every format this Baton reads", () => {
    expect(readdirSync(FIXTURES).sort()).toEqual(["approval-state.v1.json", "run-state.v2.json", "run-state.v3.json"]);
  });

  it("format 3 (current): a run paused inside a nested run's batch, read as written", () => {
    const text = fixture("run-state.v3.json");
    const state = parseRunState(text);
    expect(state).toEqual(JSON.parse(text));
    expect(state).toMatchObject({ format: RUN_STATE_FORMAT, version: RUN_STATE_VERSION, runId: "run-v3", status: "interrupted" });
    const calls = state.root.batch!.calls;
    expect(calls.map((call) => [call.call.toolCallId, call.status])).toEqual([
      ["call_search_1", "done"],
      ["call_clean_1", "interrupted"],
    ]);
    const nested = calls[1]!.subRuns![0]!;
    expect(nested).toMatchObject({ agentPath: "main/cleaner#1", status: "interrupted", step: "tools" });
    expect(nested.batch!.calls[0]).toMatchObject({ status: "awaiting", waitingFor: { kind: "approval", payload: { reason: "deletes a file" } } });
    expect(state.root.custom).toEqual({ retries: 0 });
  });

  it("format 2 (run checkpoint): upgraded to an open batch whose finished call keeps its result and whose other call runs again", () => {
    const state = parseRunState(fixture("run-state.v2.json"));
    expect(state).toMatchObject({
      format: RUN_STATE_FORMAT,
      version: 3,
      runId: "run-v2",
      agentPath: "main",
      status: "running",
      conversation: { id: "conv-1", throughSeq: 1 },
      historyInStorage: true,
    });
    expect(state.root).toMatchObject({ step: "tools", iteration: 1, toolCallCount: 0, lastText: "Looking.", custom: { retries: 0 }, turnIterations: [1] });
    expect(state.root.messages).toEqual([]);
    expect(state.root.added).toHaveLength(1);
    expect(state.root.batch!.calls.map((call) => [call.call.toolCallId, call.status, call.outcome?.result])).toEqual([
      ["call_fast", "done", 'fast {"n":1}'],
      ["call_slow", "pending", undefined],
    ]);
    expect(state.root.batch).toMatchObject({ usageRecorded: false, decided: true, usage: { inputTokens: 10, outputTokens: 5, iteration: 1 } });
  });

  it("approval state 1 (@baton/agents): upgraded to a run paused with its calls awaiting approval", () => {
    const state = parseRunState(fixture("approval-state.v1.json"));
    expect(state).toMatchObject({ format: RUN_STATE_FORMAT, version: 3, runId: "0f3c2a9e-6b1d-4c57-9a0e-2d8f4b7c1e55", status: "interrupted" });
    expect(state.root.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Please delete report.txt." }] }]);
    expect(state.root.added[0]).toMatchObject({ role: "assistant" });
    expect(state.root.batch!.calls).toEqual([
      {
        call: { type: "tool-call", toolCallId: "call_del_1", toolName: "delete_file", arguments: { path: "report.txt" } },
        status: "awaiting",
        waitingFor: { kind: "approval" },
      },
    ]);
    // The run that paused accounted the turn's usage: nothing is recorded again.
    expect(state.root.batch!.usageRecorded).toBe(true);
  });
});

describe("parseRunState", () => {
  it("round-trips a state through serializeRunState, which writes exactly what JSON.stringify writes", () => {
    const state = parseRunState(fixture("run-state.v3.json"));
    expect(parseRunState(serializeRunState(state))).toEqual(state);
    expect(serializeRunState(state)).toBe(JSON.stringify(state));
    // Again, from the cache of message JSON, after a new message: still the same text.
    state.root.added.push({ role: "assistant", content: [{ type: "text", text: 'quotes " and \u0001baton-messages-0' }] });
    expect(serializeRunState(state)).toBe(JSON.stringify(state));
    const custom = { ...state, root: { ...state.root, custom: { messages: ["not", "an", "agent's"] } } };
    expect(serializeRunState(custom)).toBe(JSON.stringify(custom));
  });

  it("refuses what is not a run state, naming why", () => {
    expect(() => parseRunState("{not json")).toThrow(/not valid JSON/);
    expect(() => parseRunState("[]")).toThrow(/must be a JSON object/);
    expect(() => parseRunState({ format: "other", version: 3 })).toThrow(/format: expected "baton.run-state", got "other"/);
    expect(() => parseRunState({ format: RUN_STATE_FORMAT })).toThrow(/version: expected 3, got nothing/);
    try {
      parseRunState({ format: RUN_STATE_FORMAT, version: 3 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RunStateError);
      expect((error as RunStateError).code).toBe("INVALID_RUN_STATE");
    }
  });

  it("refuses a state written by a newer Baton, saying to upgrade", () => {
    const newer = { ...JSON.parse(fixture("run-state.v3.json")), version: 4 };
    expect(() => parseRunState(newer)).toThrow(/written by a newer Baton \(format version 4\).*Upgrade Baton/s);
  });

  it("names every bad field with its path, down to nested runs", () => {
    // Deliberately invalid values, so the state is handled as plain JSON.
    const state = JSON.parse(fixture("run-state.v3.json")) as {
      root: { iteration: unknown; batch: { calls: { status: unknown; subRuns: { messages: unknown }[] }[] } };
    };
    state.root.iteration = "two";
    state.root.batch.calls[0]!.status = "stuck";
    state.root.batch.calls[1]!.subRuns[0]!.messages = [{ role: "robot" }];
    try {
      parseRunState(state);
      expect.unreachable();
    } catch (error) {
      expect((error as RunStateError).issues).toEqual([
        'root.iteration: expected a number, got "two"',
        'root.batch.calls[0].status: expected one of "pending", "awaiting", "interrupted", "done", got "stuck"',
        'root.batch.calls[1].subRuns[0].messages[0].role: expected one of "system", "user", "assistant", "tool", got "robot"',
        "root.batch.calls[1].subRuns[0].messages[0].content: expected an array, got nothing",
      ]);
    }
  });

  it("a stored checkpoint that does not parse is a StorageCorruptionError naming the record", () => {
    expect(() => checkRunCheckpoint({ format: RUN_STATE_FORMAT, version: 3 }, 'run "r1" checkpoint')).toThrow(StorageCorruptionError);
    expect(() => checkRunCheckpoint({ format: RUN_STATE_FORMAT, version: 3 }, 'run "r1" checkpoint')).toThrow(/run "r1" checkpoint/);
    expect(checkRunCheckpoint(JSON.parse(fixture("run-state.v2.json")), "r")).toMatchObject({ version: 3 });
  });
});
