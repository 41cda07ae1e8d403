import { RunClaimLostError, type RunCheckpoint, type RunClaim, type RunClaimRequest, type RunClaimResult } from "@baton/core";
import { serializeRunState } from "@baton/core/run-state";
import { readCheckpoint } from "@baton/core/storage-kit";
import type { PostgresContext } from "./database.js";

/** A row of `baton_runs`, as {@link runState} reads it. */
export interface RunStateRow {
  owner: string;
  lease_until: number;
  finished: boolean;
  token: number;
}

/** What taking a run returns: its token, its checkpoint (read in the same statement) and the agent path it is stored under. */
type TakenRunRow = ({ checkpoint_path: string; checkpoint: string } | { checkpoint_path: null; checkpoint: null }) & {
  token: number;
  previous_owner: string | null;
};

/** The run's row (owner, lease, finished, token); undefined for an unknown run. */
export async function runState({ db, sql }: PostgresContext, runId: string, operation: string): Promise<RunStateRow | undefined> {
  const [state] = await db.rows<RunStateRow>(sql.runState, [runId], operation);
  return state;
}

/**
 * Claims a run. An `INSERT … ON CONFLICT DO NOTHING` creates an unknown run (token 1);
 * else a single conditional `UPDATE` takes it (row-locked and re-checked by
 * PostgreSQL, so of concurrent claimers exactly one sees the condition hold) and sets
 * its token on the locked row: kept when the owner renews its own claim, one more on a
 * takeover; else the run's state says why not.
 */
export async function claimRun({ db, sql }: PostgresContext, runId: string, claim: RunClaimRequest): Promise<RunClaimResult> {
  for (let attempt = 0; ; attempt++) {
    const now = claim.now ?? Date.now();
    const leaseUntil = now + claim.leaseMs;
    const [created] = await db.rows<{ token: number }>(sql.createRun, [runId, claim.owner, leaseUntil, now], "claiming a run");
    if (created) return { claimed: true, token: created.token };
    const [taken] = await db.rows<TakenRunRow>(sql.takeRun, [runId, claim.owner, leaseUntil, now], "claiming a run");
    if (taken) {
      // A takeover reads the checkpoint again, in a statement of its own: the take read it
      // as it was when the take began, before it waited for the run's row, so a checkpoint
      // the previous owner committed meanwhile would be missed (none can land after the take).
      const checkpoint =
        taken.previous_owner !== null
          ? await loadCheckpoint({ db, sql }, runId)
          : taken.checkpoint === null
            ? undefined
            : readCheckpoint(runId, taken.checkpoint_path, taken.checkpoint);
      return {
        claimed: true,
        token: taken.token,
        ...(checkpoint === undefined ? {} : { checkpoint }),
        ...(taken.previous_owner === null ? {} : { previousOwner: taken.previous_owner }),
      };
    }
    const state = await runState({ db, sql }, runId, "claiming a run");
    if (state)
      return state.finished ? { claimed: false, reason: "finished" } : { claimed: false, reason: "held", owner: state.owner, leaseUntil: state.lease_until };
    // Pruned between the statements: claim again (it is unknown now).
    if (attempt >= 3) return { claimed: false, reason: "held" };
  }
}

/**
 * Saves the run's checkpoint in one statement: the run's lease is renewed only while
 * the run is unfinished and its token is `claim.token`, and only then is the
 * checkpoint written (rows of other agent paths deleted: a run has one). A checkpoint
 * with a `stopReason` finishes the run, whatever its root agent is called. The state
 * is serialized before anything is awaited: the caller goes on changing it.
 */
export async function saveCheckpoint(context: PostgresContext, checkpoint: RunCheckpoint, claim: RunClaim): Promise<void> {
  const values = checkpointValues(checkpoint, claim);
  const [row] = await context.db.rows<{ saved: number }>(context.sql.saveCheckpoint, values, "saving a checkpoint");
  if ((row?.saved ?? 0) === 0) throw await checkpointRefused(context, checkpoint, claim);
}

/** The parameters $1–$7 of a checkpoint's save (see `statements.ts`), the state serialized now. */
export function checkpointValues(checkpoint: RunCheckpoint, claim: RunClaim): unknown[] {
  const data = serializeRunState(checkpoint);
  const now = claim.now ?? Date.now();
  return [checkpoint.runId, claim.token, now + claim.leaseMs, now, checkpoint.stopReason !== undefined, checkpoint.agentPath, data];
}

/** The `RunClaimLostError` for a refused checkpoint, naming who holds the run now (read after the refused statement). */
export async function checkpointRefused(context: PostgresContext, checkpoint: RunCheckpoint, claim: RunClaim): Promise<RunClaimLostError> {
  const state = await runState(context, checkpoint.runId, "saving a checkpoint");
  return new RunClaimLostError(checkpoint.runId, claim.owner, state && !state.finished ? state.owner : undefined);
}

/** The run's checkpoint, checked and upgraded to the current run-state format. */
export async function loadCheckpoint({ db, sql }: PostgresContext, runId: string): Promise<RunCheckpoint | undefined> {
  const [row] = await db.rows<{ agent_path: string; data: string }>(sql.loadCheckpoint, [runId], "loading a checkpoint");
  return row ? readCheckpoint(runId, row.agent_path, row.data) : undefined;
}
