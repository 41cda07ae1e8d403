import type { TokenUsage } from "@baton/core";
import type { AnthropicDeltaUsage, AnthropicUsage } from "../sdk-types.js";

/**
 * Keeps a call's usage as the stream reports it: `message_start` gives the input
 * (uncached, cache-read and cache-write tokens), `message_delta` gives cumulative
 * counts that replace the earlier ones (its input counts too, when present).
 */
export class UsageCounter {
  private input = 0;
  private cacheRead = 0;
  private cacheWrite = 0;
  private output = 0;
  private thinking = 0;

  /** Takes the usage of `message_start` or `message_delta`. */
  update(usage: AnthropicUsage | AnthropicDeltaUsage | null | undefined): void {
    if (!usage) return;
    if (typeof usage.input_tokens === "number") this.input = usage.input_tokens;
    if (typeof usage.cache_read_input_tokens === "number") this.cacheRead = usage.cache_read_input_tokens;
    if (typeof usage.cache_creation_input_tokens === "number") this.cacheWrite = usage.cache_creation_input_tokens;
    if (typeof usage.output_tokens === "number") this.output = usage.output_tokens;
    const thinking = usage.output_tokens_details?.thinking_tokens;
    if (typeof thinking === "number") this.thinking = thinking;
  }

  /**
   * The usage in Baton's terms: input counts every input token (uncached, read from
   * the cache and written to it); cached input is the cache reads; reasoning is the
   * `thinking_tokens` the API reports within the output.
   */
  total(): TokenUsage {
    return {
      inputTokens: this.input + this.cacheRead + this.cacheWrite,
      outputTokens: this.output,
      cachedInputTokens: this.cacheRead,
      reasoningTokens: this.thinking,
    };
  }
}
