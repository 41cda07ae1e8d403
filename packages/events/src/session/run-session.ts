import { ConfigurationError, RunAbortedError, checkOptions, type EventSink, type RunResult, type StreamEvent } from "@baton/core";
import { EventHub } from "../bus/event-hub.js";
import type { EventSubscription } from "../bus/event-subscription.js";
import { InvalidLastEventIdError } from "../sse/invalid-last-event-id-error.js";
import { ClientDisconnectedError } from "./client-disconnected-error.js";
import { RUN_SESSION_RULES, ATTACH_RULES } from "../options/option-rules.js";

/** What a run session hands the function that starts its run. */
export interface RunSessionIo {
  /** Aborts the run: pass it as the run's `signal`. */
  readonly signal: AbortSignal;
  /** Receives the run's events: pass it in the run's `sinks`. */
  readonly sink: EventSink;
}

/** Options of {@link startRunSession}. */
export interface RunSessionOptions {
  /**
   * Starts the run with the session's signal and sink, e.g.
   * `({ signal, sink }) => run({ provider, model, input, signal, sinks: [sink] })`.
   */
  readonly start: (io: RunSessionIo) => Promise<RunResult>;
  /** Session id. Default: a random UUID. */
  readonly id?: string;
  /**
   * Events kept for clients that resume with `Last-Event-ID`, and held for the first
   * client. Default 1000. With 0, a client sees only the events emitted while it is attached.
   */
  readonly replay?: number;
  /** Events queued per client before the run waits for it. Default 1024. */
  readonly highWaterMark?: number;
  /** How long the run goes on after its last client left, waiting for one to come back. Default 5000 ms. */
  readonly disconnectGraceMs?: number;
  /** Abort the run when every client left (after the grace period). Default true. */
  readonly abortOnDisconnect?: boolean;
  /** Told about a consumer of the session's hub that threw. */
  readonly onConsumerError?: (error: unknown, consumerName: string) => void;
}

/** Options of {@link RunSession.attach}. */
export interface AttachOptions {
  /**
   * The last event the client has (its `Last-Event-ID`): it gets the events after
   * it. Without it the client gets every event still kept, then the live ones.
   */
  readonly lastEventId?: number;
  /** Name of the client, for errors. */
  readonly name?: string;
  /** Overrides the session's per-client high-water mark. */
  readonly highWaterMark?: number;
}

/** Events of room kept in the replay buffer when a run is held for its first client. */
const HOLD_MARGIN = 64;

function noop(): void {}

/** Default wait for a client to come back before the run is aborted. */
export const DEFAULT_DISCONNECT_GRACE_MS = 5000;

/**
 * One run exposed to clients that come and go (browser tabs, reconnecting
 * EventSources). Events go through an {@link EventHub} that keeps the last ones for
 * replay. When the last attached client leaves before the run ended, the run is
 * aborted after `disconnectGraceMs` unless a client attaches again. Before its first
 * client attaches, the run goes on until the replay buffer is nearly full, then waits
 * for that client (no event is dropped unseen); if none comes within
 * `disconnectGraceMs`, the run is aborted. Create one with {@link startRunSession}.
 */
export class RunSession {
  /** Session id. */
  readonly id: string;
  /** The session's event hub; closed when the run ends. */
  readonly hub: EventHub;
  /** The run's result. It rejects only when `start` threw or rejected. */
  readonly result: Promise<RunResult>;
  private readonly controller = new AbortController();
  private readonly graceMs: number;
  private readonly abortOnDisconnect: boolean;
  private attachedCount = 0;
  private everAttached = false;
  private finished = false;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Holds the run while its events would overflow the replay buffer before any client attached. */
  private firstClient: { readonly promise: Promise<void>; readonly resolve: () => void } | undefined;
  private readonly holdAt: number;

  /** Use {@link startRunSession}. */
  constructor(options: RunSessionOptions) {
    checkOptions("startRunSession", options, RUN_SESSION_RULES);
    if (typeof options?.start !== "function") throw new ConfigurationError('startRunSession: "start" must be a function that starts the run.');
    const graceMs = options.disconnectGraceMs ?? DEFAULT_DISCONNECT_GRACE_MS;
    if (!Number.isFinite(graceMs) || graceMs < 0) {
      throw new ConfigurationError(`startRunSession: "disconnectGraceMs" must be a number >= 0, got ${graceMs}.`);
    }
    this.id = options.id ?? globalThis.crypto.randomUUID();
    this.graceMs = graceMs;
    this.abortOnDisconnect = options.abortOnDisconnect ?? true;
    this.hub = new EventHub({
      ...(options.replay === undefined ? {} : { replay: options.replay }),
      ...(options.highWaterMark === undefined ? {} : { highWaterMark: options.highWaterMark }),
      ...(options.onConsumerError === undefined ? {} : { onConsumerError: options.onConsumerError }),
    });
    const capacity = this.hub.replay.capacity;
    this.holdAt = Math.max(1, capacity > 2 * HOLD_MARGIN ? capacity - HOLD_MARGIN : Math.floor(capacity / 2));
    const sink: EventSink = { emit: (event) => this.emit(event) };
    let started: Promise<RunResult>;
    try {
      started = Promise.resolve(options.start({ signal: this.controller.signal, sink }));
    } catch (error) {
      started = Promise.reject(error);
    }
    this.result = started.finally(() => this.finish());
    // The caller may never await the result; a failed start must not be an unhandled rejection.
    this.result.catch(() => undefined);
  }

