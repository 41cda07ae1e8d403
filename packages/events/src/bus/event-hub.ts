import { ConfigurationError, checkOptions, type EventSink, type StreamEvent } from "@baton/core";
import { ReplayBuffer, type ReplayBufferView } from "./replay-buffer.js";
import { ReplayUnavailableError } from "./replay-unavailable-error.js";
import { InvalidLastEventIdError } from "../sse/invalid-last-event-id-error.js";
import { DEFAULT_HIGH_WATER_MARK, EventSubscription } from "./event-subscription.js";
import { EVENT_HUB_RULES, EVENT_CALLBACK_RULES, SUBSCRIBE_RULES } from "../options/option-rules.js";

/** Options of an {@link EventHub}. */
export interface EventHubOptions {
  /** Events kept for clients that resume with `Last-Event-ID`. Default 1000; 0 keeps none. */
  readonly replay?: number;
  /** Events queued per subscriber before `emit` asks the producer to wait. Default 1024. */
  readonly highWaterMark?: number;
  /** Told about a consumer that threw or rejected; the other consumers keep going. */
  readonly onConsumerError?: (error: unknown, consumerName: string) => void;
}

/** Options of {@link EventHub.on}. */
export interface EventCallbackOptions {
  /** Name reported to `onConsumerError`. Default `callback#<n>`. */
  readonly name?: string;
}

/** Options of {@link EventHub.subscribe}. */
export interface SubscribeOptions {
  /**
   * Replay the kept events with `seq > after` first (a client resuming after its last
   * event). Without it the subscription gets live events only. Throws
   * {@link ReplayUnavailableError} when some of those events are no longer kept, and
   * {@link InvalidLastEventIdError} when `after` is ahead of the last event emitted
   * (no client can have it: skipping to it would hide events silently).
   */
  readonly after?: number;
  /** Overrides the hub's per-subscriber high-water mark. */
  readonly highWaterMark?: number;
  /** Name reported in errors. Default `subscriber#<n>`. */
  readonly name?: string;
  /** Called once when the consumer closes the subscription before the hub closed. */
  readonly onClose?: () => void;
}

/** A consumer error the hub caught, kept when no `onConsumerError` is given. */
export interface ConsumerError {
  readonly consumerName: string;
  readonly error: unknown;
}

interface Callback {
  readonly fn: (event: StreamEvent) => unknown;
  readonly name: string;
}

const MAX_KEPT_ERRORS = 100;
const noop = (): void => undefined;

/**
 * Fans one ordered event stream out to many consumers, each isolated from the
 * others: callbacks (`on`) called synchronously in order, and subscriptions
 * (`subscribe`) read at their own pace with backpressure. It is an `EventSink`, so a
 * run writes into it directly (`sinks: [hub]`), and it keeps the last events for
 * clients that resume with `Last-Event-ID`.
 *
 * `emit` returns a promise while a subscriber is `highWaterMark` events behind or a
 * callback's returned promise is pending: the run waits for it. Nothing is dropped.
 *
 * @example
 * const hub = new EventHub({ replay: 1000 });
 * hub.on((event) => log(event));
 * const result = run({ provider, model, input, sinks: [hub] }).finally(() => hub.close());
 * for await (const event of hub.subscribe({ after: 0 })) render(event);
 */
export class EventHub implements EventSink {
  private callbacks: readonly Callback[] = [];
  private subscriptions: readonly EventSubscription[] = [];
  private readonly buffer: ReplayBuffer;
  private readonly highWaterMark: number;
  private readonly onConsumerError: ((error: unknown, consumerName: string) => void) | undefined;
  private isClosed = false;
  private named = 0;
  /** Consumer errors caught when no `onConsumerError` was given (the first 100). */
  readonly consumerErrors: ConsumerError[] = [];

  constructor(options: EventHubOptions = {}) {
    checkOptions("EventHub", options, EVENT_HUB_RULES);
    const replay = options.replay ?? 1000;
    if (!Number.isInteger(replay) || replay < 0) throw new ConfigurationError(`EventHub: "replay" must be an integer >= 0, got ${replay}.`);
    const highWaterMark = options.highWaterMark ?? DEFAULT_HIGH_WATER_MARK;
    if (!Number.isInteger(highWaterMark) || highWaterMark < 1) {
      throw new ConfigurationError(`EventHub: "highWaterMark" must be an integer >= 1, got ${highWaterMark}.`);
    }
    this.buffer = new ReplayBuffer(replay);
    this.highWaterMark = highWaterMark;
    this.onConsumerError = options.onConsumerError;
  }

  /** Callbacks and open subscriptions. */
  get consumers(): number {
    return this.callbacks.length + this.subscriptions.length;
  }

  /** Sequence number of the last event emitted (0 before the first). */
  get lastSeq(): number {
    return this.buffer.lastSeq;
  }

