/**
 * `@baton/openai`: the OpenAI provider adapter for Baton. The Chat Completions API
 * (OpenAI and compatible servers: Ollama, vLLM, llama.cpp, Groq, DeepSeek, OpenRouter,
 * xAI) and the Responses API, through the official `openai` SDK (major 6 or 7).
 *
 * Its exported shape is the one every Baton provider adapter has: `createOpenAIProvider`,
 * `OpenAIProvider`, `OpenAIProviderOptions`, `OPENAI_PROVIDER_OPTION_RULES`,
 * `OPENAI_MODELS`, `findOpenAIModelInfo`, `toOpenAIError`, `OpenAIErrorContext`,
 * `OPENAI_CONTEXT_LENGTH_PATTERNS` and `OpenAIClient`.
 * @packageDocumentation
 */
export { createOpenAIProvider, OpenAIProvider } from "./openai-provider.js";
export {
  OPENAI_PROVIDER_OPTION_RULES,
  type OpenAIProviderOptions,
  type OpenAIApi,
  type OpenAIReasoningEffort,
  type OpenAICustomToolFormat,
} from "./provider-options.js";
export { OPENAI_MODELS, findOpenAIModelInfo, isOpenAIReasoningModel, resolveModelInfo, type OpenAIModelEntry } from "./catalog.js";
export { toOpenAIError, toProviderError, OPENAI_CONTEXT_LENGTH_PATTERNS, type OpenAIErrorContext } from "./errors/to-openai-error.js";
export { retryAfterMs } from "./errors/retry-after.js";
export type { OpenAIClient } from "./sdk-types.js";
