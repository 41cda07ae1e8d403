import type { EventSink, StreamEvent } from "@baton/core";

const OPENING_TYPES = new Set<string>(["run-start", "error", "run-end"]);

/**
 * Stands between an attempt's run and the relay. It holds the attempt's first events
 * (`run-start`, `error`, `run-end`) until the attempt shows it really runs (any other
 * event), so an attempt that only finds the run still held by a worker whose lease has
 * not lapsed yet leaves nothing in the relay; once open, it passes events straight
 * through. With `holdEnd`, it also holds the root run's closing `error` and `run-end`
 * until the attempt's outcome is known: an attempt that ended on a retryable model
 * error and will be retried later drops them ({@link discardEnd}), so readers of the
 * relay see the run go on rather than end.
 */
export class RelayGate implements EventSink {
  private held: StreamEvent[] | undefined = [];
  /** The root's closing events, held (with `holdEnd`). */
  private ending: StreamEvent[] = [];
  /** The root run's agent path (from its `run-start`). */
  private rootPath: string | undefined;

  constructor(
    private readonly target: EventSink,
    private readonly holdEnd = false,
  ) {}

  /** Whether events pass through. */
  get open(): boolean {
    return this.held === undefined;
  }

  emit(event: StreamEvent): unknown {
    if (this.holdEnd) {
      if (event.type === "run-start" && this.rootPath === undefined && event.parentAgentPath === undefined) this.rootPath = event.agentPath;
      if ((event.type === "error" || event.type === "run-end") && event.agentPath === this.rootPath) {
        this.ending.push(event);
        return undefined;
      }
      // A root `error` that did not end the run (a late storage write, say) goes on as usual.
      if (this.ending.length > 0) this.passEnding();
    }
    return this.pass(event);
  }

  private pass(event: StreamEvent): unknown {
    const held = this.held;
    if (held === undefined) return this.target.emit(event);
    if (OPENING_TYPES.has(event.type)) {
      held.push(event);
      return undefined;
    }
    return this.release(event);
  }

  private passEnding(): unknown {
    const ending = this.ending;
    this.ending = [];
    let wait: unknown;
    for (const event of ending) wait = this.pass(event) ?? wait;
    return wait;
  }

  /** Passes on the held events (and `next`), the root's closing ones included, and every later event. */
  release(next?: StreamEvent): unknown {
    const held = this.held ?? [];
    this.held = undefined;
    let wait: unknown;
    for (const event of held) wait = this.target.emit(event) ?? wait;
    if (next !== undefined) wait = this.target.emit(next) ?? wait;
    if (this.ending.length > 0) wait = this.passEnding() ?? wait;
    return wait;
  }

  /** Drops the root's closing events held so far (the run goes on in a later attempt). */
  discardEnd(): void {
    this.ending = [];
  }

  /** Drops the held events (the attempt did not run). */
  discard(): void {
    if (this.held !== undefined) this.held = [];
    this.ending = [];
  }
}
