import type { BatonError } from "../errors/baton-error.js";

/** How a provider adapter retries failed calls. */
export interface RetryPolicy {
  /** Retries after the first attempt. Default 2; 0 turns retrying off. */
  readonly maxRetries?: number;
  /** Delay before the first retry, in ms; it doubles per retry. Default 500. */
  readonly initialDelayMs?: number;
  /** Longest delay, in ms (a longer `retry-after` is still honoured up to `maxRetryAfterMs`). Default 8000. */
  readonly maxDelayMs?: number;
  /** Longest `retry-after` the policy waits for; a longer one fails at once. Default 60000. */
  readonly maxRetryAfterMs?: number;
  /** Random share taken off each computed delay (0–1), so clients spread out. Default 0.25. */
  readonly jitter?: number;
}

/** Called before each retry, with the failure, the retry number (1-based) and the wait in ms. */
export type RetryListener = (error: BatonError, retry: number, delayMs: number) => void;
