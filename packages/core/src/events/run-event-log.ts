import type { StreamEvent } from "./stream-event.js";

/** Where a run's event log stands. */
export interface RunEventLogHead {
  /** `seq` of the last event written (0 when none yet). */
  readonly lastSeq: number;
  /** `seq` of the oldest event still kept (events before it were trimmed); `lastSeq + 1` when none is kept. */
  readonly firstSeq: number;
  /** Whether the run's stream has ended: nothing will be appended (until the run is resumed). */
  readonly ended: boolean;
}

/**
 * A run's events kept outside the process that runs it, so any process can follow
 * the run: a worker appends them, API nodes read them and serve them to clients
 * (with `Last-Event-ID` replay). Sequence numbers are the log's own: strictly
 * increasing by one across the whole life of the run, also when it is resumed by
 * another process after a crash, so a client can reconnect anywhere.
 *
 * Implementations: `@baton/queue`'s Redis Streams log; `@baton/events` serves any
 * implementation over SSE.
 */
export interface RunEventLog {
  /** Where the log of `runId` stands; `undefined` when nothing is known of the run. */
  head(runId: string): Promise<RunEventLogHead | undefined>;
  /**
   * The events of `runId` with `seq > after`, in order, in batches as they arrive.
   * Waits for more until the stream ended (then the iteration ends) or `signal`
   * aborts (then it ends too). Throws a `BatonError` with code `REPLAY_UNAVAILABLE`
   * when events after `after` were already trimmed.
   */
  read(runId: string, after: number, signal: AbortSignal): AsyncIterable<readonly StreamEvent[]>;
}
