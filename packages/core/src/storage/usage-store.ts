import type { Usage } from "../usage/index.js";
import type { RunFence } from "./run-store.js";

/** The usage of one model call, as stored for billing. */
export interface UsageRecord extends Usage {
  readonly runId: string;
  readonly conversationId?: string;
  /** The end user the run served. */
  readonly userId?: string;
  /** Milliseconds since the epoch when the call's usage was recorded. */
  readonly recordedAt: number;
}

/** Which usage records to read: every given field must match. */
export interface UsageQuery {
  readonly runId?: string;
  readonly conversationId?: string;
  readonly userId?: string;
  /** `recordedAt >= from`. */
  readonly from?: number;
  /** `recordedAt < to`. */
  readonly to?: number;
}

/** Options of {@link UsageStore.recordUsage}. */
export interface RecordUsageOptions {
  /**
   * The claim of the run whose model calls the records count: refused with a
   * `RunClaimLostError`, and nothing recorded, unless it is still the run's (checked in
   * the same atomic step).
   */
  readonly fence?: RunFence;
}

/** Usage records. */
export interface UsageStore {
  /** Records usage, all or none. */
  recordUsage(records: readonly UsageRecord[], options?: RecordUsageOptions): Promise<void>;
  /** The matching records, by `recordedAt` then in recording order. */
  queryUsage(query: UsageQuery): Promise<UsageRecord[]>;
}
