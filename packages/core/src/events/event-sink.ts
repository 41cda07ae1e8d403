import type { StreamEvent } from "./stream-event.js";

/**
 * Receives a run's events in order. `emit` is called synchronously as events happen;
 * a sink must not throw (the loop isolates one that does) and should hand slow work off.
 *
 * Backpressure: a sink whose buffer is full returns a promise from `emit`. The
 * producer then waits for it before producing more: the loop stops pulling the
 * model's stream and tools' streams, and `ctx.progress()` returns the promise for a
 * tool to await. Events are never dropped. A sink with room returns nothing (any
 * value that is not a promise is ignored, so `(event) => list.push(event)` is a sink).
 *
 * @example
 * const sink: EventSink = { emit: (event) => console.log(event.seq, event.type) };
 */
export interface EventSink {
  /** Takes one event; a promise returned means the sink is full, and the run waits for it. */
  emit(event: StreamEvent): unknown;
}
