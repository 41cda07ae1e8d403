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
 * The job's data for its next attempt after a retryable model error: the count of such
 * retries, and no decisions (a resumed run applied them in the attempt that ended).
 */
export function retriedJobData(data: RunJobData, outageRetries: number): RunJobData {
  if (data.kind === "resume") {
    const { decisions: _applied, ...rest } = data;
    return { ...rest, outageRetries };
  }
  return { ...data, outageRetries };
}
