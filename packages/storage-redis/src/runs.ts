import { RunClaimLostError, type RunCheckpoint, type RunClaimRequest, type RunClaimResult } from "@baton/core";
import { serializeRunState } from "@baton/core/run-state";
import { readCheckpoint, rootCheckpointPath } from "@baton/core/storage-kit";
import type { RedisContext } from "./context.js";

/** Claims a run in one script (create, renew, take over an expired lease, or refuse); a claimer gets the run's checkpoint. */
export async function claimRun(ctx: RedisContext, runId: string, claim: RunClaimRequest): Promise<RunClaimResult> {
  const now = claim.now ?? Date.now();
  const reply = await ctx.client.batonClaimRun(
    3,
    ctx.keys.run(runId),
    ctx.keys.checkpoints(runId),
    ctx.keys.runsByTime,
    runId,
    claim.owner,
    String(now),
    String(now + claim.leaseMs),
  );
  const [outcome, first, second, third] = reply;
  if (outcome === "claimed") {
    return { claimed: true, ...(first ? { checkpoint: readCheckpoint(runId, second ?? "", first) } : {}), ...(third ? { previousOwner: third } : {}) };
  }
  if (outcome === "finished") return { claimed: false, reason: "finished" };
  return {
    claimed: false,
    reason: "held",
    ...(first ? { owner: first } : {}),
    ...(second && Number.isFinite(Number(second)) ? { leaseUntil: Number(second) } : {}),
  };
}

/**
 * Saves the run's checkpoint in one script: owner check, replacing the run's
 * checkpoint, lease renewal, finished flag (set by any checkpoint with a
 * `stopReason`, whatever its root agent is called). The state is serialized before
 * anything is awaited: the caller goes on changing it.
 */
export async function saveCheckpoint(ctx: RedisContext, checkpoint: RunCheckpoint, claim: RunClaimRequest): Promise<void> {
  const data = serializeRunState(checkpoint);
  const { runId, agentPath } = checkpoint;
  const now = claim.now ?? Date.now();
  const finishes = checkpoint.stopReason !== undefined;
  const [outcome, owner] = await ctx.client.batonSaveCheckpoint(
    3,
    ctx.keys.run(runId),
    ctx.keys.checkpoints(runId),
    ctx.keys.runsByTime,
    runId,
    claim.owner,
    String(now),
    String(now + claim.leaseMs),
    agentPath,
    data,
    finishes ? "1" : "0",
  );
  if (outcome !== "ok") throw new RunClaimLostError(runId, claim.owner, owner ?? undefined);
}

/**
 * The run's checkpoint, validated; undefined when none. Of several fields (data of an
 * earlier release, one per agent), the first agent path in order: the root's.
 */
export async function loadCheckpoint(ctx: RedisContext, runId: string): Promise<RunCheckpoint | undefined> {
  const fields = await ctx.client.hgetall(ctx.keys.checkpoints(runId));
  const agentPath = rootCheckpointPath(Object.keys(fields));
  return agentPath === undefined ? undefined : readCheckpoint(runId, agentPath, fields[agentPath]!);
}
