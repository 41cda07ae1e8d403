/**
 * `@baton/core/event-queue`: the bounded, single-consumer queue with backpressure that
 * turns a run's emitted events into an async iterator. The loop's `stream()` and the
 * event hub's subscriptions are built on it; it is runtime, so it is kept apart from the
 * contracts at the root of `@baton/core`.
 * @packageDocumentation
 */
export { EventQueue, type EventQueueOptions } from "./event-queue.js";
