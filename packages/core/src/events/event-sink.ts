import type { StreamEvent } from "./stream-event.js";

/**
 * Receives a run's events in order. `emit` is called synchronously as events happen;
 * a sink must not throw (the loop isolates one that does) and should hand slow work off.
 *
 * @example
 * const sink: EventSink = { emit: (event) => console.log(event.seq, event.type) };
 */
export interface EventSink {
  emit(event: StreamEvent): void;
}
