import Anthropic from "@anthropic-ai/sdk";
import {
  checkOptions,
  optionIs as is,
  type OptionRule,
  type RetryListener,
  type BatonError,
  ConfigurationError,
  type ModelInfo,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamPart,
  type RetryPolicy,
} from "@baton/core";
import { DEFAULT_STREAM_IDLE_TIMEOUT_MS, joinRetryListeners, RETRY_POLICY_RULES, streamWithRetries, redactSecrets, secretsOf } from "@baton/core/provider-kit";
import { ANTHROPIC_MODELS, findAnthropicModelInfo } from "./catalog.js";
import { PROVIDER } from "./errors/provider-id.js";
import { toAnthropicError } from "./errors/to-anthropic-error.js";
import { toAnthropicRequest, type RequestDefaults } from "./request/to-anthropic-request.js";
import type { AnthropicClient, AnthropicThinkingConfig } from "./sdk-types.js";
import { PartIterator } from "./stream/part-iterator.js";

/** Options of {@link createAnthropicProvider}. */
export interface AnthropicProviderOptions {
  /** API key; defaults to the SDK's own lookup (`ANTHROPIC_API_KEY`). Ignored when `client` is given. */
  readonly apiKey?: string;
  /** API base URL (without `/v1`); defaults to the SDK's (`ANTHROPIC_BASE_URL`, else Anthropic's). Ignored when `client` is given. */
  readonly baseURL?: string;
  /** An already-built SDK client (for a proxy, custom fetch, Bedrock/Vertex clients…). Its own retries are bypassed per request. */
  readonly client?: AnthropicClient;
  /** Extra headers on every request, e.g. `{ "anthropic-beta": "context-1m-2025-08-07" }`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** How failed calls are retried (before any output). Default: core's policy (2 retries, from 500 ms). */
  readonly retry?: RetryPolicy;
  /** Called before each retry, e.g. for logging. */
  readonly onRetry?: RetryListener;
  /** Extra or overriding catalog entries, by model id. A model the catalog lacks needs `contextWindow` and `maxOutputTokens`. */
  readonly models?: Readonly<Record<string, Partial<ModelInfo>>>;
  /** `max_tokens` when a request sets no `maxOutputTokens`. Default: the model's maximum output from the catalog, else 4096. */
  readonly maxOutputTokens?: number;
  /**
   * Extended thinking for every request: `{ type: "enabled", budget_tokens: 4096 }`
   * (the budget must be below `max_tokens`), `{ type: "adaptive" }` on models that
   * support it, or `{ type: "disabled" }`. Default: not sent (the model's default).
   */
  readonly thinking?: AnthropicThinkingConfig;
  /**
   * Pins the `anthropic-version` header (default: the SDK's, `2026-10-21` for SDK 1.x).
   * Only with a version before `2026-10-21` (e.g. `2023-06-01`) is a request's
   * `temperature` sent; the current version rejects sampling parameters.
   */
  readonly apiVersion?: string;
  /**
   * Longest wait for the next stream event, in ms, once the response has started.
   * A stream that stalls longer is cancelled and ends in a retryable
   * `ProviderStreamError` (`providerCode` `stream_idle_timeout`). Default 60000; 0 turns it off.
   */
  readonly streamIdleTimeoutMs?: number;
}

/**
 * The rule of every key of {@link AnthropicProviderOptions}, checked (with `checkOptions`
 * from `@baton/core`) when a provider is created: a key not listed here is rejected
 * with a `ConfigurationError` that names the accepted ones. The `satisfies` clause
 * keeps this table and the interface in sync.
 */
export const ANTHROPIC_PROVIDER_OPTION_RULES = {
  apiKey: is.string,
  baseURL: is.string,
  // An SDK instance, used as it is.
  client: is.object,
  // Passed to the SDK as `defaultHeaders`.
  headers: is.stringRecord,
  retry: is.optionsObject(RETRY_POLICY_RULES),
  onRetry: is.function,
  models: is.object,
  maxOutputTokens: is.positiveInteger,
  // Sent as the request's `thinking`: the API judges it.
  thinking: is.object,
  apiVersion: is.nonEmptyString,
  streamIdleTimeoutMs: is.nonNegativeInteger,
} as const satisfies { readonly [K in keyof Required<AnthropicProviderOptions>]: OptionRule };

/**
 * A Baton {@link ModelProvider} for Anthropic's Messages API, with the model catalog it
 * resolves models from. Create it with {@link createAnthropicProvider}.
 */
