import type { Message } from "../messages/index.js";
import type { ToolDefinition } from "../model/index.js";

/** A token count and whether it is exact or an estimate. */
export interface TokenCount {
  readonly tokens: number;
  readonly exact: boolean;
}

/**
 * Counts tokens for a model. `@baton/tokens` provides tiktoken-based and calibrated
 * counters.
 */
export interface TokenCounter {
  /** Tokens of a plain text. */
  countText(text: string, model?: string): TokenCount;
  /** Tokens of a whole request: messages with their chat-format overhead, plus tool definitions. */
  countMessages(messages: readonly Message[], options?: { readonly model?: string; readonly tools?: readonly ToolDefinition[] }): TokenCount;
  /**
   * Learns from what the provider counted: the loop calls it after each model call
   * with the request's messages and tools and the input tokens the response reported.
   * Counters that estimate (Anthropic, Google) use it to make that prefix exact.
   */
  calibrate?(messages: readonly Message[], reportedInputTokens: number, options?: { readonly tools?: readonly ToolDefinition[] }): void;
}