  /** Whether {@link EventHub.close} was called. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** The events kept for replay (read-only: only `emit` adds to it). */
  get replay(): ReplayBufferView {
    return this.buffer;
  }

  /**
   * Delivers `event` to every consumer, in registration order, and keeps it for
   * replay. Returns a promise to wait for before emitting more while a consumer is
   * behind, else `undefined`. Ignored after `close()`.
   */
  emit(event: StreamEvent): Promise<void> | undefined {
    if (this.isClosed) return undefined;
    this.buffer.push(event);
    let wait: Promise<unknown> | undefined;
    let waits: Promise<unknown>[] | undefined;
    const callbacks = this.callbacks;
    for (let i = 0; i < callbacks.length; i++) {
      const callback = callbacks[i] as Callback;
      let returned: unknown;
      try {
        returned = callback.fn(event);
      } catch (error) {
        this.report(error, callback.name);
        continue;
      }
      if (returned !== undefined && returned !== null && typeof (returned as PromiseLike<unknown>).then === "function") {
        const pending = Promise.resolve(returned as PromiseLike<unknown>).then(noop, (error: unknown) => this.report(error, callback.name));
        if (wait === undefined) wait = pending;
        else (waits ??= [wait]).push(pending);
      }
    }
    const subscriptions = this.subscriptions;
    for (let i = 0; i < subscriptions.length; i++) {
      const full = (subscriptions[i] as EventSubscription).push(event);
      if (full !== undefined) {
        if (wait === undefined) wait = full;
        else (waits ??= [wait]).push(full);
      }
    }
    if (waits !== undefined) return Promise.all(waits).then(noop);
    return wait as Promise<void> | undefined;
  }

  /**
   * Adds a callback consumer, called synchronously with every later event. A throw
   * or a rejected promise is reported to `onConsumerError` and the others keep
   * going; a returned promise makes the producer wait for it. Returns the function
   * that removes the callback.
   */
  on(callback: (event: StreamEvent) => unknown, options: EventCallbackOptions = {}): () => void {
    checkOptions("EventHub.on", options, EVENT_CALLBACK_RULES);
    const entry: Callback = { fn: callback, name: options.name ?? `callback#${++this.named}` };
    this.callbacks = [...this.callbacks, entry];
    return () => {
      this.callbacks = this.callbacks.filter((other) => other !== entry);
    };
  }

  /**
   * Adds a subscription: an async iterable of the events (after the replayed ones
   * when `after` is given), with its own bounded queue. The replay and the live events
   * are taken in one synchronous step, so they join without gap or duplicate. After
   * `close()` it still works: it replays, then ends.
   *
   * @throws ReplayUnavailableError when events after `after` are no longer kept.
   * @throws InvalidLastEventIdError when `after` is greater than {@link EventHub.lastSeq}.
   */
  subscribe(options: SubscribeOptions = {}): EventSubscription {
    checkOptions("EventHub.subscribe", options, SUBSCRIBE_RULES);
    const after = options.after;
    let initial: StreamEvent[] | undefined;
    if (after !== undefined) {
      if (!Number.isSafeInteger(after) || after < 0) throw new ConfigurationError(`EventHub.subscribe: "after" must be an integer >= 0, got ${after}.`);
      if (after > this.buffer.lastSeq) throw new InvalidLastEventIdError(String(after), this.buffer.lastSeq);
      initial = this.buffer.after(after);
      if (initial === undefined) throw new ReplayUnavailableError(after, this.buffer.oldestSeq ?? null, this.buffer.replayableAfter);
    }
    const onClose = options.onClose;
    const subscription: EventSubscription = new EventSubscription({
      name: options.name ?? `subscriber#${++this.named}`,
      highWaterMark: options.highWaterMark ?? this.highWaterMark,
      ...(initial === undefined ? {} : { initial }),
      onClose: () => {
        this.subscriptions = this.subscriptions.filter((other) => other !== subscription);
        onClose?.();
      },
    });
    if (this.isClosed) subscription.end();
    else this.subscriptions = [...this.subscriptions, subscription];
    return subscription;
  }

  /**
   * Ends the stream: every subscription ends once its queued events are read, the
   * callbacks are dropped, and later `emit` calls are ignored. Call it when the run
   * ended. Late subscribers still get the replay.
   */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    this.callbacks = [];
    for (const subscription of subscriptions) subscription.end();
  }

  private report(error: unknown, consumerName: string): void {
    const handler = this.onConsumerError;
    if (handler === undefined) {
      if (this.consumerErrors.length < MAX_KEPT_ERRORS) this.consumerErrors.push({ consumerName, error });
      return;
    }
    try {
      handler(error, consumerName);
    } catch {
      // A failing error handler must not disturb the stream either.
    }
  }
}
