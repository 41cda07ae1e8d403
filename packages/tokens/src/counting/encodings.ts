/**
 * Which OpenAI encoding a model uses. `o200k_base` is the encoding of the current
 * models (gpt-4o, gpt-4.1, gpt-4.5, gpt-5, the o-series); `cl100k_base` is the one of
 * the gpt-4 / gpt-3.5 era and the embedding models.
 */
export type OpenAIEncodingName = "o200k_base" | "cl100k_base";

/** The encoding for a model id and whether the id was recognised as an OpenAI model. */
export interface ModelEncoding {
  readonly encoding: OpenAIEncodingName;
  /** False when the id is not a known OpenAI model; the count then uses `o200k_base` and is not exact. */
  readonly known: boolean;
}

const O200K = /^(?:gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o1|o3|o4|codex-mini|computer-use|omni-moderation)(?:$|[-.:])/;
const CL100K = /^(?:gpt-4|gpt-3\.5|gpt-35|text-embedding-ada-002|text-embedding-3)(?:$|[-.:])/;

const byModel = new Map<string, ModelEncoding>();

/**
 * The encoding a model id uses. Without a model, or for an id that is not a known
 * OpenAI model, the answer is `o200k_base` (the current default) with `known: false`
 * for the unknown id. A provider prefix such as `openai/` or `openai:` is ignored.
 *
 * @example encodingForModel("gpt-4o-mini") // { encoding: "o200k_base", known: true }
 * @example encodingForModel("gpt-4-turbo") // { encoding: "cl100k_base", known: true }
 */
export function encodingForModel(model?: string): ModelEncoding {
  if (model === undefined) return { encoding: "o200k_base", known: true };
  const cached = byModel.get(model);
  if (cached) return cached;
  const id = model.replace(/^openai[/:]/, "").toLowerCase();
  // Order matters: "gpt-4o" and "gpt-4.1" also start with "gpt-4".
  const result: ModelEncoding = O200K.test(id)
    ? { encoding: "o200k_base", known: true }
    : CL100K.test(id)
      ? { encoding: "cl100k_base", known: true }
      : { encoding: "o200k_base", known: false };
  byModel.set(model, result);
  return result;
}
