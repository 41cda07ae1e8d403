import type { RunCheckpoint } from "@baton/core";
import { sampleRunState } from "@baton/testing/storage-conformance";
import { expect, it } from "vitest";
import { createPostgresStorage } from "../src/index.js";
import { CONNECTION_STRING, adminClient, describePostgres, dropSchemasAfterAll, uniqueSchema } from "./support/postgres.js";

const state = (agentPath: string, iteration: number): RunCheckpoint => sampleRunState("r1", { agentPath, savedAt: iteration, root: { iteration } });

describePostgres("run checkpoints", () => {
  const track = dropSchemasAfterAll();

  it("keeps one checkpoint row per run; of an earlier release's rows per agent, reads the root's and a save drops the rest", async () => {
    const schema = track(uniqueSchema());
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, max: 2 });
    const admin = await adminClient();
    const table = `"${schema}".baton_checkpoints`;
    const rows = async (): Promise<string[]> =>
      (await admin.query<{ agent_path: string }>(`SELECT agent_path FROM ${table} WHERE run_id = 'r1' ORDER BY agent_path`)).rows.map((row) => row.agent_path);
    try {
      await storage.claimRun("r1", { owner: "w1", leaseMs: 60_000, now: 0 });
      await storage.saveCheckpoint(state("main", 1), { owner: "w1", token: 1, leaseMs: 60_000, now: 0 });
      // What an earlier release left: a row for a nested agent too.
      await admin.query(`INSERT INTO ${table} (run_id, agent_path, data) VALUES ('r1', $1, $2)`, [
        "main/researcher#1",
        JSON.stringify(state("main/researcher#1", 7)),
      ]);
      expect(await storage.loadCheckpoint("r1")).toEqual(state("main", 1));
      expect(await storage.claimRun("r1", { owner: "w1", leaseMs: 60_000, now: 1 })).toEqual({ claimed: true, token: 1, checkpoint: state("main", 1) });
      await storage.saveCheckpoint(state("main", 2), { owner: "w1", token: 1, leaseMs: 60_000, now: 2 });
      expect(await rows()).toEqual(["main"]);
      await storage.saveCheckpoint(state("triage", 3), { owner: "w1", token: 1, leaseMs: 60_000, now: 3 });
      expect(await rows()).toEqual(["triage"]);
      expect(await storage.loadCheckpoint("r1")).toEqual(state("triage", 3));
    } finally {
      await admin.end();
      await storage.close();
    }
  });
});
