import type { ToolCallOutcome } from "../run/run-state.js";
import type { RunCheckpoint, RunClaim, RunFence, RunStore } from "./run-store.js";

/**
 * How a journaled call ended: a {@link ToolCallOutcome}, or `interrupted` for a call
 * that paused the run (its tool asked the user a question, or a nested run it started
 * paused): such a call runs again, by design, once the run is resumed with the answers.
 */
export type ToolJournalOutcome = ToolCallOutcome | { readonly status: "interrupted"; readonly durationMs: number };

/**
 * One tool call as the run's journal keeps it: its intent, written before the call
 * starts, and its outcome, written once it ends. A call whose intent is stored but
 * whose outcome is not may have run, in part or whole: the run treats it as in doubt
 * when it is resumed (see the tool's `effects`).
 */
export interface ToolJournalEntry {
  readonly runId: string;
  /** The call's id, unique in the run tree. */
  readonly toolCallId: string;
  readonly toolName: string;
  /** Agent path of the run that made the call (`main`, `main/researcher#2`). */
  readonly agentPath: string;
  /** 1 for the call's first start, one more each time it is started again. */
  readonly attempt: number;
  /** The fencing token of the claim it started under. */
  readonly token: number;
  /** Milliseconds since the epoch when this attempt started. */
  readonly startedAt: number;
  /** How this attempt ended; absent while it runs (or if its process died first). */
  readonly outcome?: ToolJournalOutcome;
  /** Milliseconds since the epoch when this attempt ended. */
  readonly endedAt?: number;
}

/**
 * The tool-call journal of runs: the record that lets a resumed run tell a call that
 * never started from one that finished and one in doubt. Two primitives; an adapter
 * keeps one record per (run, call), in the order calls were first written, and prunes
 * it with the run (`prune("runs")`).
 */
export interface ToolJournalStore {
  /**
   * Writes entries of one run, all or none, each replacing the entry of its call: an
   * intent (no `outcome`) before a call starts, the same entry with its outcome once it
   * ended. Refused with a `RunClaimLostError`, and nothing written, unless
   * `fence.token` is still the run's token (checked in the same atomic step).
   */
  writeToolJournal(entries: readonly ToolJournalEntry[], fence: RunFence): Promise<void>;
  /** The run's journal, one entry per call, in the order the calls were first written; empty for an unknown run. */
  loadToolJournal(runId: string): Promise<ToolJournalEntry[]>;
  /**
   * Optional: journal entries and a checkpoint of their run in one storage call (one
   * transaction, one statement, one script), so that the entries that go with a
   * checkpoint cost no round trip of their own. Make it with
   * `defineCheckpointWithJournal` (`@baton/core/storage-kit`), or let `defineStorage`
   * make it from an adapter's operation; the loop uses it only while the storage's own
   * `saveCheckpoint` and `writeToolJournal` are the ones it was made with (see
   * {@link CheckpointWithJournalWrite}).
   */
  readonly saveCheckpointWithJournal?: CheckpointWithJournalWrite;
}

/**
 * A storage's one-call write of a checkpoint and the journal entries that go with it
 * ({@link ToolJournalStore.saveCheckpointWithJournal}). It does what
 * `writeToolJournal(entries, fence)` then `saveCheckpoint(checkpoint, claim)` would,
 * all or none: the fence is the claim's (`checkpoint.runId`, `claim.owner`,
 * `claim.token`), and when the claim does not hold (another process claimed the run,
 * or it has finished) it throws a `RunClaimLostError` and writes nothing. Entries
 * replace their calls' entries in place, as `writeToolJournal` does; a checkpoint with
 * a `stopReason` finishes the run. With no entries it is `saveCheckpoint`.
 */
export interface CheckpointWithJournalWrite {
  (checkpoint: RunCheckpoint, claim: RunClaim, entries: readonly ToolJournalEntry[]): Promise<void>;
  /**
   * The two methods whose work this write does. A wrapper that replaces either of them
   * on a copy of the storage (to filter, log, count or drop writes) but keeps this
   * write would be bypassed by it: the loop uses the write only while the storage's
   * `saveCheckpoint` and `writeToolJournal` are these functions, and calls them one
   * after the other otherwise.
   */
  readonly parts: CheckpointWithJournalParts;
}

/** The methods a {@link CheckpointWithJournalWrite} does the work of, as the storage had them when the write was made. */
export interface CheckpointWithJournalParts {
  /** The storage's `saveCheckpoint`. */
  readonly saveCheckpoint: RunStore["saveCheckpoint"];
  /** The storage's `writeToolJournal`. */
  readonly writeToolJournal: ToolJournalStore["writeToolJournal"];
}
