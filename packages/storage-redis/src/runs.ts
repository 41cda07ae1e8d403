import { checkRunCheckpoint, parseStoredJson, RunClaimLostError, type RunCheckpoint, type RunClaimRequest, type RunClaimResult } from "@baton/core";
import type { RedisContext } from "./context.js";

function checkpointRecord(runId: string, agentPath: string): string {
  return `run "${runId}" checkpoint "${agentPath}"`;
}

/** A stored checkpoint, validated. */
export function readCheckpoint(runId: string, agentPath: string, text: string): RunCheckpoint {
  const record = checkpointRecord(runId, agentPath);
  return checkRunCheckpoint(parseStoredJson(text, record), record);
}

/** Claims a run in one script (create, renew, take over an expired lease, or refuse). */
export async function claimRun(ctx: RedisContext, runId: string, claim: RunClaimRequest): Promise<RunClaimResult> {
  const now = claim.now ?? Date.now();
  const reply = await ctx.client.batonClaimRun(3, ctx.keys.run(runId), ctx.keys.checkpoints(runId), ctx.keys.runsByTime, runId, claim.owner, String(now), String(now + claim.leaseMs));
  const [outcome, first, second] = reply;
  if (outcome === "claimed") return first ? { claimed: true, checkpoint: readCheckpoint(runId, "main", first) } : { claimed: true };
  if (outcome === "finished") return { claimed: false, reason: "finished" };
  return {
    claimed: false,
    reason: "held",
    ...(first ? { owner: first } : {}),
    ...(second && Number.isFinite(Number(second)) ? { leaseUntil: Number(second) } : {}),
  };
}

/** Saves a checkpoint in one script: owner check, upsert, lease renewal, finished flag. */
export async function saveCheckpoint(ctx: RedisContext, checkpoint: RunCheckpoint, claim: RunClaimRequest): Promise<void> {
  const { runId, agentPath } = checkpoint;
  const now = claim.now ?? Date.now();
  const finishes = agentPath === "main" && checkpoint.stopReason !== undefined;
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
    JSON.stringify(checkpoint),
    finishes ? "1" : "0",
  );
  if (outcome !== "ok") throw new RunClaimLostError(runId, claim.owner, owner ?? undefined);
}

/** The checkpoint of a run's agent, validated; undefined when none. */
export async function loadCheckpoint(ctx: RedisContext, runId: string, agentPath = "main"): Promise<RunCheckpoint | undefined> {
  const text = await ctx.client.hget(ctx.keys.checkpoints(runId), agentPath);
  return text === null ? undefined : readCheckpoint(runId, agentPath, text);
}
