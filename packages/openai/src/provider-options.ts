import { optionIs as is, type ModelInfo, type OptionRule, type RetryPolicy } from "@baton/core";
import { RETRY_POLICY_RULES } from "@baton/core/provider-kit";
import type { OpenAIClient } from "./sdk-types.js";

/** Which OpenAI API the provider calls. */
export type OpenAIApi = "chat" | "responses";

/** How much a reasoning model thinks before answering (`reasoning_effort` / `reasoning.effort`). */
export type OpenAIReasoningEffort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh";

/**
 * The input format of a custom (free-form) tool of the Responses API: plain text, or
 * text constrained by a grammar (`lark` or `regex` syntax).
 */
export type OpenAICustomToolFormat = { readonly type: "text" } | { readonly type: "grammar"; readonly syntax: "lark" | "regex"; readonly definition: string };

/** Options of {@link createOpenAIProvider}. */
export interface OpenAIProviderOptions {
  /** API key; defaults to the `OPENAI_API_KEY` environment variable (the SDK reads it). */
  readonly apiKey?: string;
  /** Base URL of an OpenAI-compatible server, e.g. `http://localhost:11434/v1` for Ollama. */
  readonly baseURL?: string;
  /**
   * An already-built SDK client (an `AzureOpenAI` one, say). `apiKey`, `baseURL`,
   * `headers` and `timeoutMs` are then ignored; every request is still sent with the
   * SDK's own retries off.
   */
  readonly client?: OpenAIClient;
  /** The provider's `id`, in errors, logs and usage records; default `openai` (say `groq` for Groq). */
  readonly id?: string;
  /**
   * The provider's `id`.
   * @deprecated Use `id` (the same value under its own name); `name` goes away in the next release. Passing both is an error.
   */
  readonly name?: string;
  /** `chat` (default): the Chat Completions API. `responses`: the Responses API. */
  readonly api?: OpenAIApi;
  /** How failed calls are retried before any output; default `{ maxRetries: 2 }`. */
  readonly retry?: RetryPolicy;
  /** Extra or overriding catalog entries, by model id. New ids need `contextWindow` and `maxOutputTokens`. */
  readonly models?: Readonly<Record<string, Partial<ModelInfo>>>;
  /** Extra headers on every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Request timeout in ms (until the response headers arrive); the SDK's default is 10 minutes. */
  readonly timeoutMs?: number;
  /**
   * Longest wait for the next stream chunk or event, in ms, once the response has
   * started. A stream that stalls longer is cancelled and ends in a retryable
   * `ProviderStreamError` (`providerCode` `stream_idle_timeout`). Default 60000; 0 turns it off.
   */
  readonly streamIdleTimeoutMs?: number;
  /** Sends tools with `strict: true` (Structured Outputs); their schemas must then follow OpenAI's strict subset. Default false. */
  readonly strictTools?: boolean;
  /** `reasoning_effort` (chat) or `reasoning.effort` (responses) for reasoning models. */
  readonly reasoningEffort?: OpenAIReasoningEffort;
  /** Fields merged into every request body, for options Baton has no name for (`top_p`, `seed`, a server's own fields). */
  readonly extraBody?: Readonly<Record<string, unknown>>;

  // Chat Completions only.
  /** Role of system messages: `system` (default, understood by every compatible server) or `developer`. */
  readonly systemRole?: "system" | "developer";
  /** Field of the output limit: `max_completion_tokens` (default) or `max_tokens` for older compatible servers. */
  readonly maxTokensField?: "max_completion_tokens" | "max_tokens";
  /** Asks for usage in the stream (`stream_options.include_usage`); default true. */
  readonly includeUsage?: boolean;
  /**
   * Sends the reasoning of earlier assistant turns back in this field, for servers that
   * want it (DeepSeek's thinking mode with tools: `reasoning_content`). Default: not sent.
   */
  readonly reasoningField?: "reasoning_content" | "reasoning";

  // Responses only.
  /** Lets OpenAI store responses (`store`); default false, so reasoning comes back encrypted and is replayed from the messages. */
  readonly store?: boolean;
  /** Reasoning summaries to stream (`reasoning.summary`): `auto`, `concise` or `detailed`. Default: none asked for. */
  readonly reasoningSummary?: "auto" | "concise" | "detailed";
  /**
   * Asks for encrypted reasoning (`include: ["reasoning.encrypted_content"]`). Default:
   * when `store` is false and the model is a reasoning model (o-series, GPT-5, codex).
   */
  readonly includeEncryptedReasoning?: boolean;
  /**
   * Tools sent as Responses API custom (free-form) tools, by name, with their input
   * format (`true` for plain text). Their calls reach Baton as `{ "input": "<text>" }`.
   */
  readonly customTools?: Readonly<Record<string, OpenAICustomToolFormat | true>>;
}

/**
 * The rule of every key of {@link OpenAIProviderOptions}, checked (with `checkOptions`
 * from `@baton/core`) when a provider is created: a key not listed here is rejected
 * with a `ConfigurationError` that names the accepted ones. The `satisfies` clause
 * keeps this table and the interface in sync.
 */
export const OPENAI_PROVIDER_OPTION_RULES = {
  apiKey: is.string,
  baseURL: is.string,
  // An SDK instance, used as it is.
  client: is.object,
  id: is.nonEmptyString,
  // The former name of `id`, still accepted for one release (not together with `id`).
  name: is.nonEmptyString,
  // Any string: an unknown api gets its own message from the provider.
  api: is.string,
  retry: is.optionsObject(RETRY_POLICY_RULES),
  models: is.object,
  // Passed to the SDK as `defaultHeaders`.
  headers: is.stringRecord,
  timeoutMs: is.positiveNumber,
  streamIdleTimeoutMs: is.nonNegativeInteger,
  strictTools: is.boolean,
  reasoningEffort: is.oneOf("none", "minimal", "low", "medium", "high", "xhigh"),
  // Merged into request bodies unchecked: the server judges it.
  extraBody: is.object,
  systemRole: is.oneOf("system", "developer"),
  maxTokensField: is.oneOf("max_completion_tokens", "max_tokens"),
  includeUsage: is.boolean,
  reasoningField: is.oneOf("reasoning_content", "reasoning"),
  store: is.boolean,
  reasoningSummary: is.oneOf("auto", "concise", "detailed"),
  includeEncryptedReasoning: is.boolean,
  customTools: is.object,
} as const satisfies { readonly [K in keyof Required<OpenAIProviderOptions>]: OptionRule };
