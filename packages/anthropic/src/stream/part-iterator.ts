import { ProviderStreamError, RunAbortedError, type BatonError, type ModelStreamPart } from "@baton/core";
import { PROVIDER } from "../errors/provider-id.js";
import type { AnthropicStreamEvent } from "../sdk-types.js";
import { AnthropicStreamMapper } from "./anthropic-stream-mapper.js";
import { IdleWatch } from "@baton/core/provider-kit";

/**
 * Iterates the Baton parts of an SDK event stream. A plain async iterator rather
 * than a generator: each chunk costs one awaited `next()` of the SDK stream and
 * one promise, which keeps the adapter's per-chunk overhead small. Failures pass
 * through `mapError`; `return()` closes the SDK stream (which aborts its request).
 * Once `signal` is aborted no further part comes out (even one the SDK had buffered):
 * `next()` throws `RunAbortedError`.
 *
 * With `idleTimeoutMs` above 0, a stream that sends no event for that long is
 * aborted (`abortRequest`) and ends in a retryable `ProviderStreamError`
 * (`providerCode` `stream_idle_timeout`); time the consumer spends between `next()`
 * calls does not count.
 */
export class PartIterator implements AsyncIterableIterator<ModelStreamPart> {
  private readonly mapper: AnthropicStreamMapper;
  private readonly source: AsyncIterator<AnthropicStreamEvent>;
  private readonly idle: IdleWatch | undefined;
  private done = false;

  constructor(
    events: AsyncIterable<AnthropicStreamEvent>,
    private readonly mapError: (error: unknown) => BatonError,
    private readonly signal: AbortSignal | undefined,
    private readonly requestId?: string,
    idleTimeoutMs = 0,
    abortRequest?: () => void,
  ) {
    this.mapper = new AnthropicStreamMapper(requestId);
    this.source = events[Symbol.asyncIterator]();
    if (idleTimeoutMs > 0) {
      this.idle = new IdleWatch(idleTimeoutMs, () => {
        if (abortRequest) abortRequest();
        else void Promise.resolve(this.source.return?.()).catch(() => undefined);
      });
    }
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<ModelStreamPart, undefined>> {
    if (this.done) return { value: undefined, done: true };
    try {
      for (;;) {
        this.idle?.waiting();
        const step = await this.source.next();
        if (this.idle) {
          if (this.idle.fired) throw this.idleError();
          this.idle.arrived();
        }
        if (step.done) {
          this.finish();
          this.mapper.end();
          return { value: undefined, done: true };
        }
        if (this.signal?.aborted) throw new RunAbortedError(this.signal.reason);
        const part = this.mapper.map(step.value);
        if (part !== undefined) return { value: part, done: false };
      }
    } catch (error) {
      this.finish();
      void Promise.resolve(this.source.return?.()).catch(() => undefined);
      if (this.idle?.fired && !this.signal?.aborted) throw this.idleError();
      throw this.mapError(error);
    }
  }

  async return(): Promise<IteratorResult<ModelStreamPart, undefined>> {
    if (!this.done) {
      this.finish();
      await this.source.return?.();
    }
    return { value: undefined, done: true };
  }

  private finish(): void {
    this.done = true;
    this.idle?.stop();
  }

  private idleError(): ProviderStreamError {
    return new ProviderStreamError(`the stream stalled: no event for ${this.idle!.timeoutMs} ms (streamIdleTimeoutMs)`, {
      provider: PROVIDER,
      providerCode: "stream_idle_timeout",
      ...(this.requestId ? { requestId: this.requestId } : {}),
    });
  }
}
