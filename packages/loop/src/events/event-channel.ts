import { ConfigurationError, type EventSink, type StreamEvent } from "@baton/core";

/**
 * An unbounded, single-consumer queue that turns pushed events into an async
 * iterator. Ends when `close()` is called and the queue is drained.
 */
export class EventChannel implements EventSink, AsyncIterable<StreamEvent> {
  private readonly queue: StreamEvent[] = [];
  private head = 0;
  private closed = false;
  private waiting: ((result: IteratorResult<StreamEvent>) => void) | undefined;
  private iterated = false;

  constructor(private readonly onConsumerExit: () => void) {}

  emit(event: StreamEvent): void {
    if (this.closed) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value: event, done: false });
      return;
    }
    this.queue.push(event);
  }

  /** No more events will come; the iterator ends after the queued ones. */
  close(): void {
    this.closed = true;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value: undefined, done: true });
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<StreamEvent> {
    if (this.iterated) throw new ConfigurationError("A run stream can be iterated only once; add a sink (`sinks` or `onEvent`) for a second consumer.");
    this.iterated = true;
    return {
      next: () => {
        if (this.head < this.queue.length) {
          const value = this.queue[this.head]!;
          this.queue[this.head++] = undefined as unknown as StreamEvent;
          if (this.head > 1024 && this.head * 2 > this.queue.length) {
            this.queue.splice(0, this.head);
            this.head = 0;
          }
          return Promise.resolve({ value, done: false });
        }
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
      return: () => {
        // The consumer stopped reading early: the run is aborted.
        if (!this.closed) this.onConsumerExit();
        this.closed = true;
        this.queue.length = 0;
        this.head = 0;
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
