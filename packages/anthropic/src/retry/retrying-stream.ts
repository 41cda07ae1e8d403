import { BatonError, RunAbortedError, retryDelay, type ModelStreamPart, type RetryPolicy } from "@baton/core";

const FINISHED: AsyncIterator<ModelStreamPart> = { next: () => Promise.resolve({ value: undefined, done: true }) };

/** Called before each retry, with the failure, the retry number (1-based) and the wait in ms. */
export type RetryListener = (error: BatonError, retry: number, delayMs: number) => void;

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
 * The parts of a model call, opened by `open()` and opened again when it fails with
 * a retryable `BatonError` before any part came out: core's `streamWithRetries`
 * contract, with the delays of core's `retryDelay` (exponential with jitter, or the
 * provider's `retryAfterMs`), written as a plain async iterator. Once output has
 * started, `next()` hands the inner iterator's promise straight through, so a
 * streamed chunk costs no extra async step (an async generator layer here cost
 * 5–15 % per chunk in `bench/provider-anthropic.mjs`).
 *
 * @example
 * for await (const part of new RetryingStream(() => openCall(request), { maxRetries: 3 }, request.signal)) handle(part);
 */
export class RetryingStream implements AsyncIterableIterator<ModelStreamPart> {
  private current: AsyncIterator<ModelStreamPart> | undefined;
  private streaming = false;
  private retries = 0;

  constructor(
    private readonly open: () => Promise<AsyncIterator<ModelStreamPart>>,
    private readonly policy: RetryPolicy,
    private readonly signal: AbortSignal | undefined,
    private readonly onRetry?: RetryListener,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ModelStreamPart, undefined>> {
    return this.streaming ? (this.current!.next() as Promise<IteratorResult<ModelStreamPart, undefined>>) : this.firstPart();
  }

  /** Stops: closes the current call (aborting its request); later `next()` calls are done. */
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
        this.current ??= await this.open();
        const step = (await this.current.next()) as IteratorResult<ModelStreamPart, undefined>;
        this.streaming = true;
        return step;
      } catch (error) {
        this.current = undefined;
        if (!(error instanceof BatonError) || !error.retryable || this.signal?.aborted) throw error;
        const delay = retryDelay(this.retries + 1, this.policy, (error as { retryAfterMs?: number }).retryAfterMs);
        if (delay === undefined) throw error;
        this.retries++;
        this.onRetry?.(error, this.retries, delay);
        await sleep(delay, this.signal);
      }
    }
  }
}
