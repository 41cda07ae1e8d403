import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RUN_STATE_FORMAT, RUN_STATE_VERSION, createAgentState, type RunCheckpoint } from "@baton/core";
import { createSqliteStorage } from "../src/index.js";

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "baton-sqlite-persist-"));
  file = join(dir, "nested name with spaces.db");
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const checkpoint: RunCheckpoint = {
  format: RUN_STATE_FORMAT,
  version: RUN_STATE_VERSION,
  runId: "r1",
  agentPath: "main",
  status: "running",
  conversation: { id: "c1", throughSeq: 1 },
  root: {
    ...createAgentState({ runId: "r1", agentPath: "main", model: "m", messages: [], toolCallLimit: 25, maxIterations: 10 }),
    iteration: 1,
    added: [{ role: "assistant", content: [{ type: "text", text: "hello" }] }],
    custom: { z: 1, a: 0.1 + 0.2, big: 2 ** 53 - 1 },
  },
  savedAt: 1_700_000_000_000,
};

describe("a SQLite file", () => {
  it("keeps everything across close and reopen", async () => {
    const first = createSqliteStorage({ path: file });
    await first.appendMessages("c1", [{ role: "user", parts: [{ type: "text", text: "hi" }], userId: "u1" }]);
    expect(await first.claimRun("r1", { owner: "w1", leaseMs: 60_000 })).toEqual({ claimed: true, token: 1 });
    await first.saveCheckpoint(checkpoint, { owner: "w1", token: 1, leaseMs: 60_000 });
    await first.saveSessionState("s", { step: 2 });
    await first.archiveToolOutput({ id: "a1", toolName: "t", toolCallId: "tc", result: { rows: [1, 2] } });
    await first.saveSummary("c1", { text: "sum", throughSeq: 1, createdAt: 5 });
    await first.recordUsage([
      {
        runId: "r1",
        model: "m",
        agentPath: "main",
        iteration: 1,
        inputTokens: 1,
        outputTokens: 2,
        cachedInputTokens: 0,
        reasoningTokens: 0,
        tools: [],
        recordedAt: 10,
      },
    ]);
    await first.close();

    const second = createSqliteStorage({ path: file });
    const [message] = await second.loadMessages("c1");
    expect(message).toMatchObject({ conversationId: "c1", seq: 1, role: "user", userId: "u1", parts: [{ type: "text", text: "hi" }] });
    const loaded = await second.loadCheckpoint("r1");
    expect(loaded).toEqual(checkpoint);
    expect(Object.keys(loaded?.root.custom ?? {})).toEqual(["z", "a", "big"]);
    expect((await second.claimRun("r1", { owner: "w2", leaseMs: 1 })).claimed).toBe(false);
    expect(await second.loadSessionState("s")).toMatchObject({ value: { step: 2 }, version: 1 });
    expect((await second.loadToolOutput("a1"))?.result).toEqual({ rows: [1, 2] });
    expect(await second.loadSummary("c1")).toEqual({ text: "sum", throughSeq: 1, createdAt: 5 });
    expect(await second.queryUsage({ runId: "r1" })).toHaveLength(1);
    expect(await second.appendMessages("c1", [{ role: "user", parts: [] }])).toEqual({ firstSeq: 2, version: 2 });
    await second.close();
  });
});
