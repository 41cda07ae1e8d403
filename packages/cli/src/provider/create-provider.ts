import type { ModelProvider } from "@baton/core";
import type { ProviderChoice } from "./provider-choice.js";
import { ANTHROPIC_PART, GOOGLE_PART, importOptional } from "../optional/optional-import.js";

/**
 * Creates the provider adapter of a {@link ProviderChoice}. The adapter and its SDK are
 * imported only here, and only the one chosen, so the command starts fast. OpenAI's come
 * with the command; Anthropic's and Google's are optional peer dependencies, and a
 * missing one fails with a `CliError` naming what to install.
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
      const { createAnthropicProvider } = await importOptional(() => import("@baton/anthropic"), ANTHROPIC_PART);
      return createAnthropicProvider(connection);
    }
    case "google": {
      const { createGoogleProvider } = await importOptional(() => import("@baton/google"), GOOGLE_PART);
      return createGoogleProvider(connection);
    }
  }
}
