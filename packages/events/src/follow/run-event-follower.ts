import { ConfigurationError, checkOptions, optionIs as is, type OptionRule, type OptionRules, type RunEventLog, type StreamEvent } from "@baton/core";
import { EventHub } from "../bus/event-hub.js";
import type { EventSubscription } from "../bus/event-subscription.js";
import { ReplayUnavailableError } from "../bus/replay-unavailable-error.js";
import { InvalidLastEventIdError } from "../sse/invalid-last-event-id-error.js";
import type { AttachableEventSource, EventBatchReader, EventSourceAttachOptions } from "../sse/sse-source.js";
import { RunNotFoundError } from "./run-not-found-error.js";

/** Options of {@link RunEventFollower} and {@link followRunEvents}. */
export interface RunEventFollowerOptions {
  /** Events each followed run keeps in memory for clients that resume with `Last-Event-ID`. Default 10000 (`DEFAULT_FOLLOW_REPLAY`). */
  readonly replay?: number;
  /** Events queued per client before the run's feed waits for it (backpressure). Default 1024. */
  readonly highWaterMark?: number;
  /** How long, in ms, a run whose stream ended stays followed (for late reconnects, served from memory). Default 60000. */
  readonly keepFinishedMs?: number;
  /** How long, in ms, a run that has not ended is still read from the log once its last client left. Default 30000. */
  readonly idleMs?: number;
  /** Told when reading a run's log failed (its clients' streams break, so they reconnect). */
  readonly onError?: (error: unknown, runId: string) => void;
}

/** Default `replay` of a {@link RunEventFollower}: events kept in memory per followed run. */
export const DEFAULT_FOLLOW_REPLAY = 10_000;
/** Default `keepFinishedMs` of a {@link RunEventFollower}. */
export const DEFAULT_FOLLOW_KEEP_FINISHED_MS = 60_000;
/** Default `idleMs` of a {@link RunEventFollower}. */
export const DEFAULT_FOLLOW_IDLE_MS = 30_000;

const aNumber: OptionRule = { expected: "a number", test: (v) => typeof v === "number" };
const FOLLOWER_RULES = {
  replay: aNumber,
  highWaterMark: aNumber,
  keepFinishedMs: aNumber,
  idleMs: aNumber,
  onError: is.function,
} satisfies Record<keyof RunEventFollowerOptions, OptionRule> satisfies OptionRules;
const ATTACH_RULES = { lastEventId: aNumber } satisfies Record<keyof EventSourceAttachOptions, OptionRule> satisfies OptionRules;

const MAX_TIMER_MS = 2_147_483_647;
const noop = (): void => undefined;

/**
 * One followed run of a {@link RunEventFollower}: what `follower.run(runId)` returns.
 * The SSE writers (`sendSse`, `sseResponse`) attach it with the request's
 * `Last-Event-ID`.
 */
export interface FollowedRun extends AttachableEventSource {
  /** The run followed. */
  readonly runId: string;
  /**
   * Attaches a client; see {@link RunEventFollower.attach}.
   *
   * @throws RunNotFoundError when the log knows nothing of the run (404 over SSE).
   * @throws InvalidLastEventIdError when `lastEventId` is ahead of the log (400 over SSE).
   * @throws ReplayUnavailableError when events after `lastEventId` are no longer kept (410 over SSE).
   */
  attach(options?: EventSourceAttachOptions): Promise<EventBatchReader>;
}

