import { optionIs as is, type OptionRule, type OptionRules } from "@baton/core";
import { aNumber, SSE_STREAM_RULES } from "../options/option-rules.js";
import type { SseHandlerOptions } from "./create-sse-handler.js";
import type { SendSseOptions } from "./send-sse.js";

/** Keys of `sendSse(req, res, source, options)`. */
export const SEND_SSE_RULES = { ...SSE_STREAM_RULES, onError: is.function } satisfies Record<keyof SendSseOptions, OptionRule> satisfies OptionRules;

/** Keys of `createSseHandler(start, options)`. */
export const SSE_HANDLER_RULES = { ...SSE_STREAM_RULES, highWaterMark: aNumber, onError: is.function } satisfies Record<
  keyof SseHandlerOptions,
  OptionRule
> satisfies OptionRules;
