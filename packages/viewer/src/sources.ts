import type { DataPolicy, EventSink, RunEventLog, StreamEvent } from "@baton/core";
import { redactEvent } from "./redact-event.js";

/** Options of {@link createEventRecorder}. */
export interface EventRecorderOptions {
  /** Runs kept; the run recorded first is dropped beyond it. Default 100. */
  readonly maxRuns?: number;
  /** Events kept per run; later events of a run beyond it are dropped (the run is marked truncated). Default 100,000. */
  readonly maxEventsPerRun?: number;
  /** Keep only what this data policy lets a run store: excluded content is replaced as it is recorded ({@link redactEvent}). Default: everything. */
  readonly dataPolicy?: DataPolicy;
}

/** An {@link EventSink} that keeps recent runs' events in memory, for the viewer's `events` source. */
export interface EventRecorder extends EventSink {
  /** Records one event (pass the recorder as a run's sink, or call it from `onEvent`). */
  emit(event: StreamEvent): void;
  /** The events recorded for `runId`, in order; `undefined` when it was never recorded (or was dropped). */
  events(runId: string): readonly StreamEvent[] | undefined;
  /** Whether events of `runId` were dropped beyond `maxEventsPerRun`. */
  truncated(runId: string): boolean;
  /** Run ids recorded, oldest first. */
  runIds(): string[];
  /** Forgets a run. */
  delete(runId: string): void;
}

/**
 * A bounded in-memory event store for apps that keep no event log: pass it as a run's
 * sink (`sinks: [recorder]` of `run` in `@baton/loop`), and `recorder.events` as the
 * viewer's `events` source. Events are kept as given, or as `dataPolicy` allows (pass
 * the run's policy: events carry everything a run does, the policy applies to what is
 * stored). Runs are dropped oldest first beyond `maxRuns`.
 *
 * @example
 * const recorder = createEventRecorder();
 * await run({ ..., sinks: [recorder] });
 * const viewer = createViewerHandler({ events: recorder.events });
 */
export function createEventRecorder(options: EventRecorderOptions = {}): EventRecorder {
  const maxRuns = options.maxRuns ?? 100;
  const maxEvents = options.maxEventsPerRun ?? 100_000;
  if (!Number.isInteger(maxRuns) || maxRuns < 1) throw new RangeError(`maxRuns must be an integer >= 1, got ${maxRuns}.`);
  if (!Number.isInteger(maxEvents) || maxEvents < 1) throw new RangeError(`maxEventsPerRun must be an integer >= 1, got ${maxEvents}.`);
  const policy = options.dataPolicy;
  const runs = new Map<string, { events: StreamEvent[]; truncated: boolean }>();
  return {
    emit(event) {
      let entry = runs.get(event.runId);
      if (!entry) {
        entry = { events: [], truncated: false };
        runs.set(event.runId, entry);
        while (runs.size > maxRuns) runs.delete(runs.keys().next().value!);
      }
      if (entry.events.length < maxEvents) entry.events.push(policy ? redactEvent(event, policy) : event);
      else entry.truncated = true;
    },
    events: (runId) => runs.get(runId)?.events,
    truncated: (runId) => runs.get(runId)?.truncated ?? false,
    runIds: () => [...runs.keys()],
    delete: (runId) => void runs.delete(runId),
  };
}

/**
 * What a {@link RunEventLog} holds of `runId` now: its events up to the head (at most
 * `maxEvents`), and whether the run's stream ended. `undefined` when the log does not
 * know the run. Events trimmed from the log are missing (the rows start later).
 */
export async function readLoggedEvents(
  log: RunEventLog,
  runId: string,
  maxEvents: number,
): Promise<{ events: StreamEvent[]; ended: boolean; truncated: boolean } | undefined> {
  const head = await log.head(runId);
  if (!head) return undefined;
  const events: StreamEvent[] = [];
  let truncated = false;
  if (head.lastSeq >= head.firstSeq) {
    const stop = new AbortController();
    try {
      for await (const batch of log.read(runId, head.firstSeq - 1, stop.signal)) {
        let done = false;
        for (const event of batch) {
          if (event.seq > head.lastSeq) {
            done = true;
            break;
          }
          if (events.length >= maxEvents) {
            truncated = true;
            done = true;
            break;
          }
          events.push(event);
          if (event.seq >= head.lastSeq) done = true;
        }
        if (done) break;
      }
    } finally {
      stop.abort();
    }
  }
  return { events, ended: head.ended, truncated };
}
