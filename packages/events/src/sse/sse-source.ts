import type { StreamEvent } from "@baton/core";
import type { EventSubscription } from "../bus/event-subscription.js";
import type { RunSession } from "../session/run-session.js";

/** What the SSE writers stream: a run session, a hub subscription, or any event iterable. */
export type SseSource = RunSession | EventSubscription | AsyncIterable<StreamEvent>;

/**
 * The reading side the SSE writers use: the next event (waiting), the events
 * already queued (no waiting, for batching), and an early stop. Internal.
 */
export interface EventBatchReader {
  next(): Promise<IteratorResult<StreamEvent>>;
  takeQueued(): readonly StreamEvent[];
  close(): void;
}

const DONE: IteratorResult<StreamEvent> = Object.freeze({ value: undefined, done: true });
const NONE: readonly StreamEvent[] = Object.freeze([]);

/** Whether `source` is a run session (checked by shape, so two copies of the package interoperate). */
export function isRunSession(source: unknown): source is RunSession {
  return typeof source === "object" && source !== null && typeof (source as RunSession).attach === "function" && "hub" in source;
}

/**
 * A reader over `source`, attaching to a run session with `lastEventId`.
 *
 * @throws ReplayUnavailableError when a session cannot resume after `lastEventId`.
 */
export function openEventReader(source: SseSource, lastEventId: number | undefined): EventBatchReader {
  if (isRunSession(source)) return source.attach(lastEventId === undefined ? {} : { lastEventId });
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
