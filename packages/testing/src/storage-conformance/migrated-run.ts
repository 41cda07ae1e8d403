import { RunClaimLostError, type Storage } from "@baton/core";
import { expect } from "vitest";
import { expectRejectionOf } from "./expect-error.js";
import { checkpoint, journalEntry } from "./sample-data.js";

const LEASE = 60_000;

/**
 * Checks a storage just migrated from a schema without fencing tokens, holding run
 * `r1` claimed by `w1` with `sampleRunState("r1")` as its checkpoint (as the adapter's
 * own test wrote it): the run's holder goes on with token 1 (its claim, journal and
 * checkpoint writes pass), a takeover gets token 2, and the old holder's next write
 * is refused with a `RunClaimLostError`, leaving the journal as it was.
 *
 * @example
 * await writeVersion1File(file); // r1, claimed by w1
 * const storage = createSqliteStorage({ path: file });
 * await expectFencingAfterMigration(storage);
 */
export async function expectFencingAfterMigration(storage: Storage): Promise<void> {
  expect(await storage.claimRun("r1", { owner: "w1", leaseMs: LEASE, now: 10 })).toEqual({ claimed: true, token: 1, checkpoint: checkpoint("r1") });
  await storage.writeToolJournal([journalEntry("r1", "call-1")], { runId: "r1", owner: "w1", token: 1 });
  await storage.saveCheckpoint(checkpoint("r1", { root: { iteration: 2 } }), { owner: "w1", token: 1, leaseMs: LEASE, now: 11 });
  expect(await storage.claimRun("r1", { owner: "w2", leaseMs: LEASE, now: 11 + LEASE })).toMatchObject({ claimed: true, token: 2, previousOwner: "w1" });
  await expectRejectionOf(storage.writeToolJournal([journalEntry("r1", "call-2")], { runId: "r1", owner: "w1", token: 1 }), RunClaimLostError);
  expect(await storage.loadToolJournal("r1")).toEqual([journalEntry("r1", "call-1")]);
}
