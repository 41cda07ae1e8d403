import type { RunState } from "../run/run-state.js";

/**
 * What storage keeps of a run: its whole {@link RunState} (the run tree, nested runs in
 * flight included), written through the data policy so excluded content never reaches
 * it. Saved after each model turn, each finished tool and each step; a state with a
 * `stopReason` finishes the run.
 */
export type RunCheckpoint = RunState;

/** A process's claim on a run: who holds it and for how long without renewal. */
export interface RunClaimRequest {
  /** Unique id of the claiming process (or worker): two processes must never share one. */
  readonly owner: string;
  /** How long the claim holds without a checkpoint or another claim by the same owner. */
  readonly leaseMs: number;
  /** The current time in ms; default `Date.now()`. */
  readonly now?: number;
}

/**
 * A claim as the writes of its holder present it: the claim request with the fencing
 * token {@link RunStore.claimRun} gave it. Storage refuses the write unless the token
 * is still the run's: once another process has claimed the run, nothing the old
 * holder writes lands, however late it arrives.
 */
export interface RunClaim extends RunClaimRequest {
  /** The fencing token of the claim (from `claimRun`). */
  readonly token: number;
}

/**
 * The claim a write of a run's data (its journal, its conversation's answer, its usage,
 * its summary) is made under. The write is refused with a `RunClaimLostError`, and
 * nothing of it is written, unless `token` is still the run's token: checked in the
 * same atomic step as the write (one transaction, one script).
 */
export interface RunFence {
  readonly runId: string;
  /** The claim's owner (named in the error when the write is refused). */
  readonly owner: string;
  /** The claim's fencing token. */
  readonly token: number;
}

/** What {@link RunStore.claimRun} decided. */
export type RunClaimResult =
  /**
   * The caller holds the run. `token` is the claim's fencing token: it only grows (a
   * new run's first claim gets 1, each claim by another owner one more than the last;
   * the holder renewing keeps its own). `checkpoint` is the run's latest one (absent
   * for a new run). `previousOwner` is set when the claim took the run over from
   * another owner whose claim had lapsed (or was given up): the run existed before this
   * claim, even when it has no checkpoint yet — its first process may have written
   * part of its start (a new run's input) before it died.
   */
  | { readonly claimed: true; readonly token: number; readonly checkpoint?: RunCheckpoint; readonly previousOwner?: string }
  /** Another owner holds a live lease, or the run has finished. */
  | { readonly claimed: false; readonly reason: "held" | "finished"; readonly owner?: string; readonly leaseUntil?: number };

/** Runs: claims and checkpoints. */
export interface RunStore {
  /**
   * Atomically claims a run: creates it when unknown (token 1); takes it when its
   * lease has expired or was given up (the token grows by one), or renews it when
   * `owner` already holds it (same token, also after its lease ran out, as long as no
   * other owner claimed it); refuses it while another owner's lease is live or once it
   * has finished. Of many processes claiming one run at once, exactly one wins.
   */
  claimRun(runId: string, claim: RunClaimRequest): Promise<RunClaimResult>;
  /**
   * Saves (replaces) the checkpoint of a run and renews the claim's lease. A
   * checkpoint with a `stopReason` finishes the run. Throws a `RunClaimLostError`, and
   * writes nothing, unless `claim.token` is the run's token and the run is unfinished.
   */
  saveCheckpoint(checkpoint: RunCheckpoint, claim: RunClaim): Promise<void>;
  /** The latest checkpoint of a run (upgraded to the current format). */
  loadCheckpoint(runId: string): Promise<RunCheckpoint | undefined>;
}
