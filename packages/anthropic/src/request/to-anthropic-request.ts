import { checkOptions, optionIs as is, type ModelInfo, type ModelRequest, type OptionRule } from "@baton/core";
import { toAnthropicMessages } from "../messages/to-anthropic-messages.js";
import type { AnthropicStreamingParams, AnthropicThinkingConfig } from "../sdk-types.js";
import { toAnthropicTools } from "../tools/to-anthropic-tools.js";
import { toToolChoice } from "../tools/tool-choice.js";

/** `max_tokens` when neither the request, the options nor the catalog give one. */
export const FALLBACK_MAX_TOKENS = 4096;

/** Provider-level settings that shape every request. */
export interface RequestDefaults {
  /** `max_tokens` when the request has no `maxOutputTokens`. */
  readonly maxOutputTokens?: number;
  /** The `thinking` setting sent with every request. */
  readonly thinking?: AnthropicThinkingConfig;
  /** The `anthropic-version` pinned by the provider's options; absent means the SDK's (2026-10-21 for SDK 1.x). */
  readonly apiVersion?: string;
}

/** The rule of every key of {@link RequestDefaults}; an unknown key is a `ConfigurationError`. */
const REQUEST_DEFAULTS_RULES = {
  maxOutputTokens: is.positiveInteger,
  thinking: is.object,
  apiVersion: is.nonEmptyString,
} as const satisfies { readonly [K in keyof Required<RequestDefaults>]: OptionRule };

/** The body of a streamed call; `temperature` is only accepted by API versions before 2026-10-21 (the SDK 1.x types no longer list it). */
export type AnthropicRequestBody = AnthropicStreamingParams & { temperature?: number };

/** The API version that removed `temperature`, `top_p` and `top_k` (a 400 when sent). */
export const SAMPLING_REMOVED_IN = "2026-10-21";

/** Whether `temperature` may be sent: only when an API version older than 2026-10-21 is pinned. */
export function acceptsTemperature(apiVersion: string | undefined): boolean {
  return apiVersion !== undefined && apiVersion < SAMPLING_REMOVED_IN;
}

/**
 * The body of a streamed Messages API call for a Baton request. `max_tokens` (which
 * the API requires) is the request's `maxOutputTokens`, else the provider's
 * default, else the model's maximum output from the catalog, else 4096. Tools and
 * `tool_choice` are sent only when tools are offered. `temperature` is sent only
 * when an API version before 2026-10-21 is pinned: the current version rejects it.
 * An unknown key in `defaults`, or a value of the wrong type, throws a `ConfigurationError`.
 */
export function toAnthropicRequest(request: ModelRequest, defaults: RequestDefaults, model: ModelInfo | undefined): AnthropicRequestBody {
  checkOptions("toAnthropicRequest", defaults, REQUEST_DEFAULTS_RULES);
  const { system, messages } = toAnthropicMessages(request.messages);
  const tools = request.tools && request.tools.length > 0 ? toAnthropicTools(request.tools) : undefined;
  const toolChoice = tools ? toToolChoice(request.toolChoice, request.parallelToolCalls) : undefined;
  return {
    model: request.model,
    max_tokens: request.maxOutputTokens ?? defaults.maxOutputTokens ?? model?.maxOutputTokens ?? FALLBACK_MAX_TOKENS,
    ...(system === undefined ? {} : { system }),
    messages,
    ...(tools ? { tools } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
    ...(request.temperature !== undefined && acceptsTemperature(defaults.apiVersion) ? { temperature: request.temperature } : {}),
    ...(defaults.thinking ? { thinking: defaults.thinking } : {}),
    stream: true,
  };
}
