/**
 * A data policy applied at write time, proven on the real databases: an agent runs
 * through the loop with the deep-research policy (only research tools' calls and
 * results are stored), and every table is read directly — in the middle of the tool
 * batch (when a checkpoint holds the batch's finished results) and after the run.
 */
import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import pg from "pg";
import type { DataPolicy, Storage, Tool } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { newIds, openPostgresBackend, openSqliteBackend, POSTGRES_URL, probePostgres, waitFor, type Backend } from "./durability-harness.js";

const RESEARCH_TOOLS = new Set(["researcher_agent", "report_generation"]);
const DEEP_RESEARCH_POLICY: DataPolicy = {
  storeText: true,
  storeToolCalls: true,
  storeToolResults: true,
  filterToolCalls: (name) => RESEARCH_TOOLS.has(name),
  filterToolResults: (name) => RESEARCH_TOOLS.has(name),
};

/** Every row of every Baton table, read with a connection of its own. */
async function rawDump(backend: Backend): Promise<string> {
  if (backend.child.kind === "sqlite") {
    const db = new Database(backend.child.path, { readonly: true });
    try {
      const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all();
      return JSON.stringify(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}"`).all()]));
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: backend.child.connectionString });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = $1", [
      backend.child.schema,
    ]);
    const rows = [];
    for (const { table_name } of tables.rows) rows.push([table_name, (await client.query(`SELECT * FROM "${backend.child.schema}"."${table_name}"`)).rows]);
    return JSON.stringify(rows);
  } finally {
    await client.end();
  }
}

function policyTest(open: () => Backend | Promise<Backend>) {
  it("never writes what the policy excludes — not in the conversation, the checkpoints (mid-batch included) or the usage", async () => {
    const backend = await open();
    try {
      const ids = newIds("policy");
      const storage: Storage = backend.storage;
      let midBatch = "";
      let memoryDone: () => void = () => undefined;
      const memoryFinished = new Promise<void>((resolve) => (memoryDone = resolve));
      const tools: Tool[] = [
        {
          name: "memory_lookup",
          description: "Private memory.",
          parameters: { type: "object", properties: {} },
          execute: () => (memoryDone(), "SECRET-memory-result"),
        },
        // Finishes after memory_lookup: once its (kept) result is in a checkpoint, memory_lookup's checkpoint was written before it.
        {
          name: "report_generation",
          description: "Drafts.",
          parameters: { type: "object", properties: {} },
          execute: async () => (await memoryFinished, "KEPT-draft"),
        },
        {
          name: "researcher_agent",
          description: "Researches.",
          parameters: { type: "object", properties: {} },
          execute: async () => {
            // Wait until the other two finished and their checkpoints landed, then read the raw database.
            await waitFor("report_generation in the checkpoint", async () =>
              (await storage.loadCheckpoint(ids.runId))?.root.batch?.calls.some((call) => call.call.toolName === "report_generation" && call.status === "done")
                ? true
                : undefined,
            );
            midBatch = await rawDump(backend);
            return "KEPT-research-findings";
          },
        },
      ];
      const provider = scriptedModel([
        {
          text: "Let me research.",
          toolCalls: [
            { id: "call_mem", name: "memory_lookup", arguments: { who: "SECRET-memory-args" } },
            { id: "call_rep", name: "report_generation", arguments: {} },
            { id: "call_res", name: "researcher_agent", arguments: { topic: "KEPT-topic" } },
          ],
        },
        "KEPT-final-report",
      ]);
      const result = await run({
        provider,
        model: "m",
        input: "KEPT-question",
        tools,
        storage,
        runId: ids.runId,
        conversationId: ids.conversationId,
        config: { dataPolicy: DEEP_RESEARCH_POLICY },
      });
      expect(result.stopReason).toBe("completed");
      expect(result.persisted).toBe(true);
      const after = await rawDump(backend);
      for (const dump of [midBatch, after]) {
        expect(dump).toContain("KEPT-topic");
        expect(dump.match(/SECRET-[a-z-]+/g)).toBeNull();
        expect(dump).not.toContain("memory_lookup");
      }
      expect(midBatch).toContain("KEPT-draft");
      expect(midBatch).not.toContain("KEPT-research-findings");
      for (const kept of ["KEPT-question", "KEPT-research-findings", "KEPT-final-report"]) expect(after).toContain(kept);
    } finally {
      await backend.close();
    }
  }, 30_000);
}

describe("data policy on SQLite, read from the file", () => policyTest(openSqliteBackend));

const postgres = await probePostgres();
if (postgres.ok) {
  describe("data policy on PostgreSQL, read with SQL", () => policyTest(openPostgresBackend));
} else if (process.env.CI) {
  describe("data policy on PostgreSQL", () => {
    it("needs PostgreSQL when CI is set", () => {
      throw new Error(`PostgreSQL is unreachable (${postgres.reason} at ${POSTGRES_URL.replace(/\/\/[^@/]*@/, "//")}); this test is required in CI.`);
    });
  });
} else {
  console.warn(`[durability] Skipping the PostgreSQL data-policy test: PostgreSQL is unreachable (${postgres.reason}).`);
  describe.skip("data policy on PostgreSQL (PostgreSQL unreachable)", () => it("is skipped", () => undefined));
}
