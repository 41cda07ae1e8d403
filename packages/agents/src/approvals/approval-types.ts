import type { Message } from "@baton/core";

/** The name of the serialized format; {@link ApprovalState} carries it in `format`. */
export const APPROVAL_STATE_FORMAT = "baton.approval";

/** The format version this package writes. Older versions are upgraded when parsed. */
export const APPROVAL_STATE_VERSION = 1;

/** A tool call waiting for a person's decision. */
export interface PendingApprovalCall {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments the model gave (parsed JSON). */
  readonly arguments: unknown;
}

/**
 * A paused run, as saved: enough to continue it in another process. Version 1.
 *
 * `messages` is the conversation so far without the run's system prompt (the resumed
 * run adds its own): the input, the run's turns, and last the assistant turn holding
 * the paused batch of tool calls. `pendingCalls` are the calls of that batch that need
 * a decision; the batch's other calls run without one when the run is resumed.
 */
export interface ApprovalState {
  readonly format: typeof APPROVAL_STATE_FORMAT;
  readonly version: typeof APPROVAL_STATE_VERSION;
  /** Id of the paused run. */
  readonly runId: string;
  /** Agent path of the paused run (`main`, or a sub-agent's path). */
  readonly agentPath: string;
  readonly messages: readonly Message[];
  readonly pendingCalls: readonly PendingApprovalCall[];
}

/** A person's decision on one pending call. */
export type ApprovalDecision = { readonly approve: true } | { readonly approve: false; readonly reason?: string };

/** Decisions by tool-call id: one for every pending call. */
export type ApprovalDecisions = Readonly<Record<string, ApprovalDecision>>;
