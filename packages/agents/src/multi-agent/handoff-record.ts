import type { StopReason } from "@baton/core";

/** Key of the {@link HandoffRecord} in `state.custom` (and so in `RunResult.custom`). */
export const HANDOFF_STATE_KEY = "handoff";

/**
 * What an agent's run records when it handed control away: kept in `state.custom`
 * under {@link HANDOFF_STATE_KEY} (checkpointed, and in the run result's `custom`).
 */
export interface HandoffRecord {
  /** The agent that handed off. */
  readonly from: string;
  /** The agent it handed off to. */
  readonly to: string;
  /** The target's agent path, e.g. `triage/billing#1`. */
  readonly agentPath: string;
  /** The agent whose answer ended the chain (the last of `chain`). */
  readonly answeredBy: string;
  /** Every agent of the chain from this run's agent on: `["triage", "billing", "refunds"]`. */
  readonly chain: readonly string[];
  /** How the answering agent's run ended (it becomes this run's stop reason). */
  readonly stopReason: StopReason;
}

/**
 * The handoff a run ended with, read from its result (or state): `handoffOf(result)?.answeredBy`
 * says which agent answered, so an application can route the next user turn to it.
 */
export function handoffOf(source: { readonly custom?: Readonly<Record<string, unknown>> }): HandoffRecord | undefined {
  const value = source.custom?.[HANDOFF_STATE_KEY];
  return isHandoffRecord(value) ? value : undefined;
}

/** Whether `value` has the shape of a {@link HandoffRecord}. */
export function isHandoffRecord(value: unknown): value is HandoffRecord {
  if (value === null || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return typeof record.from === "string" && typeof record.to === "string" && typeof record.answeredBy === "string" && Array.isArray(record.chain);
}
