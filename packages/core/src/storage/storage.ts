import type { Message } from "../messages/index.js";
import type { Usage } from "../usage/index.js";
import type { StopReason } from "../agent/stop-reason.js";

/** Format version of {@link RunCheckpoint}. */
export const RUN_CHECKPOINT_VERSION = 1;

/**
 * The state of a run after a completed iteration: enough to resume it. Written
 * through the data policy, so excluded content never reaches it.
 */
export interface RunCheckpoint {
  readonly version: typeof RUN_CHECKPOINT_VERSION;
  readonly runId: string;
  readonly agentPath: string;
  readonly conversationId?: string;
  readonly iteration: number;
  readonly toolCallCount: number;
  /** Messages this run added so far, as the data policy allows. */
  readonly messages: readonly Message[];
  /** Agent-specific state (`state.custom`), JSON-safe. */
  readonly custom: Readonly<Record<string, unknown>>;
  /** Set on the last checkpoint of a run. */
  readonly stopReason?: StopReason;
  /** Milliseconds since the epoch. */
  readonly savedAt: number;
}

/**
 * Where runs are persisted. Adapters implement these few primitives; everything
 * else is built on top of them.
 */
export interface Storage {
  /** Appends messages to a conversation, after the ones already there. */
  appendMessages(conversationId: string, messages: readonly Message[]): Promise<void>;
  /** A conversation's messages in order; empty for an unknown conversation. */
  loadMessages(conversationId: string): Promise<Message[]>;
  /** Saves (replaces) the checkpoint of a run's agent. */
  saveCheckpoint(checkpoint: RunCheckpoint): Promise<void>;
  /** The latest checkpoint of a run's agent (default agent path `main`). */
  loadCheckpoint(runId: string, agentPath?: string): Promise<RunCheckpoint | undefined>;
  /** Records the usage of model calls, for billing. */
  recordUsage(records: readonly (Usage & { readonly runId: string; readonly conversationId?: string })[]): Promise<void>;
}
