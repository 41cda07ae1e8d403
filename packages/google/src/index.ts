/**
 * `@baton/google`: Gemini as a Baton model provider, on the official `@google/genai`
 * SDK.
 *
 * Its exported shape is the one every Baton provider adapter has: `createGoogleProvider`,
 * `GoogleProvider`, `GoogleProviderOptions`, `GOOGLE_PROVIDER_OPTION_RULES`,
 * `GOOGLE_MODELS`, `findGoogleModelInfo`, `toGoogleError`, `GoogleErrorContext`,
 * `GOOGLE_CONTEXT_LENGTH_PATTERNS` and `GoogleClient`; the Gemini conversions follow.
 * @packageDocumentation
 */
export { createGoogleProvider, GoogleProvider, GOOGLE_PROVIDER_OPTION_RULES, type GoogleProviderOptions } from "./google-provider.js";
export { GOOGLE_MODELS, findGoogleModelInfo, findModelInfo } from "./catalog.js";
export { toGoogleError, GOOGLE_CONTEXT_LENGTH_PATTERNS, type GoogleErrorContext } from "./errors/to-google-error.js";
export { toGeminiContents, type GeminiConversation } from "./messages/to-gemini-contents.js";
export { toGeminiSchema } from "./tools/to-gemini-schema.js";
export { toGeminiTools, toGeminiToolConfig, type GoogleToolSchemaMode } from "./tools/to-gemini-tools.js";
export { GeminiStreamMapper } from "./stream/gemini-stream-mapper.js";
export type { GoogleClient, GeminiThinkingConfig, GeminiSafetySetting } from "./sdk-types.js";