/** Where one followed run stands on this node. */
interface Followed {
  readonly runId: string;
  readonly hub: EventHub;
  readonly controller: AbortController;
  /** The feed reads the log after this `seq` (the log's `firstSeq - 1` when the feed started). */
  readonly feedAfter: number;
  /** Clients attached, plus attaches waiting for the hub to catch up. */
  clients: number;
  /** The log's read ended: the run's stream ended, the hub is closed. */
  ended: boolean;
  /** Set when the feed failed (or the follower closed): attached streams break with it. */
  failure: { readonly error: unknown } | undefined;
  /** Rejects with the failure; handled, so it never goes unhandled. */
  readonly failed: Promise<never>;
  readonly fail: (error: unknown) => void;
  /** Attaches waiting for the hub to reach a `seq`. */
  readonly waiters: Set<Waiter>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface Waiter {
  readonly seq: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Serves the events of runs that execute in other processes, read from a
 * {@link RunEventLog} (e.g. Redis Streams), to SSE clients of this process (an API
 * node). One follower per node; `follower.run(runId)` is a source that `sendSse` and
 * `sseResponse` attach with the request's `Last-Event-ID`.
 *
 * Per followed run the follower keeps one {@link EventHub} (with `replay` events for
 * reconnects) fed by one `log.read` loop started at the log's oldest kept event, shared
 * by every client of that run on this node: 100 clients of a run make one read. A
 * client resuming with a `Last-Event-ID` this node has not read yet (its feed lags the
 * log by a moment) waits until the feed reached it. The feed waits for slow clients
 * (backpressure, bounded by the SSE writers' `writeTimeoutMs`).
 *
 * A run whose stream ended is kept `keepFinishedMs` (default 60 s), then dropped; the
 * feed of a run that has not ended is stopped once no client was attached for `idleMs`
 * (default 30 s), and a later client starts it again. When a read fails, the attached
 * clients' streams break (they reconnect, perhaps to another node) and the run is
 * dropped. Timers do not keep the process alive; {@link RunEventFollower.close} stops
 * everything.
 *
 * @example
 * const follower = new RunEventFollower(log); // log: a RunEventLog, e.g. Redis Streams
 * http.createServer((req, res) => {
 *   const runId = new URL(req.url ?? "/", "http://x").searchParams.get("run") ?? "";
 *   // 404 / 400 / 410 answered for you; a failed read of the log breaks the stream, told to onError
 *   void sendSse(req, res, follower.run(runId), { onError: (error) => console.warn(error) });
 * });
 */
export class RunEventFollower {
  private readonly followed = new Map<string, Followed>();
  private readonly replay: number;
  private readonly highWaterMark: number | undefined;
  private readonly keepFinishedMs: number;
  private readonly idleMs: number;
  private readonly onError: ((error: unknown, runId: string) => void) | undefined;
  private isClosed = false;

  constructor(
    /** Where the runs' events are read from. */
    readonly log: RunEventLog,
    options: RunEventFollowerOptions = {},
  ) {
    checkOptions("RunEventFollower", options, FOLLOWER_RULES);
    if (log === null || typeof log !== "object" || typeof log.head !== "function" || typeof log.read !== "function") {
      throw new ConfigurationError(`RunEventFollower: "log" must be a RunEventLog (an object with head() and read()).`);
    }
    const replay = options.replay ?? DEFAULT_FOLLOW_REPLAY;
    if (!Number.isInteger(replay) || replay < 0) throw new ConfigurationError(`RunEventFollower: "replay" must be an integer >= 0, got ${replay}.`);
    const highWaterMark = options.highWaterMark;
    if (highWaterMark !== undefined && (!Number.isInteger(highWaterMark) || highWaterMark < 1)) {
      throw new ConfigurationError(`RunEventFollower: "highWaterMark" must be an integer >= 1, got ${highWaterMark}.`);
    }
    this.replay = replay;
    this.highWaterMark = highWaterMark;
    this.keepFinishedMs = durationOf("keepFinishedMs", options.keepFinishedMs, DEFAULT_FOLLOW_KEEP_FINISHED_MS);
    this.idleMs = durationOf("idleMs", options.idleMs, DEFAULT_FOLLOW_IDLE_MS);
    this.onError = options.onError;
  }

  /** Runs followed now (read from the log, or ended and kept). */
  get size(): number {
    return this.followed.size;
  }

  /** Whether {@link RunEventFollower.close} was called. */
  get closed(): boolean {
    return this.isClosed;
  }

  /**
   * The source of `runId` for the SSE writers: `sendSse(req, res, follower.run(id))`
   * or `await sseResponse(follower.run(id), { request })`. Nothing is read until a
   * client attaches.
   */
  run(runId: string): FollowedRun {
    return { runId, attach: (options?: EventSourceAttachOptions) => this.attach(runId, options) };
  }

  /**
   * Attaches a client to `runId`: a reader of the events after `lastEventId` (or of
   * every event still kept), then the live ones; it ends when the run's stream ended,
   * and it breaks (its `next()` rejects) when the log cannot be read. Closing the
   * reader detaches the client. Starts following the run when it is not followed.
   *
   * @throws RunNotFoundError when the log knows nothing of the run.
   * @throws InvalidLastEventIdError when `lastEventId` is greater than the log's last `seq`.
   * @throws ReplayUnavailableError when events after `lastEventId` are no longer kept:
   *   trimmed from the log before this node's feed started, or older than the last
   *   `replay` events this node keeps.
   * @throws ConfigurationError after `close()`, or for a `lastEventId` that is not an integer >= 0.
   */
  async attach(runId: string, options: EventSourceAttachOptions = {}): Promise<EventBatchReader> {
    checkOptions("RunEventFollower.attach", options, ATTACH_RULES);
    const lastEventId = options.lastEventId;
    if (lastEventId !== undefined && (!Number.isSafeInteger(lastEventId) || lastEventId < 0)) {
      throw new ConfigurationError(`RunEventFollower.attach: "lastEventId" must be an integer >= 0, got ${lastEventId}.`);
    }
    this.assertOpen();
    const head = await this.log.head(runId);
    this.assertOpen();
    if (head === undefined) throw new RunNotFoundError(runId);
    if (lastEventId !== undefined && lastEventId > head.lastSeq) throw new InvalidLastEventIdError(String(lastEventId), head.lastSeq);

    let entry = this.followed.get(runId);
    // A run resumed after its stream ended (or a feed that failed) is followed afresh.
    if (entry !== undefined && (entry.failure !== undefined || (entry.ended && head.lastSeq > positionOf(entry)))) {
      this.drop(entry);
      entry = undefined;
    }
    entry ??= this.start(runId, head.firstSeq - 1);
    this.hold(entry);
    let subscription: EventSubscription;
    try {
      if (lastEventId !== undefined) {
        if (lastEventId < floorOf(entry)) throw replayUnavailable(entry, lastEventId);
        if (lastEventId > positionOf(entry)) await this.reach(entry, lastEventId);
      }
      subscription = entry.hub.subscribe({
        // With nothing fed yet, every event to come is after `feedAfter >= lastEventId`.
        after: lastEventId === undefined ? entry.hub.replay.replayableAfter : Math.min(lastEventId, entry.hub.lastSeq),
        ...(this.highWaterMark === undefined ? {} : { highWaterMark: this.highWaterMark }),
        name: `${runId}#client`,
        onClose: () => this.release(entry),
      });
    } catch (error) {
      this.release(entry);
      throw error;
    }
    if (subscription.ended) this.release(entry); // the stream ended: replay only, not an attached client
    return new FollowReader(subscription, entry);
  }

  /**
   * Stops everything: every feed is aborted, every followed run dropped, the streams of
   * attached clients break (so they reconnect, perhaps to another node), and later
   * attaches throw. Idempotent.
   */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    const error = new Error("The RunEventFollower was closed.");
    for (const entry of [...this.followed.values()]) {
      entry.fail(error);
      this.drop(entry);
    }
  }

  private assertOpen(): void {
    if (this.isClosed) throw new ConfigurationError("RunEventFollower: it was closed.");
  }

  private start(runId: string, feedAfter: number): Followed {
    let reject: (error: unknown) => void = noop;
    const failed = new Promise<never>((_resolve, rejectFailed) => {
      reject = rejectFailed;
    });
    failed.catch(noop);
    const entry: Followed = {
      runId,
      hub: new EventHub({ replay: this.replay, ...(this.highWaterMark === undefined ? {} : { highWaterMark: this.highWaterMark }) }),
      controller: new AbortController(),
      feedAfter: Math.max(0, feedAfter),
      clients: 0,
      ended: false,
      failure: undefined,
      failed,
      fail: (error) => {
        if (entry.failure !== undefined) return;
        entry.failure = { error };
        reject(error);
        for (const waiter of entry.waiters) waiter.reject(error);
        entry.waiters.clear();
      },
      waiters: new Set(),
      timer: undefined,
    };
    this.followed.set(runId, entry);
    void this.feed(entry);
    return entry;
  }

  /** Reads the log into the hub until the stream ends, the feed is stopped, or the read fails. */
  private async feed(entry: Followed): Promise<void> {
    const { hub, controller } = entry;
    const signal = controller.signal;
    try {
      for await (const batch of this.log.read(entry.runId, entry.feedAfter, signal)) {
        for (const event of batch) {
          if (signal.aborted) return;
          if (event.seq <= positionOf(entry)) continue; // already fed (a log that repeats itself)
          const wait = hub.emit(event);
          this.wake(entry);
          if (wait !== undefined) await wait;
        }
        if (signal.aborted) return;
      }
      if (signal.aborted) return;
      entry.ended = true;
      hub.close();
      // The stream ended before reaching what they asked for: no client can have it.
      for (const waiter of entry.waiters) waiter.reject(new InvalidLastEventIdError(String(waiter.seq), positionOf(entry)));
      entry.waiters.clear();
      this.schedule(entry, this.keepFinishedMs);
    } catch (error) {
      if (signal.aborted) return;
      entry.fail(error);
      this.drop(entry);
      const onError = this.onError;
      if (onError !== undefined) {
        try {
          onError(error, entry.runId);
        } catch {
          // A failing error handler must not disturb the other runs.
        }
      }
    }
  }

  /** Waits until the hub of `entry` has reached `seq`. */
  private reach(entry: Followed, seq: number): Promise<void> {
    if (entry.failure !== undefined) return Promise.reject(entry.failure.error);
    if (positionOf(entry) >= seq) return Promise.resolve();
    if (entry.ended) return Promise.reject(new InvalidLastEventIdError(String(seq), positionOf(entry)));
    return new Promise<void>((resolve, reject) => {
      entry.waiters.add({ seq, resolve, reject });
    });
  }

  private wake(entry: Followed): void {
    if (entry.waiters.size === 0) return;
    const position = positionOf(entry);
    for (const waiter of entry.waiters) {
      if (waiter.seq <= position) {
        entry.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  private hold(entry: Followed): void {
    entry.clients++;
    if (!entry.ended) this.cancelTimer(entry);
  }

  private release(entry: Followed): void {
    entry.clients = Math.max(0, entry.clients - 1);
    if (entry.clients === 0 && !entry.ended && entry.failure === undefined && this.followed.get(entry.runId) === entry) {
      this.schedule(entry, this.idleMs);
    }
  }

  /** Drops `entry` after `ms` (the idle or the keep-finished delay). */
  private schedule(entry: Followed, ms: number): void {
    this.cancelTimer(entry);
    if (ms === Infinity) return;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (entry.ended || entry.clients === 0) this.drop(entry);
    }, ms);
    (entry.timer as { unref?: () => void }).unref?.(); // Node: do not keep the process alive
  }

  private cancelTimer(entry: Followed): void {
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  /** Stops the feed of `entry` and forgets it. */
  private drop(entry: Followed): void {
    this.cancelTimer(entry);
    if (this.followed.get(entry.runId) === entry) this.followed.delete(entry.runId);
    entry.controller.abort();
  }
}

/**
 * Starts following runs of `log` on this node: shorthand for
 * `new RunEventFollower(log, options)`.
 *
 * @example
 * const follower = followRunEvents(log, { idleMs: 10_000 });
 * app.get("/runs/:id/events", (req, res) => {
 *   void sendSse(req, res, follower.run(req.params.id), { onError: (error) => console.warn(error) });
 * });
 */
export function followRunEvents(log: RunEventLog, options: RunEventFollowerOptions = {}): RunEventFollower {
  return new RunEventFollower(log, options);
}

/** Smallest `Last-Event-ID` the entry can resume from without a gap. */
function floorOf(entry: Followed): number {
  return Math.max(entry.feedAfter, entry.hub.replay.replayableAfter);
}

/** The last `seq` the entry has seen: the hub's last event, or where its feed started. */
function positionOf(entry: Followed): number {
  return Math.max(entry.feedAfter, entry.hub.lastSeq);
}

function replayUnavailable(entry: Followed, after: number): ReplayUnavailableError {
  const oldest = entry.hub.replay.oldestSeq;
  return new ReplayUnavailableError(after, oldest ?? null, floorOf(entry));
}

function durationOf(name: string, value: number | undefined, fallback: number): number {
  const ms = value ?? fallback;
  if (typeof ms !== "number" || Number.isNaN(ms) || ms < 0)
    throw new ConfigurationError(`RunEventFollower: "${name}" must be a number >= 0, got ${String(ms)}.`);
  return ms > MAX_TIMER_MS ? Infinity : ms;
}

/** A client's reader: the hub subscription, broken when the run's feed fails. */
class FollowReader implements EventBatchReader {
  constructor(
    private readonly subscription: EventSubscription,
    private readonly entry: Followed,
  ) {}

  next(): Promise<IteratorResult<StreamEvent>> {
    const { subscription, entry } = this;
    if (subscription.size > 0 || subscription.ended) return subscription.next();
    if (entry.failure !== undefined) {
      subscription.close();
      return Promise.reject(entry.failure.error);
    }
    return Promise.race([subscription.next(), entry.failed]).catch((error: unknown) => {
      subscription.close();
      throw error;
    });
  }

  takeQueued(): readonly StreamEvent[] {
    return this.subscription.takeQueued();
  }

  close(): void {
    this.subscription.close();
  }
}
