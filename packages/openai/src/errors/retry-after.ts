export { retryAfterMs, type HeaderSource } from "@baton/core";
