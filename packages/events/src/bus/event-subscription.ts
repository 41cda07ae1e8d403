import type { StreamEvent } from "@baton/core";
import { EventQueue } from "@baton/core/event-queue";

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
  private readonly queue: EventQueue<StreamEvent>;
  private iterated = false;

  constructor(options: EventSubscriptionOptions = {}) {
    this.name = options.name;
    this.queue = new EventQueue<StreamEvent>({
      highWaterMark: options.highWaterMark ?? DEFAULT_HIGH_WATER_MARK,
      ...(options.initial === undefined ? {} : { initial: options.initial }),
      ...(options.onClose === undefined ? {} : { onConsumerExit: options.onClose }),
    });
  }

  /** Events queued and not yet read. */
  get size(): number {
    return this.queue.size;
  }

  /** Whether no more events will be queued (the producer ended, or the consumer closed). */
  get ended(): boolean {
    return this.queue.isClosed;
  }

  /** Whether the consumer closed the subscription (or left its `for await` early). */
  get closed(): boolean {
    return this.queue.isCancelled;
  }

  /**
   * Producer side: queues `event`. Returns a promise while the consumer is
   * `highWaterMark` events behind (wait for it before pushing more), else `undefined`.
   * Ignored once the subscription ended or was closed.
   */
  push(event: StreamEvent): Promise<void> | undefined {
    return this.queue.emit(event);
  }

  /** Producer side: no more events; iteration ends after the queued ones. */
  end(): void {
    this.queue.close();
  }

  /**
   * Consumer side: takes every queued event at once, oldest first, without waiting
   * (an empty array when none is queued). Frees a waiting producer.
   */
  takeQueued(): StreamEvent[] {
    return this.queue.takeQueued();
  }

  /**
   * Consumer side: the next event, waiting for one when none is queued; `done` once
   * the subscription ended (after the queued events) or was closed. One read at a time.
   */
  next(): Promise<IteratorResult<StreamEvent>> {
    return this.queue.next();
  }

  /**
   * Consumer side: stops reading. Queued events are dropped, a waiting producer and a
   * pending read are released, and `onClose` runs when the subscription had not ended.
   */
  close(): void {
    this.queue.cancel();
  }

  /** The subscription's iterator; it can be taken once. Leaving the loop early closes the subscription. */
  [Symbol.asyncIterator](): AsyncIterator<StreamEvent> {
    if (this.iterated) throw new TypeError("An EventSubscription can be iterated only once; subscribe again for a second reader.");
    this.iterated = true;
    return {
      next: () => this.queue.next(),
      return: () => {
        this.close();
        return Promise.resolve(DONE);
      },
    };
  }
}
