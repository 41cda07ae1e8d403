import { RunAbortedError, type BatonError, type ModelStreamPart } from "@baton/core";
import type { AnthropicStreamEvent } from "../sdk-types.js";
import { AnthropicStreamMapper } from "./anthropic-stream-mapper.js";

/**
 * Iterates the Baton parts of an SDK event stream. A plain async iterator rather
 * than a generator: each chunk costs one awaited `next()` of the SDK stream and
 * one promise, which keeps the adapter's per-chunk overhead small. Failures pass
 * through `mapError`; `return()` closes the SDK stream (which aborts its request).
 * Once `signal` is aborted no further part comes out (even one the SDK had buffered):
 * `next()` throws `RunAbortedError`.
 */
export class PartIterator implements AsyncIterableIterator<ModelStreamPart> {
  private readonly mapper: AnthropicStreamMapper;
  private readonly source: AsyncIterator<AnthropicStreamEvent>;
  private done = false;

  constructor(
    events: AsyncIterable<AnthropicStreamEvent>,
    private readonly mapError: (error: unknown) => BatonError,
    private readonly signal: AbortSignal | undefined,
    requestId?: string,
  ) {
    this.mapper = new AnthropicStreamMapper(requestId);
    this.source = events[Symbol.asyncIterator]();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<ModelStreamPart, undefined>> {
    if (this.done) return { value: undefined, done: true };
    try {
      for (;;) {
        const step = await this.source.next();
        if (step.done) {
          this.done = true;
          this.mapper.end();
          return { value: undefined, done: true };
        }
        if (this.signal?.aborted) throw new RunAbortedError(this.signal.reason);
        const part = this.mapper.map(step.value);
        if (part !== undefined) return { value: part, done: false };
      }
    } catch (error) {
      this.done = true;
      void Promise.resolve(this.source.return?.()).catch(() => undefined);
      throw this.mapError(error);
    }
  }

  async return(): Promise<IteratorResult<ModelStreamPart, undefined>> {
    if (!this.done) {
      this.done = true;
      await this.source.return?.();
    }
    return { value: undefined, done: true };
  }
}
