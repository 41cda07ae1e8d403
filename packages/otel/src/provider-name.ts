/** How the sink names the provider of a model (`gen_ai.provider.name`): a fixed name or a function of the model id. */
export type ProviderNameOption = string | ((model: string) => string | undefined);

/** `gen_ai.provider.name` values for the ids of Baton's provider adapters. */
const BY_ADAPTER_ID: Readonly<Record<string, string>> = {
  openai: "openai",
  anthropic: "anthropic",
  google: "gcp.gemini",
};

/** Model id prefixes of well-known providers, for when no provider name was given. */
const BY_MODEL_PREFIX: readonly (readonly [RegExp, string])[] = [
  [/^(gpt-|o[1-9]|chatgpt-|text-embedding-)/, "openai"],
  [/^claude/, "anthropic"],
  [/^gemini/, "gcp.gemini"],
  [/^(mistral|mixtral|codestral|ministral)/, "mistral_ai"],
  [/^grok/, "x_ai"],
  [/^deepseek/, "deepseek"],
  [/^command/, "cohere"],
];

/**
 * The `gen_ai.provider.name` of a Baton provider adapter, by its `id` (`openai` →
 * `openai`, `anthropic` → `anthropic`, `google` → `gcp.gemini`); other ids are returned
 * as they are.
 *
 * @example
 * otelSink({ providerName: providerNameOf(provider) })
 */
export function providerNameOf(provider: { readonly id: string }): string {
  return BY_ADAPTER_ID[provider.id] ?? provider.id;
}

/** The provider name of `model`: the option when given, else guessed from well-known model id prefixes, else undefined. */
export function resolveProviderName(option: ProviderNameOption | undefined, model: string): string | undefined {
  if (typeof option === "string") return option;
  if (option) return option(model);
  for (const [pattern, name] of BY_MODEL_PREFIX) if (pattern.test(model)) return name;
  return undefined;
}
