import type { ModelProvider } from "@baton/core";
import type { ProviderChoice } from "./provider-choice.js";

/**
 * Creates the provider adapter of a {@link ProviderChoice}. The adapter and its SDK are
 * imported only here, and only the one chosen, so the command starts fast.
 *
 * @example
 * const provider = await createProvider({ kind: "openai", apiKey: process.env.OPENAI_API_KEY! });
 */
export async function createProvider(choice: ProviderChoice): Promise<ModelProvider> {
  const connection = { apiKey: choice.apiKey, ...(choice.baseURL === undefined ? {} : { baseURL: choice.baseURL }) };
  switch (choice.kind) {
    case "openai": {
      const { createOpenAIProvider } = await import("@baton/openai");
      return createOpenAIProvider(connection);
    }
    case "anthropic": {
      const { createAnthropicProvider } = await import("@baton/anthropic");
      return createAnthropicProvider(connection);
    }
    case "google": {
      const { createGoogleProvider } = await import("@baton/google");
      return createGoogleProvider(connection);
    }
  }
}
