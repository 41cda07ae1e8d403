import type { BatonError } from "../errors/baton-error.js";
import { RunAbortedError } from "../errors/errors.js";
import type { ModelStreamPart } from "../model/model-provider.js";
import type { RetryListener, RetryPolicy } from "../model/retry-policy.js";
import { abortableDelay } from "../timing/abortable-delay.js";
import { retryDecision } from "./retry-decision.js";

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
export type StreamAttempt = () =>
  | AsyncIterable<ModelStreamPart>
  | AsyncIterator<ModelStreamPart>
  | PromiseLike<AsyncIterable<ModelStreamPart> | AsyncIterator<ModelStreamPart>>;

const FINISHED: AsyncIterator<ModelStreamPart> = { next: () => Promise.resolve({ value: undefined, done: true }) };

function iteratorOf(source: AsyncIterable<ModelStreamPart> | AsyncIterator<ModelStreamPart>): AsyncIterator<ModelStreamPart> {
  const iterable = source as AsyncIterable<ModelStreamPart>;
  return typeof iterable[Symbol.asyncIterator] === "function" ? iterable[Symbol.asyncIterator]() : (source as AsyncIterator<ModelStreamPart>);
}

/**
 * The parts of a model call, opened by `attempt()` and opened again when it fails
 * with a retryable `BatonError` before any part came out: after output has reached the
 * consumer a retry would repeat it, so a later failure is thrown as is. Waits follow
 * {@link retryDecision} and stop on `signal`. A plain iterator, not a generator: once
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
        const delay = retryDecision(error, this.retries + 1, this.policy, this.signal);
        if (delay === undefined) throw error;
        this.retries++;
        this.onRetry?.(error as BatonError, this.retries, delay);
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
export function streamWithRetries(
  attempt: StreamAttempt,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  onRetry?: RetryListener,
): AsyncIterableIterator<ModelStreamPart> {
  return new RetryingStream(attempt, policy, signal, onRetry);
}
