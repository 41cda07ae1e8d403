import { RUN_STATE_FORMAT, RUN_STATE_VERSION, StorageCorruptionError, type RunCheckpoint } from "@baton/core";
import { expect, it } from "vitest";
import { expectErrorOf } from "./expect-error.js";
import type { StorageHarness } from "./harness.js";
import { CHECKPOINT_V2_JSON } from "./checkpoint-v2.js";
import { checkpoint } from "./sample-data.js";

const LEASE = 60_000;

/** The run's checkpoint record the tests overwrite: what the first storage release keyed it by. */
const TARGET = { kind: "checkpoint", runId: "run-v2", agentPath: "main" } as const;

/** Claims `run-v2` and saves a current checkpoint, so that a record exists to overwrite raw. */
async function prepareRun(harness: StorageHarness): Promise<void> {
  await harness.storage.claimRun("run-v2", { owner: "a", leaseMs: LEASE, now: 0 });
  await harness.storage.saveCheckpoint(checkpoint("run-v2"), { owner: "a", token: 1, leaseMs: LEASE, now: 0 });
}

/** What the format-2 fixture becomes: its open batch, `call_fast` done and `call_slow` to run again. */
function expectUpgraded(state: RunCheckpoint | undefined): void {
  expect(state).toMatchObject({ format: RUN_STATE_FORMAT, version: RUN_STATE_VERSION, runId: "run-v2", agentPath: "main", status: "running" });
  expect(state?.root.agentPath).toBe("main");
  expect(state?.root.model).toBe("test-model");
  const calls = state?.root.batch?.calls ?? [];
  expect(calls.map((entry) => [entry.call.toolCallId, entry.status])).toEqual([
    ["call_fast", "done"],
    ["call_slow", "pending"],
  ]);
  expect(calls[0]?.outcome).toMatchObject({ status: "ok", result: 'fast {"n":1}' });
}

/** Records written by an earlier release load as the current run state; damaged ones still fail clearly. */
export function upgradeTests(current: () => StorageHarness): void {
  it("loads a format-2 checkpoint written by the first storage release as a current run state, through loadCheckpoint and claimRun", async (context) => {
    const harness = current();
    if (!harness.writeRaw) return context.skip();
    await prepareRun(harness);
    await harness.writeRaw(TARGET, CHECKPOINT_V2_JSON);
    expectUpgraded(await harness.storage.loadCheckpoint("run-v2"));
    const other = await harness.openAnother();
    const claim = await other.claimRun("run-v2", { owner: "b", leaseMs: LEASE, now: 1 + LEASE });
    expect(claim).toMatchObject({ claimed: true, token: 2 });
    expectUpgraded(claim.claimed ? claim.checkpoint : undefined);
    // The claimer continues the run: its next save is a current one.
    const next = checkpoint("run-v2", { root: { iteration: 2 } });
    await other.saveCheckpoint(next, { owner: "b", token: 2, leaseMs: LEASE, now: 2 + LEASE });
    expect(await harness.storage.loadCheckpoint("run-v2")).toEqual(next);
  });

  it("names the checkpoint record when a current-format run state in it is damaged", async (context) => {
    const harness = current();
    if (!harness.writeRaw) return context.skip();
    await prepareRun(harness);
    const damaged = { ...checkpoint("run-v2"), root: { ...checkpoint("run-v2").root, status: "exploded", batch: { calls: [{ status: "half-done" }] } } };
    await harness.writeRaw(TARGET, JSON.stringify(damaged));
    for (const read of [
      () => harness.storage.loadCheckpoint("run-v2"),
      () => harness.storage.claimRun("run-v2", { owner: "b", leaseMs: LEASE, now: 1 + LEASE }),
    ]) {
      const error = await read().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expectErrorOf(error, StorageCorruptionError);
      expect((error as StorageCorruptionError).record.startsWith('run "run-v2" checkpoint')).toBe(true);
      expect((error as Error).message).toContain('run "run-v2" checkpoint');
      expect((error as Error).message).toContain("root.status");
    }
  });
}
