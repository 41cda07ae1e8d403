import type { Message } from "../messages/index.js";
import type { Usage, UsageTotals } from "../usage/index.js";
import type { SerializedError } from "../errors/index.js";
import type { StopReason } from "./stop-reason.js";
import type { Interruption } from "../run/interruption.js";
import type { RunState } from "../run/run-state.js";

/**
 * How a tool call ended: `ok`, or why it did not (`error` thrown, `invalid`
 * arguments or unknown tool, `timeout`, `not_enabled`, `aborted`, or `refused` by a
 * hook or a person before it ran).
 */
export type ToolCallStatus = "ok" | "error" | "invalid" | "timeout" | "not_enabled" | "aborted" | "refused";

/** One tool call of a run, as the result reports it. */
export interface ToolCallRecord {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments the tool received (or the raw text when they could not be parsed). */
  readonly arguments: unknown;
  readonly status: ToolCallStatus;
  /** The result, when `status` is `ok`. */
  readonly result?: unknown;
  /** The error, when `status` is not `ok`. */
  readonly error?: SerializedError;
  readonly durationMs: number;
  /** Agent path of the run that made the call. */
  readonly agentPath: string;
  /** The iteration of that run. */
  readonly iteration: number;
}

/** What a finished (or stopped) run returns. */
export interface RunResult {
  readonly runId: string;
  readonly agentPath: string;
  /** The final answer text (the last model turn's text). */
  readonly text: string;
  /** Every message the run added, in order: assistant turns and tool results. */
  readonly messages: readonly Message[];
  /** Every tool call of this run (not of its sub-agents), in call order. */
  readonly toolCalls: readonly ToolCallRecord[];
  readonly usage: {
    /** One record per model call, sub-agents' calls included. */
    readonly calls: readonly Usage[];
    readonly total: UsageTotals;
  };
  /** Number of model calls this run made. */
  readonly iterations: number;
  /** Tool calls counted against the limit, sub-agents' counted calls included. */
  readonly toolCallCount: number;
  readonly stopReason: StopReason;
  /** The error that stopped the run, when `stopReason` is `error`, `aborted`, `token_budget` or `budget_exceeded` (the budget error, with `limit`, `used` and `projected` in its details). */
  readonly error?: SerializedError;
  /** Tool metadata by tool-call id, sub-agents' included. */
  readonly toolMetadata: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The agent's own state at the end (`state.custom`): what agent configs record (a parsed output, a plan, …). */
  readonly custom: Readonly<Record<string, unknown>>;
  /**
   * When `stopReason` is `interrupted`: everything the run tree waits for (approvals,
   * questions), each with its agent path. Answer them with `run({ resume: result.state, decisions })`.
   */
  readonly interruptions?: readonly Interruption[];
  /**
   * The run tree's whole state as one JSON value (root runs only): serialize it to
   * continue an interrupted run in another process.
   */
  readonly state?: RunState;
  /**
   * Whether the run was written to storage. False when the run was given no
   * storage: nothing of it is persisted.
   */
  readonly persisted: boolean;
  /**
   * True when only this attempt at the run ended and `resume()` continues it:
   * - a retryable model error ended the attempt (the run option `retryableErrorEnds:
   *   "attempt"`): its state was saved unfinished;
   * - its storage stayed unavailable past `storageWaitMs` (error `STORAGE_UNAVAILABLE`),
   *   while the run went on or while it started, and a checkpoint of it is stored (a
   *   new run stopped before its first one is run again with `run()` and the same id);
   * - with `retryableErrorEnds: "attempt"`, the run finished but its end was not stored
   *   in time: the stored run may not be marked finished, and `resume()` continues it
   *   from its last checkpoint (or says it finished, should the write land after all).
   *
   * Absent otherwise.
   */
  readonly resumable?: true;
}
