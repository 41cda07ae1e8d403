import type { StreamEvent } from "@baton/core";

/** Options of an {@link EventSubscription}. */
export interface EventSubscriptionOptions {
  /** Name reported with consumer errors and shown in debugging. */
  readonly name?: string;
  /**
   * Events held before `push` asks the producer to wait (backpressure). Default 1024.
   * The producer is released when the consumer has read half of them.
   */
  readonly highWaterMark?: number;
  /** Events queued before the first `push` (a replay); they do not ask the producer to wait. */
  readonly initial?: StreamEvent[];
  /** Events with `seq` up to this one are skipped (a client that has them already). */
  readonly skipThrough?: number;
  /** Called once when the consumer closes the subscription before it ended. */
  readonly onClose?: () => void;
}

/** Default per-subscriber high-water mark. */
export const DEFAULT_HIGH_WATER_MARK = 1024;

const DONE: IteratorResult<StreamEvent> = Object.freeze({ value: undefined, done: true });

/**
 * One consumer's ordered, bounded view of an event stream: an async iterable with
 * backpressure, as {@link EventHub.subscribe} hands out. The producer calls `push`
 * and `end`; the consumer iterates (once), or drains synchronously with
 * {@link EventSubscription.takeQueued} to batch work, and calls `close` to leave early.
 *
 * @example
 * const subscription = hub.subscribe({ name: "logger" });
 * for await (const event of subscription) console.log(event.seq, event.type);
 */
export class EventSubscription implements AsyncIterable<StreamEvent> {
  /** Name given at creation, if any. */
  readonly name: string | undefined;
  private items: StreamEvent[];
  private head = 0;
  private isEnded = false;
  private isClosed = false;
  private iterated = false;
  private waiting: ((result: IteratorResult<StreamEvent>) => void) | undefined;
  private drained: Promise<void> | undefined;
  private resolveDrained: (() => void) | undefined;
  private readonly highWaterMark: number;
  private readonly lowWaterMark: number;
  private skipThrough: number;
  private onClose: (() => void) | undefined;

  constructor(options: EventSubscriptionOptions = {}) {
    this.name = options.name;
    this.highWaterMark = Math.max(1, options.highWaterMark ?? DEFAULT_HIGH_WATER_MARK);
    this.lowWaterMark = Math.floor(this.highWaterMark / 2);
    this.items = options.initial ?? [];
    this.skipThrough = options.skipThrough ?? 0;
    this.onClose = options.onClose;
  }

  /** Events queued and not yet read. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** Whether no more events will be queued (the producer ended, or the consumer closed). */
  get ended(): boolean {
    return this.isEnded || this.isClosed;
  }

  /** Whether the consumer closed the subscription (or left its `for await` early). */
  get closed(): boolean {
    return this.isClosed;
  }

  /**
   * Producer side: queues `event`. Returns a promise while the consumer is
   * `highWaterMark` events behind (wait for it before pushing more), else `undefined`.
   * Ignored once the subscription ended or was closed.
   */
  push(event: StreamEvent): Promise<void> | undefined {
    if (this.isEnded || this.isClosed) return undefined;
    if (event.seq <= this.skipThrough) return undefined;
    const waiting = this.waiting;
    if (waiting !== undefined) {
      this.waiting = undefined;
      waiting({ value: event, done: false });
      return undefined;
    }
    const items = this.items;
    items.push(event);
    if (items.length - this.head < this.highWaterMark) return undefined;
    return (this.drained ??= new Promise<void>((resolve) => {
      this.resolveDrained = resolve;
    }));
  }

  /** Producer side: no more events; iteration ends after the queued ones. */
  end(): void {
    if (this.isEnded) return;
    this.isEnded = true;
    this.release();
    const waiting = this.waiting;
    if (waiting !== undefined) {
      this.waiting = undefined;
      waiting(DONE);
    }
  }

  /**
   * Consumer side: takes every queued event at once, oldest first, without waiting
   * (an empty array when none is queued). Frees a waiting producer.
   */
  takeQueued(): StreamEvent[] {
    const head = this.head;
    const items = this.items;
    if (head === items.length) return [];
    const taken = head === 0 ? items : items.slice(head);
    this.items = [];
    this.head = 0;
    this.release();
    return taken;
  }

  /**
   * Consumer side: the next event, waiting for one when none is queued; `done` once
   * the subscription ended (after the queued events) or was closed. One read at a time.
   */
  next(): Promise<IteratorResult<StreamEvent>> {
    const items = this.items;
    if (this.head < items.length) {
      const value = items[this.head] as StreamEvent;
      this.head++;
      const size = items.length - this.head;
      if (size === 0) {
        this.items = [];
        this.head = 0;
      } else if (this.head >= 1024 && this.head * 2 >= items.length) {
        this.items = items.slice(this.head);
        this.head = 0;
      }
      if (this.resolveDrained !== undefined && size <= this.lowWaterMark) this.release();
      return Promise.resolve({ value, done: false });
    }
    if (this.isEnded || this.isClosed) return Promise.resolve(DONE);
    if (this.waiting !== undefined) return Promise.reject(new TypeError("EventSubscription: next() called while another read is pending."));
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /**
   * Consumer side: stops reading. Queued events are dropped, a waiting producer and a
   * pending read are released, and `onClose` runs when the subscription had not ended.
   */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.items = [];
    this.head = 0;
    this.release();
    const waiting = this.waiting;
    if (waiting !== undefined) {
      this.waiting = undefined;
      waiting(DONE);
    }
    const onClose = this.onClose;
    this.onClose = undefined;
    if (!this.isEnded) onClose?.();
  }

  /** The subscription's iterator; it can be taken once. Leaving the loop early closes the subscription. */
  [Symbol.asyncIterator](): AsyncIterator<StreamEvent> {
    if (this.iterated) throw new TypeError("An EventSubscription can be iterated only once; subscribe again for a second reader.");
    this.iterated = true;
    return {
      next: () => this.next(),
      return: () => {
        this.close();
        return Promise.resolve(DONE);
      },
    };
  }

  private release(): void {
    const resolve = this.resolveDrained;
    if (resolve === undefined) return;
    this.resolveDrained = undefined;
    this.drained = undefined;
    resolve();
  }
}
