/**
 * `@baton/openai`: the OpenAI provider adapter for Baton. The Chat Completions API
 * (OpenAI and compatible servers: Ollama, vLLM, llama.cpp, Groq, DeepSeek, OpenRouter,
 * xAI) and the Responses API, through the official `openai` SDK.
 * @packageDocumentation
 */
export { createOpenAIProvider, OpenAIProvider } from "./openai-provider.js";
export { OPENAI_PROVIDER_OPTION_RULES } from "./provider-options.js";
export type { OpenAIProviderOptions, OpenAIApi, OpenAIReasoningEffort, OpenAICustomToolFormat } from "./provider-options.js";
export { OPENAI_MODELS, resolveModelInfo, isOpenAIReasoningModel, type OpenAIModelEntry } from "./catalog.js";
export { retryAfterMs } from "./errors/retry-after.js";
export { toProviderError, OPENAI_CONTEXT_LENGTH_PATTERNS } from "./errors/to-provider-error.js";
