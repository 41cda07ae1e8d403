/**
 * `@baton/events/node`: the Server-Sent Events writers for Node's `http` module
 * (`IncomingMessage` / `ServerResponse`, and frameworks built on them such as
 * Express and Fastify's raw request). Kept apart from the root export so that the
 * root's types need only Web standards (`Request`, `Response`, `ReadableStream`), not
 * `@types/node`; Web runtimes use `sseResponse` from `@baton/events` instead.
 * @packageDocumentation
 */

export { sendSse, type SendSseOptions } from "./send-sse.js";
export { createSseHandler, type SseRunStarter, type SseHandlerOptions } from "./create-sse-handler.js";
export { DEFAULT_HEARTBEAT_MS, DEFAULT_WRITE_TIMEOUT_MS, type SseStreamOptions } from "../sse/sse-stream-options.js";
