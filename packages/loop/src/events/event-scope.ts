import type { EventSink, StreamEvent, UnstampedEvent } from "@baton/core";

/**
 * The event fan-out of one run tree: the parent run and all its sub-agents share one
 * scope, so sequence numbers stay strictly increasing across every agent.
 */
export class EventScope {
  private seq = 0;
  private readonly sinks: EventSink[];
  /** Errors thrown by sinks; a throwing sink never disturbs the run or the other sinks. */
  readonly sinkErrors: unknown[] = [];

  constructor(readonly runId: string, sinks: readonly EventSink[]) {
    this.sinks = [...sinks];
  }

  /** Whether anyone listens; when not, callers may skip building events. */
  get active(): boolean {
    return this.sinks.length > 0;
  }

  /**
   * Stamps an event with run id, agent path, sequence number and time, and delivers
   * it to every sink in order. Returns the stamped event; when nobody listens it is
   * not even built, unless `force` asks for it.
   */
  emit(agentPath: string, event: UnstampedEvent, force = false): StreamEvent | undefined {
    if (this.sinks.length === 0 && !force) return undefined;
    const stamped = { ...event, runId: this.runId, agentPath, seq: ++this.seq, timestamp: Date.now() } as StreamEvent;
    for (const sink of this.sinks) {
      try {
        sink.emit(stamped);
      } catch (error) {
        if (this.sinkErrors.length < 100) this.sinkErrors.push(error);
      }
    }
    return stamped;
  }
}
