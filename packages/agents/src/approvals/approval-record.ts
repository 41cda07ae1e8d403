import type { Message } from "@baton/core";
import type { PendingApprovalCall } from "./approval-types.js";

/** The key under which {@link withApprovals} keeps its record in `state.custom` (and `RunResult.custom`). */
export const APPROVAL_CUSTOM_KEY = "baton.approval";

/**
 * What `withApprovals` records in `state.custom` when it pauses a run. Plain JSON, so
 * it survives checkpoints.
 */
export interface ApprovalRecord {
  /** The calls of the paused batch that need a decision. */
  readonly pendingCalls: readonly PendingApprovalCall[];
  /** Every call of the paused batch, in order (the assistant turn is rebuilt from them). */
  readonly batch: readonly PendingApprovalCall[];
  /** The iteration (model call number) of the paused turn. */
  readonly iteration: number;
  /** The text of the paused turn. */
  readonly text: string;
  /** The conversation before the paused turn, without the leading system messages. */
  readonly history: readonly Message[];
}

/** Reads the approval record from an agent's custom state, if the run paused for approval. */
export function approvalRecordOf(custom: Readonly<Record<string, unknown>> | undefined): ApprovalRecord | undefined {
  const record = custom?.[APPROVAL_CUSTOM_KEY];
  if (record === null || typeof record !== "object") return undefined;
  const candidate = record as Partial<ApprovalRecord>;
  if (!Array.isArray(candidate.pendingCalls) || !Array.isArray(candidate.batch) || !Array.isArray(candidate.history)) return undefined;
  return record as ApprovalRecord;
}
