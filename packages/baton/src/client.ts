/**
 * `baton/client`: the browser-safe event client of `@baton/events/client`: the
 * Server-Sent Events decoder, the reconnecting run-event client and the event guards.
 * @packageDocumentation
 */
export * from "@baton/events/client";
