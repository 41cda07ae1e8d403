import type { RunSessions } from "@baton/events";
import type { EventRecorder } from "@baton/viewer";
import type { Pace } from "../agent/pace.js";

/** What the run routes share. */
export interface RunRoutesState {
  /** The runs in progress and recently finished, by id. */
  readonly sessions: RunSessions;
  /** Keeps each run's events for the run viewer, when set. */
  readonly recorder?: EventRecorder;
  /** Aborted when the server closes: every run still going is aborted with it. */
  readonly shutdown: AbortSignal;
  /** How fast the scripted runs play. */
  readonly pace: Pace;
  /** Heartbeat comment interval of event streams. */
  readonly heartbeatMs: number;
  /** Runs going at once before `POST /api/runs` answers 429. */
  readonly maxConcurrentRuns: number;
  /**
   * Ends a run's first event stream after this many events, as if the connection
   * dropped, so the page's reconnection (Last-Event-ID) can be seen and tested.
   * Streams that resume with a Last-Event-ID are never cut. Off when undefined.
   */
  readonly dropFirstStreamAfter?: number;
}

/** Ids the routes accept: what `randomUUID()` makes, and similar. */
export const RUN_ID_PATTERN = "(?<id>[A-Za-z0-9_-]{1,100})";
