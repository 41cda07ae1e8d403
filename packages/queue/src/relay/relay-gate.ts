import type { EventSink, StreamEvent } from "@baton/core";

const OPENING_TYPES = new Set<string>(["run-start", "error", "run-end"]);

/**
 * Holds an attempt's first events (`run-start`, `error`, `run-end`) until the attempt
 * shows it really runs (any other event), so an attempt that only finds the run still
 * held by a worker whose lease has not lapsed yet leaves nothing in the relay. Once
 * open, it passes events straight through.
 */
export class RelayGate implements EventSink {
  private held: StreamEvent[] | undefined = [];

  constructor(private readonly target: EventSink) {}

  /** Whether events pass through. */
  get open(): boolean {
    return this.held === undefined;
  }

  emit(event: StreamEvent): unknown {
    const held = this.held;
    if (held === undefined) return this.target.emit(event);
    if (OPENING_TYPES.has(event.type)) {
      held.push(event);
      return undefined;
    }
    return this.release(event);
  }

  /** Passes on the held events (and `next`), and every later event. */
  release(next?: StreamEvent): unknown {
    const held = this.held ?? [];
    this.held = undefined;
    let wait: unknown;
    for (const event of held) wait = this.target.emit(event) ?? wait;
    if (next !== undefined) wait = this.target.emit(next) ?? wait;
    return wait;
  }

  /** Drops the held events (the attempt did not run). */
  discard(): void {
    if (this.held !== undefined) this.held = [];
  }
}
