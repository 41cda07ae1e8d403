import { RunAbortedError } from "../errors/errors.js";
import { BatonError } from "../errors/baton-error.js";
import type { ModelStreamPart } from "./model-provider.js";

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

/** What a retry decision needs to know about a failure. */
interface RetryableFailure {
  readonly retryable?: boolean;
  readonly retryAfterMs?: number;
}

/**
 * The delay before retry number `retry` (1-based): exponential with jitter, or the
 * provider's `retry-after` when it gave one. `undefined` means "do not retry".
 */
export function retryDelay(retry: number, policy: RetryPolicy, retryAfterMs: number | undefined, random: () => number = Math.random): number | undefined {
  if (retry > (policy.maxRetries ?? 2)) return undefined;
  if (retryAfterMs !== undefined) return retryAfterMs <= (policy.maxRetryAfterMs ?? 60_000) ? Math.max(0, retryAfterMs) : undefined;
  const base = Math.min((policy.initialDelayMs ?? 500) * 2 ** (retry - 1), policy.maxDelayMs ?? 8000);
  const jitter = Math.min(1, Math.max(0, policy.jitter ?? 0.25));
  return base * (1 - jitter * random());
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RunAbortedError(signal.reason));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new RunAbortedError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Streams `attempt()` and retries it when it fails with a retryable `BatonError`
 * before it yielded anything: after output has reached the consumer a retry would
 * repeat it, so a later failure is thrown as is. Waits honour `signal`.
 *
 * @example
 * yield* streamWithRetries(() => this.openStream(request), { maxRetries: 3 }, request.signal);
 */
export async function* streamWithRetries(
  attempt: () => AsyncIterable<ModelStreamPart>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  onRetry?: (error: BatonError, retry: number, delayMs: number) => void,
): AsyncGenerator<ModelStreamPart, void, undefined> {
  for (let retry = 1; ; retry++) {
    let yielded = false;
    try {
      for await (const part of attempt()) {
        yielded = true;
        yield part;
      }
      return;
    } catch (error) {
      const failure = error as RetryableFailure;
      if (yielded || !(error instanceof BatonError) || !failure.retryable || signal?.aborted) throw error;
      const delay = retryDelay(retry, policy, failure.retryAfterMs);
      if (delay === undefined) throw error;
      onRetry?.(error, retry, delay);
      await sleep(delay, signal);
    }
  }
}
