import type { ModelInfo } from "@baton/core";
import { modelInfo } from "@baton/core/provider-kit";

/**
 * Gemini models Baton knows: context window, maximum output tokens and list prices of
 * the Gemini API's paid tier (US dollars per million tokens; `cachedInputPerMillion`
 * is the context-caching read price for text, image and video input).
 *
 * As of 2026-11, from Google's Gemini API model and pricing pages as far as this
 * package's authors know them. Notes:
 * - The Pro models are priced by prompt length. Each entry holds the lower tier,
 *   prompts up to 200K tokens. Longer prompts cost more: gemini-2.5-pro $2.50 in,
 *   $15 out, $0.25 cached; gemini-3-pro-preview $4 in, $18 out, $0.40 cached.
 *   `costOf` cannot tell the tiers apart, so it under-counts prompts over 200K.
 * - Audio input costs more than the text price given here (for example $1.00 for
 *   gemini-2.5-flash). Cache storage per hour is not modelled.
 * - `gemini-3.1-pro-preview` is priced like `gemini-3-pro-preview`. Override it
 *   with the provider's `models` option if Google's price list says otherwise.
 * - `gemini-2.0-flash-lite` has no caching price, so cached input is billed at
 *   the input price.
 */
export const GOOGLE_MODELS: Readonly<Record<string, ModelInfo>> = Object.freeze({
  "gemini-3.1-pro-preview": modelInfo("gemini-3.1-pro-preview", 1_048_576, 65_536, 2, 12, 0.2),
  "gemini-3-pro-preview": modelInfo("gemini-3-pro-preview", 1_048_576, 65_536, 2, 12, 0.2),
  "gemini-3-flash-preview": modelInfo("gemini-3-flash-preview", 1_048_576, 65_536, 0.5, 3, 0.05),
  "gemini-2.5-pro": modelInfo("gemini-2.5-pro", 1_048_576, 65_536, 1.25, 10, 0.125),
  "gemini-2.5-flash": modelInfo("gemini-2.5-flash", 1_048_576, 65_536, 0.3, 2.5, 0.03),
  "gemini-2.5-flash-lite": modelInfo("gemini-2.5-flash-lite", 1_048_576, 65_536, 0.1, 0.4, 0.01),
  "gemini-2.0-flash": modelInfo("gemini-2.0-flash", 1_048_576, 8_192, 0.1, 0.4, 0.025),
  "gemini-2.0-flash-lite": modelInfo("gemini-2.0-flash-lite", 1_048_576, 8_192, 0.075, 0.3),
});

/**
 * What may follow a catalog id in a versioned model id: `-001`, `-latest`,
 * `-preview`, `-preview-05-20`, `-preview-09-2025`, `-09-2025`.
 */
const VERSION_SUFFIX = /^(-preview)?(-\d{3}|-latest|-\d{2}-\d{2}|-\d{2}-\d{4})?$/;

/**
 * The entry of `modelId` in `table` (default: {@link GOOGLE_MODELS}): an exact match (a
 * leading `models/` is ignored), else the longest entry whose id is the model id without its version suffix
 * (`gemini-2.5-flash-preview-09-2025` → `gemini-2.5-flash`,
 * `gemini-2.5-flash-lite-preview-06-17` → `gemini-2.5-flash-lite`). A variant with
 * another name (`gemini-2.5-flash-image`) is not matched. The returned info carries
 * the id asked for; `undefined` when the model is not in the table.
 *
 * @example findGoogleModelInfo("gemini-2.0-flash-001")?.maxOutputTokens // 8192
 */
export function findGoogleModelInfo(modelId: string, table: Readonly<Record<string, ModelInfo>> = GOOGLE_MODELS): ModelInfo | undefined {
  const bare = modelId.startsWith("models/") ? modelId.slice("models/".length) : modelId;
  const exact = Object.hasOwn(table, bare) ? table[bare] : undefined;
  if (exact) return exact.id === modelId ? exact : { ...exact, id: modelId };
  let best: ModelInfo | undefined;
  let bestLength = 0;
  for (const [id, info] of Object.entries(table)) {
    const suffix = bare.slice(id.length);
    if (bare.startsWith(id) && suffix.length > 0 && VERSION_SUFFIX.test(suffix) && id.length > bestLength) {
      best = info;
      bestLength = id.length;
    }
  }
  return best ? { ...best, id: modelId } : undefined;
}

/**
 * @deprecated Use {@link findGoogleModelInfo} — note its arguments: `(modelId, table)`; this name goes away in the next release.
 */
export function findModelInfo(table: Readonly<Record<string, ModelInfo>>, modelId: string): ModelInfo | undefined {
  return findGoogleModelInfo(modelId, table);
}

/**
 * The catalog with the provider's `models` option applied: an entry there overrides
 * the catalog's fields of the same id, or adds a model when it gives at least
 * `contextWindow` and `maxOutputTokens`.
 */
export function modelTable(extra: Readonly<Record<string, Partial<ModelInfo>>> | undefined): Readonly<Record<string, ModelInfo>> {
  if (!extra) return GOOGLE_MODELS;
  const table: Record<string, ModelInfo> = { ...GOOGLE_MODELS };
  for (const [id, partial] of Object.entries(extra)) {
    const base = table[id];
    if (base) table[id] = { ...base, ...partial, id };
    else if (partial.contextWindow !== undefined && partial.maxOutputTokens !== undefined) {
      table[id] = { ...partial, id, contextWindow: partial.contextWindow, maxOutputTokens: partial.maxOutputTokens };
    }
  }
  return table;
}
