import type { Message, ToolResultPart } from "../messages/index.js";
import type { StoredProgressPart } from "./conversation-store.js";
import type { Usage } from "../usage/index.js";
import type { StopReason } from "../agent/stop-reason.js";

/** Format version of {@link RunCheckpoint}. */
export const RUN_CHECKPOINT_VERSION = 2;

/** What a run started from, besides its system prompt (which the agent rebuilds). */
export type RunHistory =
  /** The run continues a stored conversation, whose messages through `throughSeq` it read (its new user message included). */
  | { readonly conversationId: string; readonly throughSeq: number }
  /** The run was given its messages directly (as the data policy allows them to be stored). */
  | { readonly messages: readonly Message[] };

/** The loop state a resumed run continues from. */
export interface RunLoopState {
  readonly hasToolCalls: boolean;
  readonly finalAnswerRequested: boolean;
  readonly subAgentToolCalls: number;
  /** Tool metadata by tool-call id. */
  readonly toolMetadata: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The iteration of each assistant message in `messages`, in order (to pair turns with their usage). */
  readonly turnIterations: readonly number[];
}

/** A tool batch that was running when the checkpoint was saved. */
export interface PendingToolBatch {
  /** Results of the calls that completed, in completion order. */
  readonly results: readonly ToolResultPart[];
  /** Usage of the model call that asked for the batch (recorded once the batch ends). */
  readonly usage: Usage;
}

/**
 * The state of a run's agent after its last completed step: enough to resume the run
 * without re-running completed tools. Written through the data policy, so excluded
 * content never reaches it.
 */
export interface RunCheckpoint {
  readonly version: typeof RUN_CHECKPOINT_VERSION;
  readonly runId: string;
  readonly agentPath: string;
  readonly conversationId?: string;
  readonly userId?: string;
  /** The model the run was started with. */
  readonly model: string;
  readonly history: RunHistory;
  /** Model calls made. */
  readonly iteration: number;
  readonly toolCallCount: number;
  /** Messages this run added so far, as the data policy allows. */
  readonly messages: readonly Message[];
  /**
   * Set while a tool batch runs: the last of `messages` is the turn whose calls are
   * running; a resumed run runs only the calls without a result here.
   */
  readonly pending?: PendingToolBatch;
  /** Progress steps reported by the run's tool calls so far. */
  readonly progress: readonly StoredProgressPart[];
  readonly loop: RunLoopState;
  /** Usage of the run's model calls so far. */
  readonly usage: readonly Usage[];
  /** Agent-specific state (`state.custom`), JSON-safe. */
  readonly custom: Readonly<Record<string, unknown>>;
  /** Set on the last checkpoint of a run: the run is finished and cannot be claimed. */
  readonly stopReason?: StopReason;
  /** Milliseconds since the epoch. */
  readonly savedAt: number;
}

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
  /** The caller holds the run. `checkpoint` is the main agent's latest one (absent for a new run). */
  | { readonly claimed: true; readonly checkpoint?: RunCheckpoint }
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
   * Saves (replaces) the checkpoint of a run's agent and renews `owner`'s lease. A
   * checkpoint with a `stopReason` on the main agent finishes the run. Throws a
   * `RunClaimLostError` when `owner` no longer holds the run.
   */
  saveCheckpoint(checkpoint: RunCheckpoint, claim: RunClaimRequest): Promise<void>;
  /** The latest checkpoint of a run's agent (default agent path `main`). */
  loadCheckpoint(runId: string, agentPath?: string): Promise<RunCheckpoint | undefined>;
}
