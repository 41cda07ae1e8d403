import { optionIs as is, requiredOption, type OptionRule, type OptionRules } from "@baton/core";
import type { EventCallbackOptions, EventHubOptions, SubscribeOptions } from "../bus/event-hub.js";
import type { AttachOptions, RunSessionOptions } from "../session/run-session.js";
import type { RunSessionsOptions } from "../session/run-sessions.js";
import type { SseStreamOptions } from "../sse/sse-stream-options.js";
import type { SseResponseOptions } from "../sse/sse-response.js";
import type { ToUiMessageStreamOptions } from "../ui/to-ui-message-stream-options.js";
import type { UiMessageStreamResponseInit } from "../ui/ui-message-stream-response.js";
import { headersInit } from "../client/client-option-rules.js";
import type { ProgressGroupOptions } from "../progress/progress-group.js";
import type { ProgressLogGroupsOptions } from "../progress/progress-log.js";

/**
 * Any number. Used where the function checks the range itself afterwards, with the
 * messages it always gave (e.g. `EventHub: "replay" must be an integer >= 0`).
 */
export const aNumber: OptionRule = { expected: "a number", test: (v) => typeof v === "number" };
/** A `Request` (any object: checked as an object so that every fetch implementation's `Request` is accepted). */
const request = is.objectWith("a Request");

/** Keys of `new EventHub(options)`. */
export const EVENT_HUB_RULES = { replay: aNumber, highWaterMark: aNumber, onConsumerError: is.function } satisfies Record<
  keyof EventHubOptions,
  OptionRule
> satisfies OptionRules;
/** Keys of `hub.on(callback, options)`. */
export const EVENT_CALLBACK_RULES = { name: is.string } satisfies Record<keyof EventCallbackOptions, OptionRule> satisfies OptionRules;
/** Keys of `hub.subscribe(options)`. */
export const SUBSCRIBE_RULES = { after: aNumber, highWaterMark: aNumber, name: is.string, onClose: is.function } satisfies Record<
  keyof SubscribeOptions,
  OptionRule
> satisfies OptionRules;
/** Keys of `startRunSession(options)` and `sessions.create(options)`. */
export const RUN_SESSION_RULES = {
  start: is.function,
  id: is.nonEmptyString,
  replay: aNumber,
  highWaterMark: aNumber,
  disconnectGraceMs: aNumber,
  abortOnDisconnect: is.boolean,
  onConsumerError: is.function,
} satisfies Record<keyof RunSessionOptions, OptionRule> satisfies OptionRules;
/** Keys of `session.attach(options)`. */
export const ATTACH_RULES = { lastEventId: aNumber, name: is.string, highWaterMark: aNumber } satisfies Record<
  keyof AttachOptions,
  OptionRule
> satisfies OptionRules;
/** Keys of `new RunSessions(options)`. */
export const RUN_SESSIONS_RULES = { keepFinishedMs: aNumber } satisfies Record<keyof RunSessionsOptions, OptionRule> satisfies OptionRules;
/** Keys the SSE writers share (`sendSse` of `@baton/events/node` adds `onError`); with `request`, of `sseResponse`. */
export const SSE_STREAM_RULES = {
  heartbeatMs: aNumber,
  retryMs: aNumber,
  headers: is.object,
  writeTimeoutMs: aNumber,
} satisfies Record<keyof SseStreamOptions, OptionRule> satisfies OptionRules;
/** Keys of `sseResponse(source, options)`. */
export const SSE_RESPONSE_RULES = { ...SSE_STREAM_RULES, request } satisfies Record<keyof SseResponseOptions, OptionRule> satisfies OptionRules;
/** Keys of `toUiMessageStream(events, options)`, `new UiMessageChunkIterator(events, options)` and `new UiMessageStreamMapper(options)`. */
export const UI_MESSAGE_STREAM_RULES = {
  messageId: is.string,
  sendStart: is.boolean,
  sendFinish: is.boolean,
  sendReasoning: is.boolean,
  dynamicTools: is.boolean,
  forwardEvents: is.boolean,
  resumed: is.boolean,
  errorText: is.function,
  messageMetadata: is.function,
} satisfies Record<keyof ToUiMessageStreamOptions, OptionRule> satisfies OptionRules;
/** Keys of `uiMessageStreamResponse(events, init)`. */
export const UI_MESSAGE_STREAM_RESPONSE_RULES = {
  ...UI_MESSAGE_STREAM_RULES,
  status: is.positiveInteger,
  statusText: is.string,
  headers: headersInit,
} satisfies Record<keyof UiMessageStreamResponseInit, OptionRule> satisfies OptionRules;
/** Keys of `new ProgressGroup(options)`. */
export const PROGRESS_GROUP_RULES = {
  name: requiredOption(is.string),
  icon: is.string,
  report: requiredOption(is.function),
  now: is.function,
} satisfies Record<keyof ProgressGroupOptions, OptionRule> satisfies OptionRules;
/** Keys of the options of `ProgressGroup.forTool(ctx, name, icon, options)`. */
export const FOR_TOOL_RULES = { now: is.function } satisfies OptionRules;
/** Keys of `log.groups(toolCallId, options)`. */
export const PROGRESS_LOG_GROUPS_RULES = { agentPath: is.string } satisfies Record<keyof ProgressLogGroupsOptions, OptionRule> satisfies OptionRules;
