import { describe, expect, it } from "vitest";
import { StorageCorruptionError } from "../errors/index.js";
import { RECORD_NAMES, readMessageColumns, readMessageJson, readSummary, readUsageRecord, rootCheckpointPath, storedSummary } from "./stored-records.js";

function corruption(read: () => unknown): { record: string; reason: string } | undefined {
  try {
    read();
    return undefined;
  } catch (error) {
    return StorageCorruptionError.isInstance(error) ? { record: error.record, reason: error.reason } : undefined;
  }
}

describe("stored records", () => {
  it("reads a message kept as columns, leaving out the absent envelope fields", () => {
    const row = { seq: 2, role: "user", parts: '[{"type":"text","text":"hi"}]', runId: "r1", agentPath: null, userId: null, createdAt: 5 };
    expect(readMessageColumns("c1", row)).toEqual({
      conversationId: "c1",
      seq: 2,
      role: "user",
      parts: [{ type: "text", text: "hi" }],
      runId: "r1",
      createdAt: 5,
    });
    expect(corruption(() => readMessageColumns("c1", { ...row, parts: "[{" }))).toMatchObject({
      record: 'conversation "c1" message 2',
      reason: expect.stringMatching(/^not valid JSON/),
    });
  });

  it("reads a message kept as one JSON object, keeping only the known fields", () => {
    const text = JSON.stringify({ role: "assistant", parts: [], userId: "u1", createdAt: 7, extra: true });
    expect(readMessageJson("c1", 3, text)).toEqual({ conversationId: "c1", seq: 3, role: "assistant", parts: [], userId: "u1", createdAt: 7 });
    expect(corruption(() => readMessageJson("c1", 3, "[]"))).toEqual({ record: 'conversation "c1" message 3', reason: "the record is not an object" });
  });

  it("picks the root agent's checkpoint among several agent paths", () => {
    expect(rootCheckpointPath(["main/researcher#2", "main", "main/researcher#1"])).toBe("main");
    expect(rootCheckpointPath([])).toBeUndefined();
  });

  it("writes a summary with its creation time, and reads it back checked", () => {
    expect(storedSummary({ text: "s", throughSeq: 4 }, 100)).toEqual({ text: "s", throughSeq: 4, createdAt: 100 });
    expect(storedSummary({ text: "s", throughSeq: 4, createdAt: 50 }, 100)).toEqual({ text: "s", throughSeq: 4, createdAt: 50 });
    expect(corruption(() => readSummary("c1", '{"text":"s"}'))).toEqual({ record: 'summary of conversation "c1"', reason: 'field "throughSeq" is missing' });
  });

  it("names every kind of record the same way in every adapter", () => {
    expect([RECORD_NAMES.checkpoint("r1", "main"), RECORD_NAMES.session("k"), RECORD_NAMES.toolOutput("a1"), RECORD_NAMES.usage(7)]).toEqual([
      'run "r1" checkpoint "main"',
      'session "k"',
      'tool output "a1"',
      "usage record 7",
    ]);
    expect(corruption(() => readUsageRecord(7, "{}"))?.record).toBe("usage record 7");
  });
});
