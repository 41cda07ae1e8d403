import type Anthropic from "@anthropic-ai/sdk";

/** The official SDK client this package drives. */
export type AnthropicClient = Anthropic;
/** An image block of a request. */
export type AnthropicImageBlockParam = Anthropic.ImageBlockParam;
/** The `thinking` setting of a request: `enabled` with a budget, `adaptive`, or `disabled`. */
export type AnthropicThinkingConfig = Anthropic.ThinkingConfigParam;
/** The body of a streamed Messages API call. */
export type AnthropicStreamingParams = Anthropic.MessageCreateParamsStreaming;
/** One raw server-sent event of a streamed Messages API call. */
export type AnthropicStreamEvent = Anthropic.RawMessageStreamEvent;
/** Usage as `message_start` reports it. */
export type AnthropicUsage = Anthropic.Usage;
/** Cumulative usage as `message_delta` reports it. */
export type AnthropicDeltaUsage = Anthropic.MessageDeltaUsage;
