/**
 * `@baton/sdk/node`: the Server-Sent Events writers for Node's `http` module of
 * `@baton/events/node` (`sendSse`, `createSseHandler`). The root `@baton/sdk` keeps to
 * Web standards (`sseResponse` returns a `Response`).
 * @packageDocumentation
 */
export {
  createSseHandler,
  DEFAULT_HEARTBEAT_MS,
  DEFAULT_WRITE_TIMEOUT_MS,
  sendSse,
  type SendSseOptions,
  type SseHandlerOptions,
  type SseRunStarter,
  type SseStreamOptions,
} from "@baton/events/node";
