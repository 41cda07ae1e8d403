import type { ModelInfo } from "../model/model-provider.js";

/**
 * A frozen {@link ModelInfo} entry for a provider's model catalog: window and output
 * limit in tokens, prices in US dollars per million tokens.
 *
 * @example
 * modelInfo("claude-haiku-4-5", 200_000, 64_000, 1, 5, 0.1)
 */
export function modelInfo(
  id: string,
  contextWindow: number,
  maxOutputTokens: number,
  inputPerMillion: number,
  outputPerMillion: number,
  cachedInputPerMillion?: number,
): ModelInfo {
  return Object.freeze({
    id,
    contextWindow,
    maxOutputTokens,
    pricing: Object.freeze({
      inputPerMillion,
      outputPerMillion,
      ...(cachedInputPerMillion === undefined ? {} : { cachedInputPerMillion }),
    }),
  });
}
