import { RunClaimLostError, type RunCheckpoint, type RunClaim, type RunClaimRequest, type RunClaimResult } from "@baton/core";
import { serializeRunState } from "@baton/core/run-state";
import { readCheckpoint, rootCheckpointPath } from "@baton/core/storage-kit";
import type { RedisContext } from "./context.js";

/**
 * Claims a run in one script (create with token 1, renew keeping the token, take over
 * a lapsed lease with the token plus one, or refuse); a claimer gets the run's
 * fencing token and checkpoint.
 */
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
  const [outcome, first, second, third, fourth] = reply;
  if (outcome === "claimed") {
    return {
      claimed: true,
      token: Number(first),
      ...(second ? { checkpoint: readCheckpoint(runId, third ?? "", second) } : {}),
      ...(fourth ? { previousOwner: fourth } : {}),
    };
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
 * Saves the run's checkpoint in one script: token check (the run exists, is
 * unfinished and `claim.token` is its token), replacing the run's checkpoint, lease
 * renewal, finished flag (set by any checkpoint with a `stopReason`, whatever its
 * root agent is called). The state is serialized before anything is awaited: the
 * caller goes on changing it.
 * @throws RunClaimLostError when the token check fails (nothing written).
 */
export async function saveCheckpoint(ctx: RedisContext, checkpoint: RunCheckpoint, claim: RunClaim): Promise<void> {
  const { keys, args } = checkpointKeysAndArgs(ctx, checkpoint, claim);
  throwIfCheckpointRefused(await ctx.client.batonSaveCheckpoint(keys.length, ...keys, ...args), checkpoint, claim);
}

/**
 * The keys and arguments of a checkpoint's save (see `SAVE_CHECKPOINT`), the state
 * serialized now: the run hash, its checkpoints hash and runs-by-time; the run id,
 * claim token, now, lease end, agent path, state JSON and whether it finishes the run.
 */
export function checkpointKeysAndArgs(ctx: RedisContext, checkpoint: RunCheckpoint, claim: RunClaim): { keys: string[]; args: string[] } {
  const data = serializeRunState(checkpoint);
  const { runId, agentPath } = checkpoint;
  const now = claim.now ?? Date.now();
  const finishes = checkpoint.stopReason !== undefined;
  return {
    keys: [ctx.keys.run(runId), ctx.keys.checkpoints(runId), ctx.keys.runsByTime],
    args: [runId, String(claim.token), String(now), String(now + claim.leaseMs), agentPath, data, finishes ? "1" : "0"],
  };
}

/** Throws the `RunClaimLostError` of a checkpoint's save that the script refused (`{"lost", owner?}`). */
export function throwIfCheckpointRefused([outcome, owner]: (string | null)[], checkpoint: RunCheckpoint, claim: RunClaim): void {
  if (outcome !== "ok") throw new RunClaimLostError(checkpoint.runId, claim.owner, owner ?? undefined);
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
