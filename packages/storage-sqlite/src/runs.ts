import type { Database } from "better-sqlite3";
import { RunClaimLostError, type RunCheckpoint, type RunClaim, type RunClaimRequest, type RunClaimResult } from "@baton/core";
import { serializeRunState } from "@baton/core/run-state";
import { readCheckpoint } from "@baton/core/storage-kit";

/** A row of `baton_runs`. */
interface RunRow {
  readonly owner: string;
  readonly lease_until: number;
  readonly token: number;
  readonly finished: number;
}

/** Runs over SQLite, synchronously (the storage wraps them in promises). */
export interface SqliteRuns {
  claim(runId: string, claim: RunClaimRequest): RunClaimResult;
  save(checkpoint: RunCheckpoint, claim: RunClaim): void;
  load(runId: string): RunCheckpoint | undefined;
}

/**
 * Prepares the run statements once. Claims and checkpoint saves read the run and
 * write it in one `BEGIN IMMEDIATE` transaction, so of many claimers (in this process
 * or others) exactly one wins, and a save checks the claim and writes atomically.
 * `now` of the claim is the run's last-activity time (what `prune("runs")` compares).
 *
 * Fencing: a new run's claim gets token 1; its holder renewing keeps the token (also
 * after its lease ran out, while nobody else claimed the run); a claim by another owner
 * stores the token plus one. A save is refused unless the run is unfinished and its
 * token is the claim's.
 *
 * A run has one checkpoint, its run state, in the row keyed by the root agent's path:
 * a save deletes the run's other rows. A database written by an earlier release may
 * hold several rows for a run (one per agent): the first agent path in order is read,
 * the root's (its path is a prefix of its nested agents').
 */
export function sqliteRuns(db: Database): SqliteRuns {
  const selectRun = db.prepare<[string], RunRow>("SELECT owner, lease_until, token, finished FROM baton_runs WHERE run_id = ?");
  const insertRun = db.prepare("INSERT INTO baton_runs (run_id, owner, lease_until, token, finished, updated_at) VALUES (?, ?, ?, 1, 0, ?)");
  const takeRun = db.prepare("UPDATE baton_runs SET owner = ?, lease_until = ?, token = ?, updated_at = ? WHERE run_id = ?");
  const renewRun = db.prepare("UPDATE baton_runs SET lease_until = ?, updated_at = ?, finished = max(finished, ?) WHERE run_id = ?");
  const selectCheckpoint = db.prepare<[string], { agent_path: string; data: unknown }>(
    "SELECT agent_path, data FROM baton_checkpoints WHERE run_id = ? ORDER BY agent_path COLLATE BINARY LIMIT 1",
  );
  const deleteOtherCheckpoints = db.prepare("DELETE FROM baton_checkpoints WHERE run_id = ? AND agent_path <> ?");
  const upsertCheckpoint = db.prepare(
    "INSERT INTO baton_checkpoints (run_id, agent_path, data) VALUES (?, ?, ?) ON CONFLICT (run_id, agent_path) DO UPDATE SET data = excluded.data",
  );

  const load = (runId: string): RunCheckpoint | undefined => {
    const row = selectCheckpoint.get(runId);
    return row === undefined ? undefined : readCheckpoint(runId, row.agent_path, row.data);
  };

  const claim = db.transaction((runId: string, owner: string, leaseMs: number, now: number): RunClaimResult => {
    const run = selectRun.get(runId);
    if (run === undefined) {
      insertRun.run(runId, owner, now + leaseMs, now);
      return { claimed: true, token: 1 };
    }
    if (run.finished !== 0) return { claimed: false, reason: "finished" };
    if (run.owner !== owner && run.lease_until > now) return { claimed: false, reason: "held", owner: run.owner, leaseUntil: run.lease_until };
    const previousOwner = run.owner === owner ? undefined : run.owner;
    // A takeover fences the previous holder off: its writes carry the old token.
    const token = previousOwner === undefined ? run.token : run.token + 1;
    takeRun.run(owner, now + leaseMs, token, now, runId);
    const checkpoint = load(runId);
    return { claimed: true, token, ...(checkpoint === undefined ? {} : { checkpoint }), ...(previousOwner === undefined ? {} : { previousOwner }) };
  });

  const save = db.transaction((checkpoint: RunCheckpoint, data: string, claim: RunClaim, now: number): void => {
    const run = selectRun.get(checkpoint.runId);
    if (run === undefined || run.finished !== 0) throw new RunClaimLostError(checkpoint.runId, claim.owner, undefined);
    if (run.token !== claim.token) throw new RunClaimLostError(checkpoint.runId, claim.owner, run.owner);
    deleteOtherCheckpoints.run(checkpoint.runId, checkpoint.agentPath);
    upsertCheckpoint.run(checkpoint.runId, checkpoint.agentPath, data);
    renewRun.run(now + claim.leaseMs, now, checkpoint.stopReason !== undefined ? 1 : 0, checkpoint.runId);
  });

  return {
    claim: (runId, request) => claim.immediate(runId, request.owner, request.leaseMs, request.now ?? Date.now()),
    save: (checkpoint, claim) => save.immediate(checkpoint, serializeRunState(checkpoint), claim, claim.now ?? Date.now()),
    load,
  };
}
