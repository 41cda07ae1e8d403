import type { ModelInfo } from "@baton/core";
import { modelInfo } from "@baton/core/provider-kit";

/**
 * Claude models Baton knows: context window, maximum output tokens and list prices
 * (US dollars per million tokens; `cachedInputPerMillion` is the cache-read price,
 * "cache hits and refreshes" on Anthropic's pricing page).
 *
 * As of 2026-11 (Anthropic's model overview and pricing pages, the model ids of
 * `@anthropic-ai/sdk` 1.12.0). Notes:
 * - Cache writes (1.25× input for 5 minutes, 2× for an hour) are not modelled:
 *   `costOf` bills them at the input price.
 * - `claude-haiku-5-5` is priced by prompt length; the entry holds the lower band
 *   (prompts up to 100K tokens). Longer prompts cost 5× as much.
 * - `claude-fable-5-2`: no cache-read price was published in the sources used, so
 *   cached input is billed at the input price (an over-estimate); override it with
 *   the provider's `models` option when you know it.
 * - `claude-sonnet-4-5` has a 200K window; its 1M window needs the
 *   `context-1m-2025-08-07` beta header (pass `headers` and override `contextWindow`).
 * - Claude Mythos models are invitation-only and priced like the Fable model of the
 *   same version.
 */
export const ANTHROPIC_MODELS: Readonly<Record<string, ModelInfo>> = Object.freeze({
  "claude-fable-5-2": modelInfo("claude-fable-5-2", 1_000_000, 128_000, 8, 40),
  "claude-mythos-5-2": modelInfo("claude-mythos-5-2", 1_000_000, 128_000, 8, 40),
  "claude-fable-5-1": modelInfo("claude-fable-5-1", 1_000_000, 128_000, 10, 50, 0.25),
  "claude-mythos-5-1": modelInfo("claude-mythos-5-1", 1_000_000, 128_000, 10, 50, 0.25),
  "claude-fable-5": modelInfo("claude-fable-5", 1_000_000, 128_000, 10, 50, 1),
  "claude-mythos-5": modelInfo("claude-mythos-5", 1_000_000, 128_000, 10, 50, 1),
  "claude-opus-5-5": modelInfo("claude-opus-5-5", 1_000_000, 128_000, 4, 20, 0.2),
  "claude-opus-5": modelInfo("claude-opus-5", 1_000_000, 128_000, 5, 25, 0.5),
  "claude-sonnet-5-5": modelInfo("claude-sonnet-5-5", 1_000_000, 128_000, 2, 10, 0.1),
  "claude-sonnet-5": modelInfo("claude-sonnet-5", 1_000_000, 128_000, 2, 10, 0.2),
  "claude-haiku-5-5": modelInfo("claude-haiku-5-5", 1_000_000, 128_000, 0.1, 0.5, 0.01),
  "claude-opus-4-8": modelInfo("claude-opus-4-8", 1_000_000, 128_000, 5, 25, 0.5),
  "claude-opus-4-7": modelInfo("claude-opus-4-7", 1_000_000, 128_000, 5, 25, 0.5),
  "claude-opus-4-6": modelInfo("claude-opus-4-6", 1_000_000, 128_000, 5, 25, 0.5),
  "claude-opus-4-5": modelInfo("claude-opus-4-5", 200_000, 64_000, 5, 25, 0.5),
  "claude-opus-4-1": modelInfo("claude-opus-4-1", 200_000, 32_000, 15, 75, 1.5),
  "claude-sonnet-4-6": modelInfo("claude-sonnet-4-6", 1_000_000, 64_000, 3, 15, 0.3),
  "claude-sonnet-4-5": modelInfo("claude-sonnet-4-5", 200_000, 64_000, 3, 15, 0.3),
  "claude-haiku-4-5": modelInfo("claude-haiku-4-5", 200_000, 64_000, 1, 5, 0.1),
  "claude-3-5-haiku": modelInfo("claude-3-5-haiku", 200_000, 8_192, 0.8, 4, 0.08),
});

/** A snapshot suffix: `-20251001` (a date) or `-latest`. */
const SNAPSHOT_SUFFIX = /^-(\d{8}|latest)$/;

/**
 * The entry of `modelId` in `table` (default: {@link ANTHROPIC_MODELS}): an exact
 * match, else the entry whose id is the model id without its snapshot suffix
 * (`claude-haiku-4-5-20251001` → `claude-haiku-4-5`). The returned info carries the id
 * asked for; `undefined` when the model is not in the table.
 *
 * @example findAnthropicModelInfo("claude-sonnet-4-5-20250929")?.contextWindow // 200000
 */
export function findAnthropicModelInfo(modelId: string, table: Readonly<Record<string, ModelInfo>> = ANTHROPIC_MODELS): ModelInfo | undefined {
  const exact = Object.hasOwn(table, modelId) ? table[modelId] : undefined;
  if (exact) return exact;
  let best: ModelInfo | undefined;
  for (const [id, info] of Object.entries(table)) {
    if (modelId.startsWith(id) && SNAPSHOT_SUFFIX.test(modelId.slice(id.length)) && (!best || id.length > best.id.length)) best = info;
  }
  return best ? { ...best, id: modelId } : undefined;
}

/**
 * @deprecated Use {@link findAnthropicModelInfo} — note its arguments: `(modelId, table)`; this name goes away in the next release.
 */
export function findModelInfo(table: Readonly<Record<string, ModelInfo>>, modelId: string): ModelInfo | undefined {
  return findAnthropicModelInfo(modelId, table);
}
