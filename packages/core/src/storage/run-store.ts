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
  /** Unique id of the claiming process (or worker). */
  readonly owner: string;
  /** How long the claim holds without a checkpoint or another claim by the same owner. */
  readonly leaseMs: number;
  /** The current time in ms; default `Date.now()`. */
  readonly now?: number;
}

/** What {@link RunStore.claimRun} decided. */
export type RunClaimResult =
  /**
   * The caller holds the run. `checkpoint` is its latest one (absent for a new run).
   * `previousOwner` is set when the claim took the run over from another owner whose
   * claim had lapsed (or was given up): the run existed before this claim, even when it
   * has no checkpoint yet — its first process may have written part of its start (a new
   * run's input) before it died.
   */
  | { readonly claimed: true; readonly checkpoint?: RunCheckpoint; readonly previousOwner?: string }
  /** Another owner holds a live lease, or the run has finished. */
  | { readonly claimed: false; readonly reason: "held" | "finished"; readonly owner?: string; readonly leaseUntil?: number };

/** Runs: claims and checkpoints. */
export interface RunStore {
  /**
   * Atomically claims a run: creates it when unknown; takes it when its lease has
   * expired or `owner` already holds it (renewing the lease); refuses it while
   * another owner's lease is live or once it has finished. Of many processes
   * claiming one run at once, exactly one wins.
   */
  claimRun(runId: string, claim: RunClaimRequest): Promise<RunClaimResult>;
  /**
   * Saves (replaces) the checkpoint of a run and renews `owner`'s lease. A checkpoint
   * with a `stopReason` finishes the run. Throws a `RunClaimLostError` when `owner` no
   * longer holds the run.
   */
  saveCheckpoint(checkpoint: RunCheckpoint, claim: RunClaimRequest): Promise<void>;
  /** The latest checkpoint of a run (upgraded to the current format). */
  loadCheckpoint(runId: string): Promise<RunCheckpoint | undefined>;
}