export interface AnthropicProvider extends ModelProvider {
  /** `anthropic`. */
  readonly id: "anthropic";
  /** The SDK client the requests go through. */
  readonly client: AnthropicClient;
  /** Context window, output limit and prices of a model (snapshot ids resolve to their family), when known. */
  getModelInfo(modelId: string): ModelInfo | undefined;
}

function buildCatalog(overrides: Readonly<Record<string, Partial<ModelInfo>>> | undefined): Readonly<Record<string, ModelInfo>> {
  if (!overrides) return ANTHROPIC_MODELS;
  const table: Record<string, ModelInfo> = { ...ANTHROPIC_MODELS };
  for (const [id, override] of Object.entries(overrides)) {
    const base = findAnthropicModelInfo(id);
    const contextWindow = override.contextWindow ?? base?.contextWindow;
    const maxOutputTokens = override.maxOutputTokens ?? base?.maxOutputTokens;
    if (contextWindow === undefined || maxOutputTokens === undefined) {
      throw new ConfigurationError(`Anthropic model "${id}" is not in the catalog: its "models" entry needs contextWindow and maxOutputTokens.`, {
        details: { modelId: id },
      });
    }
    const pricing = override.pricing ?? base?.pricing;
    table[id] = { id, contextWindow, maxOutputTokens, ...(pricing ? { pricing } : {}) };
  }
  return table;
}

/**
 * Creates a Baton model provider for Anthropic's Claude models on the official
 * `@anthropic-ai/sdk`: streamed Messages API calls mapped to Baton stream parts
 * (text, thinking with signatures, tool calls by index, finish reason, usage),
 * typed errors, retries by Baton's policy (the SDK's own are off), and a model
 * catalog with windows and prices. The options are checked first: an unknown key (a
 * typo such as `baseUrl`) or a value of the wrong type throws a `ConfigurationError`
 * naming the accepted options, before any client is built.
 *
 * @example
 * const provider = createAnthropicProvider({ apiKey: process.env.ANTHROPIC_API_KEY });
 * const result = await run({ provider, model: "claude-sonnet-5-5", input: "Hello!" });
 */
export function createAnthropicProvider(options: AnthropicProviderOptions = {}): AnthropicProvider {
  checkOptions("createAnthropicProvider", options, ANTHROPIC_PROVIDER_OPTION_RULES);
  const client: AnthropicClient =
    options.client ??
    new Anthropic({
      ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
      ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
      ...(options.headers ? { defaultHeaders: { ...options.headers } } : {}),
      maxRetries: 0,
    });
  const catalog = buildCatalog(options.models);
  const retry = options.retry ?? {};
  const idleTimeoutMs = options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
  const defaults: RequestDefaults = {
    ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
    ...(options.thinking ? { thinking: options.thinking } : {}),
    ...(options.apiVersion === undefined ? {} : { apiVersion: options.apiVersion }),
  };
  const headers: Record<string, string> = {
    ...(options.client && options.headers ? options.headers : {}),
    ...(options.apiVersion === undefined ? {} : { "anthropic-version": options.apiVersion }),
  };

  /** The error with the client's API key and auth token replaced by `***` (see `redactSecrets`). */
  const withoutSecrets = (error: BatonError): BatonError => {
    const credentials = client as { apiKey?: unknown; authToken?: unknown };
    return redactSecrets(error, secretsOf(credentials.apiKey, credentials.authToken, options.apiKey));
  };

  /** One call: the request, then its parts as they stream (failures typed by `toAnthropicError`). */
  async function attempt(request: ModelRequest): Promise<AsyncIterator<ModelStreamPart>> {
    const signal = request.signal;
    try {
      const body = toAnthropicRequest(request, defaults, findAnthropicModelInfo(request.model, catalog));
      const { data, response } = await client.messages
        .create(body, { maxRetries: 0, ...(signal ? { signal } : {}), ...(Object.keys(headers).length > 0 ? { headers } : {}) })
        .withResponse();
      const requestId = response.headers.get("request-id") ?? undefined;
      const abortRequest = (): void => (data as { controller?: AbortController }).controller?.abort();
      return new PartIterator(
        data,
        (error) => withoutSecrets(toAnthropicError(error, { ...(signal ? { signal } : {}), ...(requestId ? { requestId } : {}) })),
        signal,
        requestId,
        idleTimeoutMs,
        abortRequest,
      );
    } catch (error) {
      throw withoutSecrets(toAnthropicError(error, signal ? { signal } : {}));
    }
  }

  return {
    id: PROVIDER,
    client,
    stream: (request) => streamWithRetries(() => attempt(request), retry, request.signal, joinRetryListeners(options.onRetry, request.onRetry)),
    getModelInfo: (modelId) => findAnthropicModelInfo(modelId, catalog),
  };
}
