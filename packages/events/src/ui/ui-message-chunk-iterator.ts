import { checkOptions, type StreamEvent } from "@baton/core";
import type { ToUiMessageStreamOptions } from "./to-ui-message-stream-options.js";
import type { UiMessageChunk } from "./ui-message-chunk.js";
import { UiMessageStreamMapper } from "./ui-message-stream-mapper.js";
import { UI_MESSAGE_STREAM_RULES } from "../options/option-rules.js";

/**
 * Pulls events from a source and hands out their UI chunks, one event's chunks at a
 * time ({@link UiMessageChunkIterator.nextBatch}) or one chunk at a time (`next`).
 * It reads the source only when asked (no read-ahead), stops reading it after the
 * root agent's `run-end`, and `return()` releases the source at once, even while a
 * read is pending, so a consumer that leaves stops (for `stream()`, aborts) the run
 * without waiting for its next event. Single consumer.
 */
export class UiMessageChunkIterator implements AsyncIterableIterator<UiMessageChunk> {
  private readonly source: AsyncIterator<StreamEvent>;
  private readonly mapper: UiMessageStreamMapper;
  private pending: UiMessageChunk[] = [];
  private closed = false;

  /** Wraps the events; nothing is read until the first chunk is asked for. */
  constructor(events: AsyncIterable<StreamEvent>, options: ToUiMessageStreamOptions = {}) {
    checkOptions("UiMessageChunkIterator", options, UI_MESSAGE_STREAM_RULES);
    this.source = events[Symbol.asyncIterator]();
    this.mapper = new UiMessageStreamMapper(options);
  }

  /**
   * The chunks of the next event that has any (the last batch may be empty), or
   * `undefined` once the stream is over. A failing source gives a last batch ending
   * with an `error` chunk.
   */
  async nextBatch(): Promise<UiMessageChunk[] | undefined> {
    while (!this.closed) {
      let chunks: UiMessageChunk[];
      try {
        const step = await this.source.next();
        if (this.closed) return undefined;
        if (step.done) {
          this.closed = true;
          return this.mapper.end();
        }
        chunks = this.mapper.push(step.value);
      } catch (error) {
        if (this.closed) return undefined;
        this.closed = true;
        return this.mapper.fail(error);
      }
      if (this.mapper.finished) {
        this.closed = true;
        await this.releaseSource();
        return chunks;
      }
      if (chunks.length > 0) return chunks;
    }
    return undefined;
  }

  /** The next chunk. */
  async next(): Promise<IteratorResult<UiMessageChunk, undefined>> {
    while (this.pending.length === 0) {
      const batch = await this.nextBatch();
      if (batch === undefined) return { done: true, value: undefined };
      this.pending = batch;
    }
    return { done: false, value: this.pending.shift()! };
  }

  /** Stops: drops undelivered chunks and releases the source (its iterator's `return()`). */
  async return(): Promise<IteratorResult<UiMessageChunk, undefined>> {
    const wasOpen = !this.closed;
    this.closed = true;
    this.pending = [];
    if (wasOpen) await this.releaseSource();
    return { done: true, value: undefined };
  }

  /** The iterator itself (it can be iterated once). */
  [Symbol.asyncIterator](): this {
    return this;
  }

  private async releaseSource(): Promise<void> {
    try {
      await this.source.return?.();
    } catch {
      // The stream is over for us; a source failing to clean up changes nothing here.
    }
  }
}
