import { RunAbortedError } from "../errors/errors.js";
import { BatonError } from "../errors/baton-error.js";
import type { ModelStreamPart } from "./model-provider.js";
import { abortableDelay } from "../timing/abortable-delay.js";
import { optionIs, type OptionRules } from "../options/check-options.js";

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

/** The rules of a {@link RetryPolicy} option, for `checkOptions` (`optionIs.optionsObject(RETRY_POLICY_RULES)`). */
export const RETRY_POLICY_RULES: OptionRules = {
  maxRetries: optionIs.nonNegativeInteger,
  initialDelayMs: optionIs.nonNegativeInteger,
  maxDelayMs: optionIs.nonNegativeInteger,
  maxRetryAfterMs: optionIs.nonNegativeInteger,
  jitter: { expected: "a number in [0, 1]", test: (v) => typeof v === "number" && v >= 0 && v <= 1 },
};

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

/** Called before each retry, with the failure, the retry number (1-based) and the wait in ms. */
export type RetryListener = (error: BatonError, retry: number, delayMs: number) => void;

/**
 * One listener that calls each given one in turn (an adapter's own `onRetry` option,
 * then the request's), or undefined when none is given. A listener that throws does
 * not stop the others or the retry.
 *
 * @example
 * stream: (request) => streamWithRetries(() => attempt(request), retry, request.signal, joinRetryListeners(options.onRetry, request.onRetry)),
 */
export function joinRetryListeners(...listeners: readonly (RetryListener | undefined)[]): RetryListener | undefined {
  const given = listeners.filter((listener): listener is RetryListener => typeof listener === "function");
  if (given.length <= 1) return given[0];
  return (error, retry, delayMs) => {
    for (const listener of given) {
      try {
        listener(error, retry, delayMs);
      } catch {
        // An observer must not stop the retry.
      }
    }
  };
}

/** One attempt of a model call: its parts, or a promise of them (the request is made first). */
export type StreamAttempt = () => AsyncIterable<ModelStreamPart> | AsyncIterator<ModelStreamPart> | PromiseLike<AsyncIterable<ModelStreamPart> | AsyncIterator<ModelStreamPart>>;

const FINISHED: AsyncIterator<ModelStreamPart> = { next: () => Promise.resolve({ value: undefined, done: true }) };

function iteratorOf(source: AsyncIterable<ModelStreamPart> | AsyncIterator<ModelStreamPart>): AsyncIterator<ModelStreamPart> {
  const iterable = source as AsyncIterable<ModelStreamPart>;
  return typeof iterable[Symbol.asyncIterator] === "function" ? iterable[Symbol.asyncIterator]() : (source as AsyncIterator<ModelStreamPart>);
}

/**
 * The parts of a model call, opened by `attempt()` and opened again when it fails
 * with a retryable `BatonError` before any part came out: after output has reached the
 * consumer a retry would repeat it, so a later failure is thrown as is. Waits follow
 * {@link retryDelay} and stop on `signal`. A plain iterator, not a generator: once
 * output flows, `next()` hands the call's own promise straight through.
 */
class RetryingStream implements AsyncIterableIterator<ModelStreamPart> {
  private current: AsyncIterator<ModelStreamPart> | undefined;
  private streaming = false;
  private retries = 0;

  constructor(
    private readonly attempt: StreamAttempt,
    private readonly policy: RetryPolicy,
    private readonly signal: AbortSignal | undefined,
    private readonly onRetry: RetryListener | undefined,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ModelStreamPart, undefined>> {
    return this.streaming ? (this.current!.next() as Promise<IteratorResult<ModelStreamPart, undefined>>) : this.firstPart();
  }

  /** Stops: closes the current call (cancelling its request); later `next()` calls are done. */
  async return(): Promise<IteratorResult<ModelStreamPart, undefined>> {
    const current = this.current;
    this.current = FINISHED;
    this.streaming = true;
    await current?.return?.();
    return { value: undefined, done: true };
  }

  private async firstPart(): Promise<IteratorResult<ModelStreamPart, undefined>> {
    for (;;) {
      try {
        this.current ??= iteratorOf(await this.attempt());
        const step = (await this.current.next()) as IteratorResult<ModelStreamPart, undefined>;
        this.streaming = true;
        return step;
      } catch (error) {
        this.current = undefined;
        const failure = error as RetryableFailure;
        if (!(error instanceof BatonError) || !failure.retryable || this.signal?.aborted) throw error;
        const delay = retryDelay(this.retries + 1, this.policy, failure.retryAfterMs);
        if (delay === undefined) throw error;
        this.retries++;
        this.onRetry?.(error, this.retries, delay);
        await abortableDelay(delay, this.signal, (reason) => new RunAbortedError(reason));
      }
    }
  }
}

/**
 * Streams `attempt()` and retries it when it fails with a retryable `BatonError`
 * before it yielded anything: after output has reached the consumer a retry would
 * repeat it, so a later failure is thrown as is. Waits honour `signal`. Costs nothing
 * per part once output flows.
 *
 * @example
 * stream(request) {
 *   return streamWithRetries(() => this.openStream(request), { maxRetries: 3 }, request.signal);
 * }
 */
export function streamWithRetries(attempt: StreamAttempt, policy: RetryPolicy, signal: AbortSignal | undefined, onRetry?: RetryListener): AsyncIterableIterator<ModelStreamPart> {
  return new RetryingStream(attempt, policy, signal, onRetry);
}
