import type { ModelInfo } from "@baton/core";

/** A catalog entry: a {@link ModelInfo} without its id (the id is the key). */
export type OpenAIModelEntry = Omit<ModelInfo, "id">;

const entry = (contextWindow: number, maxOutputTokens: number, input: number, cachedInput: number | undefined, output: number): OpenAIModelEntry => ({
  contextWindow,
  maxOutputTokens,
  pricing: cachedInput === undefined ? { inputPerMillion: input, outputPerMillion: output } : { inputPerMillion: input, cachedInputPerMillion: cachedInput, outputPerMillion: output },
});

/**
 * OpenAI's current text models: context window, maximum output tokens and standard
 * prices in US dollars per million input / cached input / output tokens.
 *
 * As published by OpenAI in 2026 (standard tier, short-context rates). Prices change:
 * override or add entries with the provider's `models` option.
 */
export const OPENAI_MODELS: Readonly<Record<string, OpenAIModelEntry>> = Object.freeze({
  // GPT-5 family (reasoning models).
  "gpt-5.4": entry(1_050_000, 128_000, 2.5, 0.25, 15),
  "gpt-5.2": entry(400_000, 128_000, 1.75, 0.175, 14),
  "gpt-5.2-pro": entry(400_000, 128_000, 21, undefined, 168),
  "gpt-5.2-codex": entry(400_000, 128_000, 1.75, 0.175, 14),
  "gpt-5.1": entry(400_000, 128_000, 1.25, 0.125, 10),
  "gpt-5.1-codex": entry(400_000, 128_000, 1.25, 0.125, 10),
  "gpt-5.1-codex-max": entry(400_000, 128_000, 1.25, 0.125, 10),
  "gpt-5.1-codex-mini": entry(400_000, 128_000, 0.25, 0.025, 2),
  "gpt-5": entry(400_000, 128_000, 1.25, 0.125, 10),
  "gpt-5-codex": entry(400_000, 128_000, 1.25, 0.125, 10),
  "gpt-5-pro": entry(400_000, 272_000, 15, undefined, 120),
  "gpt-5-mini": entry(400_000, 128_000, 0.25, 0.025, 2),
  "gpt-5-nano": entry(400_000, 128_000, 0.05, 0.005, 0.4),
  "gpt-5-chat-latest": entry(128_000, 16_384, 1.25, 0.125, 10),
  // GPT-4.1 family (1M-token window, no reasoning).
  "gpt-4.1": entry(1_047_576, 32_768, 2, 0.5, 8),
  "gpt-4.1-mini": entry(1_047_576, 32_768, 0.4, 0.1, 1.6),
  "gpt-4.1-nano": entry(1_047_576, 32_768, 0.1, 0.025, 0.4),
  // GPT-4o family.
  "gpt-4o": entry(128_000, 16_384, 2.5, 1.25, 10),
  "gpt-4o-mini": entry(128_000, 16_384, 0.15, 0.075, 0.6),
  // o-series reasoning models.
  o3: entry(200_000, 100_000, 2, 0.5, 8),
  "o3-pro": entry(200_000, 100_000, 20, undefined, 80),
  "o3-mini": entry(200_000, 100_000, 1.1, 0.55, 4.4),
  "o4-mini": entry(200_000, 100_000, 1.1, 0.275, 4.4),
  o1: entry(200_000, 100_000, 15, 7.5, 60),
});

/** Date suffixes of pinned snapshots: `-2025-04-14`, `-20250414`, `-0613`. */
const SNAPSHOT_SUFFIX = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{4})$/;

/**
 * Looks a model id up in `table`: the id itself, then without an `openai/` prefix
 * (OpenRouter-style ids), then without a snapshot date suffix
 * (`gpt-4.1-2025-04-14` → `gpt-4.1`). The returned info carries the id asked for.
 *
 * @example resolveModelInfo("gpt-4.1-2025-04-14", OPENAI_MODELS)?.contextWindow // 1047576
 */
export function resolveModelInfo(modelId: string, table: Readonly<Record<string, OpenAIModelEntry>>): ModelInfo | undefined {
  const found = lookup(modelId, table) ?? (modelId.startsWith("openai/") ? lookup(modelId.slice("openai/".length), table) : undefined);
  return found === undefined ? undefined : { id: modelId, ...found };
}

function lookup(id: string, table: Readonly<Record<string, OpenAIModelEntry>>): OpenAIModelEntry | undefined {
  if (Object.hasOwn(table, id)) return table[id];
  const undated = id.replace(SNAPSHOT_SUFFIX, "");
  return undated !== id && Object.hasOwn(table, undated) ? table[undated] : undefined;
}

/**
 * Whether a model id names an OpenAI reasoning model (o-series, GPT-5 except its chat
 * variants, codex): those return encrypted reasoning the Responses API can take back.
 */
export function isOpenAIReasoningModel(modelId: string): boolean {
  const id = modelId.startsWith("openai/") ? modelId.slice("openai/".length) : modelId;
  return /^(?:o\d|gpt-5(?!-chat|\.\d+-chat)|codex)/.test(id);
}
