import type { StreamEvent } from "../events/stream-event.js";

/** Options of an {@link EventQueue}. */
export interface EventQueueOptions<T = StreamEvent> {
  /**
   * Events held before `emit` asks the producer to wait (backpressure). Default 1024.
   * Producers that cannot wait (a hook writing text, a tool's last result) may push a
   * few more: nothing is dropped.
   */
  readonly highWaterMark?: number;
  /** Called once when the consumer stops reading before the queue was closed. */
  readonly onConsumerExit?: () => void;
  /** Items queued from the start (a replay); they never make the producer wait. */
  readonly initial?: T[];
}

const DEFAULT_HIGH_WATER_MARK = 1024;

/**
 * A bounded, single-consumer queue turning pushed events into an async iterator,
 * with backpressure: once `highWaterMark` events wait, `emit` returns a promise that
 * resolves when the consumer has read half of them (or stopped reading). The iterator
 * ends after `close()` once the queued events are read.
 *
 * @example
 * const queue = new EventQueue<number>({ highWaterMark: 2 });
 * queue.emit(1); queue.emit(2); const wait = queue.emit(3); // a promise: the consumer is behind
 * queue.close();
 * for await (const n of queue) console.log(n); // 1, 2, 3
 */
export class EventQueue<T = StreamEvent> implements AsyncIterable<T> {
  private items: (T | undefined)[] = [];
  private head = 0;
  private closed = false;
  private exited = false;
  private iterated = false;
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private drained: Promise<void> | undefined;
  private resolveDrained: (() => void) | undefined;
  private readonly highWaterMark: number;
  private readonly lowWaterMark: number;
  private readonly onConsumerExit: (() => void) | undefined;

  constructor(options: EventQueueOptions<T> = {}) {
    this.highWaterMark = Math.max(1, options.highWaterMark ?? DEFAULT_HIGH_WATER_MARK);
    this.lowWaterMark = Math.floor(this.highWaterMark / 2);
    this.onConsumerExit = options.onConsumerExit;
    if (options.initial !== undefined) this.items = options.initial;
  }

  /** Events waiting to be read. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** Whether the queue is closed or its consumer has stopped reading. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Whether the consumer stopped reading (`cancel()` or leaving its loop). */
  get isCancelled(): boolean {
    return this.exited;
  }

  /** Queues an event; returns a promise to wait for when the queue is full. */
  emit(item: T): Promise<void> | undefined {
    if (this.closed) return undefined;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value: item, done: false });
      return undefined;
    }
    this.items.push(item);
    if (this.items.length - this.head < this.highWaterMark) return undefined;
    return (this.drained ??= new Promise<void>((resolve) => {
      this.resolveDrained = resolve;
    }));
  }

  /** No more events will come; the iterator ends after the queued ones. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.release();
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value: undefined, done: true });
    }
  }

  /** Returns the single iterator of the queue; a second call throws. */
  [Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.iterated) throw new TypeError("An event queue can be iterated only once; attach another consumer for a second reader.");
    this.iterated = true;
    return {
      next: () => this.next(),
      return: () => {
        this.cancel();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  /**
   * Takes every queued item at once, oldest first, without waiting (an empty array
   * when none is queued), and frees a waiting producer. For consumers that batch work.
   */
  takeQueued(): T[] {
    const head = this.head;
    const items = this.items;
    if (head === items.length) return [];
    const taken = (head === 0 ? items : items.slice(head)) as T[];
    this.items = [];
    this.head = 0;
    this.release();
    return taken;
  }

  /**
   * The next item, waiting for one when none is queued; `done` once the queue is
   * closed and drained, or cancelled. One read at a time. Iterating calls it for you.
   */
  next(): Promise<IteratorResult<T>> {
    if (this.head < this.items.length) {
      const value = this.items[this.head] as T;
      this.items[this.head++] = undefined;
      const size = this.items.length - this.head;
      if (size === 0) {
        this.items = [];
        this.head = 0;
      } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
      if (this.resolveDrained !== undefined && size <= this.lowWaterMark) this.release();
      return Promise.resolve({ value, done: false });
    }
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    if (this.waiting !== undefined) return Promise.reject(new TypeError("EventQueue: next() called while another read is pending."));
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /**
   * The consumer stops reading: what is queued is dropped, a waiting producer and a
   * pending read are released, and `onConsumerExit` runs if the queue was still open.
   */
  cancel(): void {
    if (this.exited) return;
    this.exited = true;
    const early = !this.closed;
    this.closed = true;
    this.items = [];
    this.head = 0;
    this.release();
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value: undefined, done: true });
    }
    if (early) this.onConsumerExit?.();
  }

  private release(): void {
    const resolve = this.resolveDrained;
    this.resolveDrained = undefined;
    this.drained = undefined;
    resolve?.();
  }
}
