import { afterEach, beforeEach, describe } from "vitest";
import type { CreateStorageHarness, StorageHarness } from "./harness.js";
import { conversationTests } from "./conversation-tests.js";
import { runTests } from "./run-tests.js";
import { stateTests } from "./state-tests.js";
import { usageTests } from "./usage-tests.js";
import { retentionTests } from "./retention-tests.js";
import { corruptionTests } from "./corruption-tests.js";
import { policyTests } from "./policy-tests.js";
import { upgradeTests } from "./upgrade-tests.js";
import { lifecycleTests } from "./lifecycle-tests.js";
import { fencingTests } from "./fencing-tests.js";
import { journalTests } from "./journal-tests.js";
import { checkpointWithJournalTests } from "./checkpoint-with-journal-tests.js";

export type { CorruptionTarget, CreateStorageHarness, Garbage, StorageHarness } from "./harness.js";
/** A journal entry as the suite writes it (`sampleJournalEntry(runId, toolCallId, overrides)`), for an adapter's own journal tests. */
export { journalEntry as sampleJournalEntry } from "./sample-data.js";
export { expectErrorOf, expectRejectionOf, expectThrownOf, type ErrorClass } from "./expect-error.js";
export { expectFencingAfterMigration } from "./migrated-run.js";
/** The run state the suite saves (`sampleRunState(runId, { agentPath, root: { iteration } })`), for an adapter's own checkpoint tests. */
export { checkpoint as sampleRunState, type CheckpointOverrides as SampleRunStateOverrides } from "./sample-data.js";

/**
 * The storage conformance suite: every behaviour of the `Storage` contract, run
 * against one adapter on its real database. Call it from a vitest test file; each
 * test gets a fresh harness.
 *
 * @example
 * describeStorageConformance("sqlite", async () => {
 *   const file = join(tmpdir(), `baton-${randomUUID()}.db`);
 *   const storage = createSqliteStorage({ path: file });
 *   return { storage, openAnother: ..., dump: ..., corrupt: ..., writeRaw: ..., close: ... };
 * });
 */
export function describeStorageConformance(name: string, createHarness: CreateStorageHarness): void {
  describe(`storage conformance: ${name}`, () => {
    let harness: StorageHarness | undefined;
    const current = (): StorageHarness => {
      if (!harness) throw new Error("The storage harness was not created.");
      return harness;
    };
    beforeEach(async () => {
      harness = await createHarness();
    });
    afterEach(async () => {
      await harness?.close();
      harness = undefined;
    });
    describe("conversations", () => conversationTests(current));
    describe("runs", () => runTests(current));
    describe("fencing", () => fencingTests(current));
    describe("tool-call journal", () => journalTests(current));
    describe("checkpoint with journal in one call", () => checkpointWithJournalTests(current));
    describe("session state, archives, summaries", () => stateTests(current));
    describe("usage", () => usageTests(current));
    describe("retention", () => retentionTests(current));
    describe("corrupt data", () => corruptionTests(current));
    describe("older formats", () => upgradeTests(current));
    describe("data policies", () => policyTests(current));
    describe("closing", () => lifecycleTests(current));
  });
}
