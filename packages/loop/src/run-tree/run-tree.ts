import { RUN_STATE_FORMAT, RUN_STATE_VERSION, type AgentState, type InterruptDecisions, type RunConversation, type RunState, type Storage } from "@baton/core";
import type { EventScope } from "../events/event-scope.js";
import type { RunPersistence } from "../persistence/run-persistence.js";
import { ToolCallIds } from "./tool-call-ids.js";
import type { Mutable } from "../state/mutable.js";

/**
 * What every agent of one run tree shares: the run id, the event scope (one sequence
 * across the tree), the persistence of the root's state, the tool-call ids in use,
 * and the decisions a resumed run was given.
 */
export class RunTree {
  readonly callIds = new ToolCallIds();
  /** The stored conversation the root run continues, if any. */
  conversation: RunConversation | undefined;
  /** The root agent's state (set when the root run is created). */
  root!: AgentState;
  /** Whether the run holds its claim in storage (only then is its end written). */
  claimed = false;
  /** Where a resumed run's state came from: the stored checkpoint, or the state it was given. */
  resumedFrom: "storage" | "state" | undefined;
  /** Whether a retryable error of the root's model call ends only this attempt (the run option `retryableErrorEnds: "attempt"`). */
  retryableErrorEndsAttempt = false;
  /** The storage the run was given (before its data policy), when it has one. */
  storage: Storage | undefined;
  /** Set for a resumed run whose end was stored before (an aborted run): it only says so again, and writes nothing. */
  endStored = false;

  constructor(
    readonly runId: string,
    readonly scope: EventScope,
    readonly persistence: RunPersistence | undefined,
    readonly userId: string | undefined,
    /** Decisions given to a resumed run, already applied to its state. */
    readonly decisions: InterruptDecisions | undefined,
  ) {}

  /**
   * The tree's state as one value, as checkpoints store it while the run goes on
   * (never finished: only the last checkpoint may finish a run).
   */
  stateValue(): RunState {
    return this.valueWith(this.root.status === "finished" ? "running" : this.root.status, undefined);
  }

  /** The final state value of the tree: finished (with its stop reason) or paused. */
  finalStateValue(): RunState {
    const root = this.root;
    return this.valueWith(root.status, root.status === "finished" ? root.stopReason : undefined);
  }

  /** The state value with `status` (and a finished run's `stopReason`, last), built as one object. */
  private valueWith(status: RunState["status"], stopReason: RunState["stopReason"]): RunState {
    const root = this.root;
    // The keys in the order stored states always had (root and savedAt after the optional ones).
    const value = {
      format: RUN_STATE_FORMAT,
      version: RUN_STATE_VERSION,
      runId: this.runId,
      agentPath: root.agentPath,
      status,
    } as Mutable<RunState>;
    if (this.conversation !== undefined) value.conversation = this.conversation;
    if (this.userId !== undefined) value.userId = this.userId;
    value.root = root;
    value.savedAt = Date.now();
    if (stopReason !== undefined) value.stopReason = stopReason;
    return value;
  }

  /** Asks for a checkpoint of the tree (coalesced with one already waiting); `soon`: it may wait a moment for others to join it. */
  checkpoint(soon = false): Promise<void> | undefined {
    return this.persistence?.checkpoint(() => this.stateValue(), soon);
  }
}
