import type { EventSink, InterruptDecisions, Message, RunFence, RunResult } from "@baton/core";

/** Options a worker gives {@link QueueAgent.run}. */
export interface QueueAgentRunOptions {
  readonly runId: string;
  readonly conversationId?: string;
  readonly userId?: string;
  readonly context?: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal;
  readonly sinks: readonly EventSink[];
  /**
   * `"attempt"` when the worker retries runs whose model calls fail retryably: such an
   * error then ends only this attempt and leaves the run resumable (the loop's run
   * option of that name; the result says `resumable: true`).
   */
  readonly retryableErrorEnds: "run" | "attempt";
  /**
   * Called synchronously each time the run takes its claim (this attempt's start, or
   * its resume), before the attempt emits any event: the claim's fencing token fences
   * the run's relayed events, so a worker whose claim another attempt took over can no
   * longer write them (the loop's run option of that name). An agent that does not call
   * it relays its events unfenced.
   */
  readonly onClaim?: (claim: RunFence) => void;
}

/** Options a worker gives {@link QueueAgent.resume}. */
export interface QueueAgentResumeOptions {
  readonly decisions?: InterruptDecisions;
  readonly context?: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal;
  readonly sinks: readonly EventSink[];
  /**
   * `"attempt"` when the worker retries runs whose model calls fail retryably: such an
   * error then ends only this attempt and leaves the run resumable (the loop's run
   * option of that name; the result says `resumable: true`).
   */
  readonly retryableErrorEnds: "run" | "attempt";
  /**
   * Called synchronously each time the run takes its claim (this attempt's start, or
   * its resume), before the attempt emits any event: the claim's fencing token fences
   * the run's relayed events, so a worker whose claim another attempt took over can no
   * longer write them (the loop's run option of that name). An agent that does not call
   * it relays its events unfenced.
   */
  readonly onClaim?: (claim: RunFence) => void;
}

/**
 * An agent a worker can run: what `createAgent()` of the `@baton/sdk` package returns fits
 * as is (give it `storage`, the same the worker has, so its runs can be resumed by
 * another worker). Functions are not serialized: each worker process builds its agents
 * and registers them by name; a job carries only the name.
 */
export interface QueueAgent {
  /** Starts a new run with the given id. */
  run(input: string | readonly Message[], options: QueueAgentRunOptions): Promise<RunResult>;
  /** Continues the stored run `runId` from its last checkpoint (after a crash, or a pause with `decisions`). */
  resume(runId: string, options: QueueAgentResumeOptions): Promise<RunResult>;
}
