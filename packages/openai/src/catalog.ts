import type { ModelInfo } from "@baton/core";
import { modelInfo } from "@baton/core/provider-kit";

/**
 * A catalog entry without its id.
 * @deprecated The catalog holds {@link ModelInfo} entries (with their id) now; this type goes away in the next release.
 */
export type OpenAIModelEntry = Omit<ModelInfo, "id">;

/** The catalog entries, by model id: window, output limit, and prices per million input / cached input / output tokens. */
const catalog = (entries: Readonly<Record<string, readonly [number, number, number, number | undefined, number]>>): Readonly<Record<string, ModelInfo>> =>
  Object.freeze(
    Object.fromEntries(
      Object.entries(entries).map(([id, [contextWindow, maxOutputTokens, input, cachedInput, output]]) => [
        id,
        modelInfo(id, contextWindow, maxOutputTokens, input, output, cachedInput),
      ]),
    ),
  );

/**
 * OpenAI's current text models: context window, maximum output tokens and standard
 * prices in US dollars per million input / cached input / output tokens.
 *
 * As published by OpenAI in 2026 (standard tier, short-context rates). Prices change:
 * override or add entries with the provider's `models` option.
 */
export const OPENAI_MODELS: Readonly<Record<string, ModelInfo>> = catalog({
  // GPT-5 family (reasoning models).
  "gpt-5.4": [1_050_000, 128_000, 2.5, 0.25, 15],
  "gpt-5.2": [400_000, 128_000, 1.75, 0.175, 14],
  "gpt-5.2-pro": [400_000, 128_000, 21, undefined, 168],
  "gpt-5.2-codex": [400_000, 128_000, 1.75, 0.175, 14],
  "gpt-5.1": [400_000, 128_000, 1.25, 0.125, 10],
  "gpt-5.1-codex": [400_000, 128_000, 1.25, 0.125, 10],
  "gpt-5.1-codex-max": [400_000, 128_000, 1.25, 0.125, 10],
  "gpt-5.1-codex-mini": [400_000, 128_000, 0.25, 0.025, 2],
  "gpt-5": [400_000, 128_000, 1.25, 0.125, 10],
  "gpt-5-codex": [400_000, 128_000, 1.25, 0.125, 10],
  "gpt-5-pro": [400_000, 272_000, 15, undefined, 120],
  "gpt-5-mini": [400_000, 128_000, 0.25, 0.025, 2],
  "gpt-5-nano": [400_000, 128_000, 0.05, 0.005, 0.4],
  "gpt-5-chat-latest": [128_000, 16_384, 1.25, 0.125, 10],
  // GPT-4.1 family (1M-token window, no reasoning).
  "gpt-4.1": [1_047_576, 32_768, 2, 0.5, 8],
  "gpt-4.1-mini": [1_047_576, 32_768, 0.4, 0.1, 1.6],
  "gpt-4.1-nano": [1_047_576, 32_768, 0.1, 0.025, 0.4],
  // GPT-4o family.
  "gpt-4o": [128_000, 16_384, 2.5, 1.25, 10],
  "gpt-4o-mini": [128_000, 16_384, 0.15, 0.075, 0.6],
  // o-series reasoning models.
  o3: [200_000, 100_000, 2, 0.5, 8],
  "o3-pro": [200_000, 100_000, 20, undefined, 80],
  "o3-mini": [200_000, 100_000, 1.1, 0.55, 4.4],
  "o4-mini": [200_000, 100_000, 1.1, 0.275, 4.4],
  o1: [200_000, 100_000, 15, 7.5, 60],
});

/** Date suffixes of pinned snapshots: `-2025-04-14`, `-20250414`, `-0613`. */
const SNAPSHOT_SUFFIX = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{4})$/;

/**
 * The entry of `modelId` in `table` (default: {@link OPENAI_MODELS}): the id itself,
 * then without an `openai/` prefix (OpenRouter-style ids), then without a snapshot
 * date suffix (`gpt-4.1-2025-04-14` → `gpt-4.1`). The returned info carries the id
 * asked for; `undefined` when the model is not in the table.
 *
 * @example findOpenAIModelInfo("gpt-4.1-2025-04-14")?.contextWindow // 1047576
 */
export function findOpenAIModelInfo(modelId: string, table: Readonly<Record<string, Omit<ModelInfo, "id">>> = OPENAI_MODELS): ModelInfo | undefined {
  const found = lookup(modelId, table) ?? (modelId.startsWith("openai/") ? lookup(modelId.slice("openai/".length), table) : undefined);
  return found === undefined ? undefined : { ...found, id: modelId };
}

/** @deprecated Use {@link findOpenAIModelInfo} (same arguments); this name goes away in the next release. */
export const resolveModelInfo: (modelId: string, table: Readonly<Record<string, Omit<ModelInfo, "id">>>) => ModelInfo | undefined = findOpenAIModelInfo;

function lookup(id: string, table: Readonly<Record<string, Omit<ModelInfo, "id">>>): Omit<ModelInfo, "id"> | undefined {
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
