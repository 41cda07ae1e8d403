import { optionIs, type OptionRules } from "@baton/core";
import type { RunJobData } from "../jobs/run-job.js";

/** How a worker retries runs whose model calls fail retryably (a provider outage); see `outageRetry` of `createRunWorker`. */
export interface OutageRetry {
  /** Retries of one run, at most (0: none). */
  readonly attempts: number;
  /** The wait before the first retry, in ms; it doubles with each further one. */
  readonly delayMs: number;
  /** The longest wait between retries, in ms (a provider's longer `retry-after` wins). */
  readonly maxDelayMs: number;
}

/** Three retries after 2 s, 4 s and 8 s (at most a minute). */
export const DEFAULT_OUTAGE_RETRY: OutageRetry = Object.freeze({ attempts: 3, delayMs: 2_000, maxDelayMs: 60_000 });

/** The rules of `outageRetry`'s keys. */
export const OUTAGE_RETRY_RULES = {
  attempts: optionIs.nonNegativeInteger,
  delayMs: optionIs.nonNegativeInteger,
  maxDelayMs: optionIs.nonNegativeInteger,
} satisfies OptionRules;

/** The wait before retry `retry` (1 for the first): exponential, capped, but never shorter than the provider asked. */
export function outageDelayMs(policy: OutageRetry, retry: number, retryAfterMs: number | undefined): number {
  const backoff = Math.min(policy.maxDelayMs, policy.delayMs * 2 ** Math.max(0, retry - 1));
  return Math.max(backoff, retryAfterMs ?? 0);
}

/**
 * The job's data for its next attempt after an attempt left the run to be retried (a
 * retryable model error, storage unavailable): the count of such retries. A resume
 * job keeps its decisions: the next attempt reads the checkpoint and applies them only
 * when the run still waits for them (an attempt that ended after applying them saved
 * the run running, and one that ended before, say at its claim, did not).
 */
export function retriedJobData(data: RunJobData, outageRetries: number): RunJobData {
  return { ...data, outageRetries };
}
