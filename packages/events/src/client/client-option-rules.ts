import { optionIs as is, type OptionRule, type OptionRules } from "@baton/core";
import type { DecodeSseOptions } from "./decode-sse-events.js";
import type { StreamRunEventsOptions } from "./stream-run-events.js";

// The client's option rules, apart from the others so that the client imports nothing of Node.

/** Headers as `fetch` takes them: a `Headers`, an array of pairs or a record. */
export const headersInit: OptionRule = { expected: "headers (a Headers, an array of pairs or an object)", test: (v) => typeof v === "object" && v !== null };

/** A number >= 0 (`Infinity` included: retry for ever). */
const atLeastZero: OptionRule = { expected: "a number >= 0", test: (v) => typeof v === "number" && v >= 0 };
/** A number > 0 (`Infinity` included: no limit). */
const aboveZero: OptionRule = { expected: "a number > 0", test: (v) => typeof v === "number" && v > 0 };

/** Keys of `decodeSseEvents(body, options)`. */
export const DECODE_SSE_RULES = {
  onComment: is.function,
  onRetry: is.function,
  maxMessageSize: aboveZero,
  onUnknownEvent: is.function,
  strict: is.boolean,
} satisfies Record<keyof DecodeSseOptions, OptionRule> satisfies OptionRules;
/** Keys of `streamRunEvents(url, options)`. */
export const STREAM_RUN_EVENTS_RULES = {
  onUnknownEvent: is.function,
  strict: is.boolean,
  fetch: is.function,
  lastEventId: is.nonNegativeInteger,
  maxRetries: atLeastZero,
  retryDelayMs: atLeastZero,
  signal: is.abortSignal,
  headers: headersInit,
} satisfies Record<keyof StreamRunEventsOptions, OptionRule> satisfies OptionRules;
