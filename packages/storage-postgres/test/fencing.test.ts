import { RunClaimLostError, type NewConversationMessage } from "@baton/core";
import { expectRejectionOf, sampleRunState } from "@baton/testing/storage-conformance";
import { expect, it } from "vitest";
import { createPostgresStorage } from "../src/index.js";
import { CONNECTION_STRING, adminClient, describePostgres, dropSchemasAfterAll, uniqueSchema } from "./support/postgres.js";

const hello: NewConversationMessage = { role: "user", parts: [{ type: "text", text: "hello" }] };
const LEASE = 60_000;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fence check and the write are one statement that share-locks the run's row: these
 * tests hold locks from another connection to stop each side at the worst moment.
 */
describePostgres("fencing on PostgreSQL", () => {
  const track = dropSchemasAfterAll();

  it("a write that waited for a takeover in progress sees the new token and writes nothing", async () => {
    const schema = track(uniqueSchema());
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, max: 3 });
    const admin = await adminClient();
    try {
      await storage.claimRun("r", { owner: "a", leaseMs: 0, now: 0 });
      // A takeover, not yet committed: it holds the run's row.
      await admin.query("BEGIN");
      await admin.query(`UPDATE "${schema}".baton_runs SET owner = 'b', token = token + 1 WHERE id = 'r'`);
      const append = storage.appendMessages("c", [hello], { fence: { runId: "r", owner: "a", token: 1 } });
      await pause(300);
      await admin.query("COMMIT");
      const error = await expectRejectionOf(append, RunClaimLostError);
      expect(error).toMatchObject({ runId: "r", owner: "a", heldBy: "b" });
      expect(await storage.loadMessages("c")).toEqual([]);
    } finally {
      await admin.query("ROLLBACK").catch(() => undefined);
      await admin.end();
      await storage.close();
    }
  });

  it("a takeover that waited for the old owner's checkpoint returns that checkpoint (the new owner resumes from it, not from the start)", async () => {
    const schema = track(uniqueSchema());
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, max: 4 });
    const admin = await adminClient();
    try {
      await storage.claimRun("r", { owner: "a", leaseMs: 0, now: 0 });
      // Another transaction holds the run's row: the old owner's checkpoint (its lease already over) waits, and the takeover behind it.
      await admin.query("BEGIN");
      await admin.query(`SELECT 1 FROM "${schema}".baton_runs WHERE id = 'r' FOR UPDATE`);
      const saved = storage.saveCheckpoint(sampleRunState("r", { savedAt: 5 }), { owner: "a", token: 1, leaseMs: 0, now: 0 });
      await pause(200);
      const claim = storage.claimRun("r", { owner: "b", leaseMs: LEASE, now: 1 });
      await pause(300);
      await admin.query("COMMIT");
      await saved;
      const claimed = await claim;
      expect(claimed).toMatchObject({ claimed: true, token: 2, previousOwner: "a" });
      expect(claimed.claimed && claimed.checkpoint).toMatchObject({ runId: "r", savedAt: 5 });
      await expectRejectionOf(storage.saveCheckpoint(sampleRunState("r", { savedAt: 6 }), { owner: "a", token: 1, leaseMs: 0, now: 2 }), RunClaimLostError);
    } finally {
      await admin.query("ROLLBACK").catch(() => undefined);
      await admin.end();
      await storage.close();
    }
  });

  it("a takeover waits for a fenced write that passed its check: the write lands whole, then the claim gets the next token", async () => {
    const schema = track(uniqueSchema());
    const storage = await createPostgresStorage({ connectionString: CONNECTION_STRING, schema, max: 3 });
    const admin = await adminClient();
    try {
      await storage.appendMessages("c", [hello]);
      await storage.claimRun("r", { owner: "a", leaseMs: 0, now: 0 });
      // Another transaction holds the conversation's row: the fenced append has share-locked the run's row and waits.
      await admin.query("BEGIN");
      await admin.query(`SELECT 1 FROM "${schema}".baton_conversations WHERE id = 'c' FOR UPDATE`);
      const order: string[] = [];
      const append = storage.appendMessages("c", [hello, hello], { fence: { runId: "r", owner: "a", token: 1 } }).then((result) => {
        order.push("append");
        return result;
      });
      await pause(200);
      const claim = storage.claimRun("r", { owner: "b", leaseMs: LEASE, now: 1 }).then((result) => {
        order.push("claim");
        return result;
      });
      await pause(300);
      expect(order).toEqual([]);
      await admin.query("COMMIT");
      expect(await append).toEqual({ firstSeq: 2, version: 3 });
      expect(await claim).toMatchObject({ claimed: true, token: 2, previousOwner: "a" });
      expect(order).toEqual(["append", "claim"]);
      await expectRejectionOf(storage.appendMessages("c", [hello], { fence: { runId: "r", owner: "a", token: 1 } }), RunClaimLostError);
      expect(await storage.loadMessages("c")).toHaveLength(3);
    } finally {
      await admin.query("ROLLBACK").catch(() => undefined);
      await admin.end();
      await storage.close();
    }
  });
});
