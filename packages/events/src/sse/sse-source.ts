import type { StreamEvent } from "@baton/core";
import type { EventSubscription } from "../bus/event-subscription.js";
import type { RunSession } from "../session/run-session.js";

/**
 * What the SSE writers stream: a run session, any source a client attaches to with its
 * `Last-Event-ID` (such as `RunEventFollower.run(runId)`), a hub subscription, or any
 * event iterable.
 */
export type SseSource = RunSession | AttachableEventSource | EventSubscription | AsyncIterable<StreamEvent>;

/**
 * The reading side the SSE writers use: the next event (waiting), the events
 * already queued (no waiting, for batching), and an early stop. An
 * `EventSubscription` is one.
 */
export interface EventBatchReader {
  /** The next event, waiting for one; `done` once the stream ended. Rejects when the stream broke. */
  next(): Promise<IteratorResult<StreamEvent>>;
  /** Every event already queued, without waiting (an empty array when none is). */
  takeQueued(): readonly StreamEvent[];
  /** Stops reading (the client left); detaches the client from its source. */
  close(): void;
}

/** Options the SSE writers give to {@link AttachableEventSource.attach}. */
export interface EventSourceAttachOptions {
  /** The `seq` of the last event the client has (its `Last-Event-ID`); absent for a new client. */
  readonly lastEventId?: number;
}

/**
 * A source of events a client attaches to, resuming after its `Last-Event-ID`: a
 * `RunSession`, a run followed from an event log (`RunEventFollower.run(runId)`), or
 * your own. `sendSse` and `sseResponse` call `attach` with the request's
 * `Last-Event-ID` (or `lastEventId` query parameter), stream the reader, and close it
 * when the client leaves. `attach` may be asynchronous; the errors it throws (or
 * rejects with) become JSON answers: `InvalidLastEventIdError` 400,
 * `RunNotFoundError` 404, `ReplayUnavailableError` 410; others are rethrown.
 *
 * @example
 * const source: AttachableEventSource = {
 *   attach: async ({ lastEventId }) => hub.subscribe({ after: lastEventId ?? 0 }),
 * };
 * await sendSse(req, res, source);
 */
export interface AttachableEventSource {
  /** Attaches one client; the reader yields the events after `lastEventId` (or all kept), then the live ones. */
  attach(options: EventSourceAttachOptions): EventBatchReader | PromiseLike<EventBatchReader>;
}

const DONE: IteratorResult<StreamEvent> = Object.freeze({ value: undefined, done: true });
const NONE: readonly StreamEvent[] = Object.freeze([]);

/** Whether `source` is a run session (checked by shape, so two copies of the package interoperate). */
export function isRunSession(source: unknown): source is RunSession {
  return typeof source === "object" && source !== null && typeof (source as RunSession).attach === "function" && "hub" in source;
}

/** Whether `source` can be attached to (checked by shape, so two copies of the package interoperate). */
export function isAttachableEventSource(source: unknown): source is AttachableEventSource {
  return typeof source === "object" && source !== null && typeof (source as AttachableEventSource).attach === "function";
}

/**
 * A reader over `source`, attaching an attachable source (a run session, a followed
 * run) with `lastEventId`. Internal.
 *
 * @throws ReplayUnavailableError when the source cannot resume after `lastEventId`
 *   (and whatever else its `attach` throws: `InvalidLastEventIdError`, `RunNotFoundError`, …).
 */
export async function openEventReader(source: SseSource, lastEventId: number | undefined): Promise<EventBatchReader> {
  return attachEventReader(source, lastEventId);
}

/**
 * {@link openEventReader} without the promise when the source attaches synchronously
 * (everything but an attachable source whose `attach` returns a promise), for
 * `sseResponse`, which answers synchronously for those. Internal.
 */
export function attachEventReader(source: SseSource, lastEventId: number | undefined): EventBatchReader | PromiseLike<EventBatchReader> {
  if (isRunSession(source) || isAttachableEventSource(source)) return source.attach(lastEventId === undefined ? {} : { lastEventId });
  if (isBatchReader(source)) return source;
  return iterableReader(source);
}

function isBatchReader(source: object): source is EventSubscription {
  const candidate = source as Partial<EventBatchReader>;
  return typeof candidate.takeQueued === "function" && typeof candidate.next === "function" && typeof candidate.close === "function";
}

/** Reads any async iterable; `close()` stops at once, even while a read is pending. */
function iterableReader(source: AsyncIterable<StreamEvent>): EventBatchReader {
  const iterator = source[Symbol.asyncIterator]();
  let closed = false;
  let stop: ((result: IteratorResult<StreamEvent>) => void) | undefined;
  const stopped = new Promise<IteratorResult<StreamEvent>>((resolve) => {
    stop = resolve;
  });
  return {
    next: () => (closed ? Promise.resolve(DONE) : Promise.race([iterator.next(), stopped])),
    takeQueued: () => NONE,
    close: () => {
      if (closed) return;
      closed = true;
      stop?.(DONE);
      try {
        const returned = iterator.return?.();
        returned?.then(undefined, () => undefined);
      } catch {
        // The source failed while stopping; the stream is over either way.
      }
    },
  };
}