  /** Whether the run ended. */
  get done(): boolean {
    return this.finished;
  }

  /** Clients attached now. */
  get clients(): number {
    return this.attachedCount;
  }

  /** The session's abort signal (the run's signal). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Aborts the run. */
  abort(reason?: unknown): void {
    this.controller.abort(reason ?? new RunAbortedError());
  }

  /**
   * Attaches a client: a subscription with the events after `lastEventId` (or all
   * events still kept), then the live ones; it ends when the run ended. Closing the
   * subscription detaches the client. Works after the run ended too (replay only).
   *
   * @throws ReplayUnavailableError when events after `lastEventId` are no longer kept.
   * @throws InvalidLastEventIdError when `lastEventId` is ahead of the stream: greater
   *   than the `seq` of the last event the run produced, so no client can have it.
   */
  attach(options: AttachOptions = {}): EventSubscription {
    checkOptions("RunSession.attach", options, ATTACH_RULES);
    const lastEventId = options.lastEventId;
    if (lastEventId !== undefined && Number.isSafeInteger(lastEventId) && lastEventId > this.hub.lastSeq) {
      throw new InvalidLastEventIdError(String(lastEventId), this.hub.lastSeq);
    }
    const subscription = this.hub.subscribe({
      after: options.lastEventId ?? this.hub.replay.replayableAfter,
      ...(options.name === undefined ? {} : { name: options.name }),
      ...(options.highWaterMark === undefined ? {} : { highWaterMark: options.highWaterMark }),
      onClose: () => this.detach(),
    });
    if (!subscription.ended) {
      this.attachedCount++;
      this.cancelGrace();
    }
    this.everAttached = true;
    const held = this.firstClient;
    this.firstClient = undefined;
    held?.resolve();
    return subscription;
  }

  /**
   * The run's sink: the hub, except that before the first client attached the run is
   * held once the replay buffer is nearly full, so no event is evicted before anyone
   * saw it. A run held like that is aborted when no client comes within the grace period.
   */
  private emit(event: StreamEvent): Promise<void> | undefined {
    const wait = this.hub.emit(event);
    if (this.everAttached || this.hub.replay.size < this.holdAt || this.finished) return wait;
    if (this.firstClient === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      this.firstClient = { promise, resolve };
      if (this.abortOnDisconnect) this.startGrace();
    }
    return wait === undefined ? this.firstClient.promise : Promise.all([wait, this.firstClient.promise]).then(noop);
  }

  private detach(): void {
    this.attachedCount--;
    if (this.attachedCount > 0 || this.finished || !this.abortOnDisconnect) return;
    if (this.graceMs === 0) {
      this.abortForDisconnect();
      return;
    }
    this.startGrace();
  }

  private startGrace(): void {
    this.cancelGrace();
    this.graceTimer = setTimeout(() => {
      this.graceTimer = undefined;
      this.abortForDisconnect();
    }, this.graceMs);
  }

  private abortForDisconnect(): void {
    if (this.attachedCount > 0 || this.finished) return;
    this.controller.abort(new ClientDisconnectedError(this.id, this.graceMs));
  }

  private cancelGrace(): void {
    if (this.graceTimer === undefined) return;
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
  }

  private finish(): void {
    this.finished = true;
    this.cancelGrace();
    this.firstClient?.resolve();
    this.firstClient = undefined;
    this.hub.close();
  }
}

/**
 * Starts a run as a {@link RunSession}: the run begins now, its events are kept
 * for clients that attach (now or later), and it is aborted when all its clients
 * left for longer than `disconnectGraceMs`.
 *
 * @example
 * const session = startRunSession({
 *   start: ({ signal, sink }) => run({ provider, model: "gpt-4.1", input, tools, signal, sinks: [sink] }),
 * });
 * // GET /runs/:id/events → sendSse(req, res, session)
 */
export function startRunSession(options: RunSessionOptions): RunSession {
  return new RunSession(options);
}
