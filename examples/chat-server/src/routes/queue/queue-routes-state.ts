import type { RunEventFollower } from "@baton/events";
import type { RunQueue } from "@baton/queue";

/** What the run routes of the queue mode share. */
export interface QueueRoutesState {
  /** Enqueues runs for the workers and aborts them. */
  readonly queue: RunQueue;
  /** Follows the runs' events in Redis (`queue.events`) for this node's SSE clients. */
  readonly follower: RunEventFollower;
  /** The agent name jobs carry; the workers register the chat agent under it. */
  readonly agent: string;
  /** Heartbeat comment interval of event streams. */
  readonly heartbeatMs: number;
  /** Runs waiting or running in the queue (all HTTP nodes) before `POST /api/runs` answers 429. */
  readonly maxConcurrentRuns: number;
}
