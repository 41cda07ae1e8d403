import { isBatonError } from "../errors/baton-error.js";
import type { RetryPolicy } from "../model/retry-policy.js";

/**
 * The delay before retry number `retry` (1-based): exponential with jitter, or the
 * provider's `retry-after` when it gave one. `undefined` means "do not retry".
 *
 * @example retryDelay(2, { initialDelayMs: 100, jitter: 0 }, undefined) // 200
 */
export function retryDelay(retry: number, policy: RetryPolicy, retryAfterMs: number | undefined, random: () => number = Math.random): number | undefined {
  if (retry > (policy.maxRetries ?? 2)) return undefined;
  if (retryAfterMs !== undefined) return retryAfterMs <= (policy.maxRetryAfterMs ?? 60_000) ? Math.max(0, retryAfterMs) : undefined;
  const base = Math.min((policy.initialDelayMs ?? 500) * 2 ** (retry - 1), policy.maxDelayMs ?? 8000);
  const jitter = Math.min(1, Math.max(0, policy.jitter ?? 0.25));
  return base * (1 - jitter * random());
}

/**
 * The one retry decision of every provider adapter: the wait in ms before retry
 * number `retry` (1-based) of a call that failed with `error`, or `undefined` for
 * "do not retry". Only a Baton error marked `retryable` (rate limits, overload,
 * server errors, broken streams — see `failureKindOfStatus`) is retried, never once
 * `signal` has fired, at most `policy.maxRetries` times, after the provider's
 * `retryAfterMs` when it gave one (a wait longer than `policy.maxRetryAfterMs` is not
 * waited for), else after an exponential, jittered delay ({@link retryDelay}).
 *
 * @example
 * retryDecision(new RateLimitError("slow down", { provider: "openai", retryAfterMs: 2000 }), 1, {}) // 2000
 * retryDecision(new InvalidRequestError("bad", { provider: "openai" }), 1, {}) // undefined
 */
export function retryDecision(error: unknown, retry: number, policy: RetryPolicy, signal?: AbortSignal, random?: () => number): number | undefined {
  if (!isBatonError(error) || !error.retryable || signal?.aborted) return undefined;
  const retryAfterMs = (error as { readonly retryAfterMs?: unknown }).retryAfterMs;
  return retryDelay(retry, policy, typeof retryAfterMs === "number" ? retryAfterMs : undefined, random);
}
