import type { TokenUsage } from "@baton/core";
import type { AnthropicDeltaUsage, AnthropicUsage } from "../sdk-types.js";

/** One entry of `usage.iterations` (server-side compaction, server-tool loops): the fields read here. */
interface IterationUsage {
  readonly type?: unknown;
  readonly input_tokens?: unknown;
  readonly output_tokens?: unknown;
  readonly cache_read_input_tokens?: unknown;
  readonly cache_creation_input_tokens?: unknown;
}

/**
 * A token count as the adapter trusts it: a finite, non-negative number; anything
 * else the provider sent (NaN, Infinity, a negative number, a string) counts as 0.
 */
export function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** Whether a usage field was sent at all (`null` and absent mean "not reported here"). */
const reported = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Keeps a call's usage as the stream reports it: `message_start` gives the input
 * (uncached, cache-read and cache-write tokens), `message_delta` gives cumulative
 * counts that replace the earlier ones (its input counts too, when present).
 *
 * With server-side compaction the usage carries an `iterations` array (one entry per
 * sampling step: `compaction`, `message`, …) and the top-level counts leave the
 * compaction step out; then input, output and cache counts are the sums over the
 * iterations. Counts that are not finite non-negative numbers count as 0.
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
    if (reported(usage.input_tokens)) this.input = tokenCount(usage.input_tokens);
    if (reported(usage.cache_read_input_tokens)) this.cacheRead = tokenCount(usage.cache_read_input_tokens);
    if (reported(usage.cache_creation_input_tokens)) this.cacheWrite = tokenCount(usage.cache_creation_input_tokens);
    if (reported(usage.output_tokens)) this.output = tokenCount(usage.output_tokens);
    const thinking = usage.output_tokens_details?.thinking_tokens;
    if (reported(thinking)) this.thinking = tokenCount(thinking);
    const iterations = (usage as { iterations?: unknown }).iterations;
    if (Array.isArray(iterations) && iterations.length > 0) this.sumIterations(iterations as readonly (IterationUsage | null)[]);
  }

  private sumIterations(iterations: readonly (IterationUsage | null)[]): void {
    let input = 0;
    let output = 0;
    let cacheRead = 0;
    let cacheWrite = 0;
    for (const step of iterations) {
      if (!step || typeof step !== "object") continue;
      input += tokenCount(step.input_tokens);
      output += tokenCount(step.output_tokens);
      cacheRead += tokenCount(step.cache_read_input_tokens);
      cacheWrite += tokenCount(step.cache_creation_input_tokens);
    }
    this.input = input;
    this.output = output;
    this.cacheRead = cacheRead;
    this.cacheWrite = cacheWrite;
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
