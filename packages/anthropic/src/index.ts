/**
 * `@baton/anthropic`: a Baton model provider for Anthropic's Claude models, built on
 * the official `@anthropic-ai/sdk`.
 *
 * Its exported shape is the one every Baton provider adapter has:
 * `createAnthropicProvider`, `AnthropicProvider`, `AnthropicProviderOptions`,
 * `ANTHROPIC_PROVIDER_OPTION_RULES`, `ANTHROPIC_MODELS`, `findAnthropicModelInfo`,
 * `toAnthropicError`, `AnthropicErrorContext`, `ANTHROPIC_CONTEXT_LENGTH_PATTERNS` and
 * `AnthropicClient`; the Messages API conversions follow.
 * @packageDocumentation
 */
export { createAnthropicProvider, ANTHROPIC_PROVIDER_OPTION_RULES, type AnthropicProvider, type AnthropicProviderOptions } from "./anthropic-provider.js";
export { ANTHROPIC_MODELS, findAnthropicModelInfo, findModelInfo } from "./catalog.js";
export { toAnthropicError, mapAnthropicError, ANTHROPIC_CONTEXT_LENGTH_PATTERNS, type AnthropicErrorContext } from "./errors/to-anthropic-error.js";
export { retryAfterMs } from "./errors/retry-after.js";
export { toAnthropicMessages, type AnthropicConversation } from "./messages/to-anthropic-messages.js";
export { toAnthropicTools } from "./tools/to-anthropic-tools.js";
export { toToolChoice } from "./tools/tool-choice.js";
export { toAnthropicRequest, FALLBACK_MAX_TOKENS, type AnthropicRequestBody, type RequestDefaults } from "./request/to-anthropic-request.js";
export { mapAnthropicStream } from "./stream/map-anthropic-stream.js";
export { AnthropicStreamMapper } from "./stream/anthropic-stream-mapper.js";
export { toFinishReason } from "./stream/finish-reason.js";
export type { AnthropicClient, AnthropicThinkingConfig, AnthropicStreamEvent, AnthropicStreamingParams } from "./sdk-types.js";
