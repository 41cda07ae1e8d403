/**
 * `@baton/anthropic`: a Baton model provider for Anthropic's Claude models, built on
 * the official `@anthropic-ai/sdk`.
 * @packageDocumentation
 */
export { createAnthropicProvider, ANTHROPIC_PROVIDER_OPTION_RULES, type AnthropicProvider, type AnthropicProviderOptions } from "./anthropic-provider.js";
export { ANTHROPIC_MODELS, findModelInfo } from "./catalog.js";
export { mapAnthropicError, ANTHROPIC_CONTEXT_LENGTH_PATTERNS } from "./errors/map-anthropic-error.js";
export { retryAfterMs } from "./errors/retry-after.js";
export { toAnthropicMessages, type AnthropicConversation } from "./messages/to-anthropic-messages.js";
export { toAnthropicTools } from "./tools/to-anthropic-tools.js";
export { toToolChoice } from "./tools/tool-choice.js";
export { toAnthropicRequest, FALLBACK_MAX_TOKENS, type AnthropicRequestBody, type RequestDefaults } from "./request/to-anthropic-request.js";
export { mapAnthropicStream } from "./stream/map-anthropic-stream.js";
export { AnthropicStreamMapper } from "./stream/anthropic-stream-mapper.js";
export { toFinishReason } from "./stream/finish-reason.js";
export type { AnthropicClient, AnthropicThinkingConfig, AnthropicStreamEvent } from "./sdk-types.js";
