import {
  checkOptions,
  ConfigurationError,
  optionIs as is,
  type OptionRule,
  ProviderStreamError,
  RunAbortedError,
  type ModelInfo,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamPart,
  type RetryListener,
  type RetryPolicy,
} from "@baton/core";
import {
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  IdleWatch,
  joinRetryListeners,
  RETRY_POLICY_RULES,
  streamWithRetries,
  redactSecrets,
  secretsOf,
} from "@baton/core/provider-kit";
import { GoogleGenAI } from "@google/genai";
import { findGoogleModelInfo, modelTable } from "./catalog.js";
import { toGoogleError } from "./errors/to-google-error.js";
import { ResponseHeaderProbe, type FetchFunction } from "./http/response-header-probe.js";
import { toStreamParams, type GeminiRequestSettings } from "./request/to-stream-params.js";
import type { GeminiSafetySetting, GeminiStreamParams, GeminiThinkingConfig, GoogleClient } from "./sdk-types.js";
import { GeminiStreamMapper } from "./stream/gemini-stream-mapper.js";
import type { GoogleToolSchemaMode } from "./tools/to-gemini-tools.js";

/** Options of {@link createGoogleProvider}. */
export interface GoogleProviderOptions {
  /** Gemini API key. Default: the `GOOGLE_API_KEY`, else the `GEMINI_API_KEY` environment variable. */
  readonly apiKey?: string;
  /** API host without the version path, e.g. a proxy. Default: `https://generativelanguage.googleapis.com`. */
  readonly baseURL?: string;
  /**
   * An SDK client you built (for example `new GoogleGenAI({ vertexai: true, project, location })`).
   * `apiKey`, `baseURL`, `headers` and `fetch` are then not used.
   */
  readonly client?: GoogleClient;
  /** Retries of failed calls (before any output). Default: 2 retries from 500 ms, honouring RetryInfo. */
  readonly retry?: RetryPolicy;
  /** Called before each retry with the error and the wait. */
  readonly onRetry?: RetryListener;
  /** Extra or overriding catalog entries, by model id. */
  readonly models?: Readonly<Record<string, Partial<ModelInfo>>>;
  /**
   * `thinkingConfig` of every call. Default `{ includeThoughts: true }`, so thought
   * summaries stream as reasoning; `false` sends none (the model's defaults apply).
   */
  readonly thinking?: GeminiThinkingConfig | false;
  /** Safety settings of every call. */
  readonly safetySettings?: readonly GeminiSafetySetting[];
  /** How tool schemas are sent: converted to Gemini's OpenAPI subset (`openapi`, default) or as `parametersJsonSchema`. */
  readonly toolSchema?: GoogleToolSchemaMode;
  /** Extra HTTP headers of every call. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The `fetch` to use. Default: Node's, with the header and body timeouts off (as the SDK does). */
  readonly fetch?: FetchFunction;
  /**
   * Longest wait for the next streamed chunk, in ms, once the call has started. A
   * stream that stalls longer is cancelled and ends in a retryable
   * `ProviderStreamError` (`providerCode` `stream_idle_timeout`). Default 60000; 0 turns it off.
   */
  readonly streamIdleTimeoutMs?: number;
}

/**
 * The rule of every key of {@link GoogleProviderOptions}, checked (with `checkOptions`
 * from `@baton/core`) when a provider is created: a key not listed here is rejected
 * with a `ConfigurationError` that names the accepted ones. The `satisfies` clause
 * keeps this table and the interface in sync.
 */
export const GOOGLE_PROVIDER_OPTION_RULES = {
  apiKey: is.string,
  baseURL: is.string,
  // An SDK instance, used as it is.
  client: is.object,
  retry: is.optionsObject(RETRY_POLICY_RULES),
  onRetry: is.function,
  models: is.object,
  // A `thinkingConfig` is sent as it is (the API judges it); `false` sends none.
  thinking: is.either(is.object, { expected: "false", test: (value) => value === false }),
  // Sent as they are: the API judges them.
  safetySettings: is.array,
  toolSchema: is.oneOf("openapi", "json-schema"),
  // Passed to the SDK as `httpOptions.headers`.
  headers: is.stringRecord,
  fetch: is.function,
  streamIdleTimeoutMs: is.nonNegativeInteger,
} as const satisfies { readonly [K in keyof Required<GoogleProviderOptions>]: OptionRule };

/**
 * A Baton {@link ModelProvider} for Gemini, on the official `@google/genai` SDK, with
 * the model catalog it resolves models from. Create it with {@link createGoogleProvider}.
 */
export interface GoogleProvider extends ModelProvider {
  /** `google`. */
  readonly id: "google";
  /** The SDK client the calls go through. */
  readonly client: GoogleClient;
  /** Window, output limit and prices of a Gemini model (versioned ids resolve to their family), when known. */
  getModelInfo(modelId: string): ModelInfo | undefined;
}

/** The provider behind {@link createGoogleProvider}. */
class GeminiModelProvider implements GoogleProvider {
  readonly id = "google" as const;
  readonly client: GoogleClient;
  private readonly ownClient: boolean;
  private readonly fetch: FetchFunction | undefined;
  private readonly retry: RetryPolicy;
  private readonly onRetry: GoogleProviderOptions["onRetry"];
  private readonly settings: GeminiRequestSettings;
  private readonly table: Readonly<Record<string, ModelInfo>>;
  private readonly idleTimeoutMs: number;

  /** Throws a `ConfigurationError` for an unknown option key or a value of the wrong type (see {@link GOOGLE_PROVIDER_OPTION_RULES}). */
  constructor(options: GoogleProviderOptions = {}, caller = "new GoogleProvider") {
    checkOptions(caller, options, GOOGLE_PROVIDER_OPTION_RULES);
    this.ownClient = options.client === undefined;
    this.client = options.client ?? buildClient(options);
    this.fetch = options.fetch;
    this.retry = options.retry ?? {};
    this.onRetry = options.onRetry;
    this.settings = {
      toolSchema: options.toolSchema ?? "openapi",
      thinking: options.thinking === false ? undefined : { includeThoughts: true, ...options.thinking },
      safetySettings: options.safetySettings,
    };
    this.table = modelTable(options.models);
    this.idleTimeoutMs = options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
  }

  /**
   * Streams one `streamGenerateContent` call, retried by the `retry` policy while
   * nothing was yielded. Throws typed provider errors (see `toGoogleError`).
   */
  stream(request: ModelRequest): AsyncIterableIterator<ModelStreamPart> {
    // Built on the first attempt (inside the stream, so a request Gemini cannot take rejects the iteration), reused by retries.
    let params: GeminiStreamParams | undefined;
    const build = (): GeminiStreamParams => (params ??= toStreamParams(request, this.settings));
    return streamWithRetries(() => this.attempt(build, request.signal), this.retry, request.signal, joinRetryListeners(this.onRetry, request.onRetry));
  }

  /** Window, output limit and prices of a Gemini model (versioned ids resolve to their family). */
  getModelInfo(modelId: string): ModelInfo | undefined {
    return findGoogleModelInfo(modelId, this.table);
  }

  private async *attempt(build: () => GeminiStreamParams, signal: AbortSignal | undefined): AsyncGenerator<ModelStreamPart, void, undefined> {
    const params = build();
    if (signal?.aborted) throw new RunAbortedError(signal.reason);
    // One controller per attempt: the caller's abort, or leaving the stream early, cancels the HTTP request.
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    const probe = this.ownClient ? new ResponseHeaderProbe(this.fetch) : undefined;
    const mapper = new GeminiStreamMapper();
    const parts: ModelStreamPart[] = [];
    let completed = false;
    let idle: IdleWatch | undefined;
    try {
      const stream = await this.client.models.generateContentStream({
        ...params,
        config: {
          ...params.config,
          abortSignal: controller.signal,
          // The SDK retries only when `retryOptions` asks it to; one attempt leaves retrying to `retry`.
          httpOptions: { retryOptions: { attempts: 1 }, ...(probe ? { fetch: probe.fetch } : {}) },
        },
      });
      if (this.idleTimeoutMs > 0) idle = new IdleWatch(this.idleTimeoutMs, () => controller.abort());
      for await (const chunk of stream) {
        if (idle) {
          if (idle.fired) throw this.stalled(probe?.headers, mapper.responseId);
          idle.arrived();
        }
        mapper.push(chunk, parts);
        for (const part of parts) yield part;
        parts.length = 0;
        idle?.waiting();
      }
      if (idle?.fired && !signal?.aborted) throw this.stalled(probe?.headers, mapper.responseId);
      mapper.finish(parts);
      for (const part of parts) yield part;
      completed = true;
    } catch (error) {
      if (idle?.fired && !signal?.aborted) throw this.stalled(probe?.headers, mapper.responseId);
      throw redactSecrets(
        toGoogleError(error, {
          ...(signal ? { signal } : {}),
          ...(probe?.headers ? { headers: probe.headers } : {}),
          ...(mapper.responseId === undefined ? {} : { responseId: mapper.responseId }),
        }),
        this.secrets(),
      );
    } finally {
      idle?.stop();
      signal?.removeEventListener("abort", onAbort);
      if (!completed) controller.abort();
    }
  }

  /** The API key of the client (also of a `client` of the user's), to be kept out of errors. */
  private secrets(): string[] {
    const client = this.client as unknown as { apiKey?: unknown; apiClient?: { clientOptions?: { apiKey?: unknown } } };
    return secretsOf(client.apiKey, client.apiClient?.clientOptions?.apiKey);
  }

  /** The error of a stream that sent nothing for `streamIdleTimeoutMs`. */
  private stalled(headers: Headers | undefined, responseId: string | undefined): ProviderStreamError {
    const requestId = headers?.get("x-request-id") ?? headers?.get("x-goog-request-id") ?? responseId;
    return new ProviderStreamError(`the stream stalled: no chunk for ${this.idleTimeoutMs} ms (streamIdleTimeoutMs).`, {
      provider: "google",
      providerCode: "stream_idle_timeout",
      ...(requestId ? { requestId } : {}),
    });
  }
}

function buildClient(options: GoogleProviderOptions): GoogleClient {
  const apiKey = options.apiKey || process.env.GOOGLE_API_KEY || process.env.GEMINI_API_KEY;
  if (!apiKey) {
    throw new ConfigurationError(
      "The Google provider needs an API key: pass `apiKey`, set GOOGLE_API_KEY or GEMINI_API_KEY, or pass a `client` (for example one built for Vertex AI).",
    );
  }
  const httpOptions = {
    ...(options.baseURL === undefined ? {} : { baseUrl: options.baseURL }),
    ...(options.headers === undefined ? {} : { headers: { ...options.headers } }),
  };
  // The Gemini API's v1beta, whichever major of the SDK is installed: version 2 calls it by default, version 3 calls v1.
  return new GoogleGenAI({ apiKey, apiVersion: GEMINI_API_VERSION, ...(Object.keys(httpOptions).length > 0 ? { httpOptions } : {}) });
}

/** The Gemini API version the adapter's own client calls: the one its stream mapping and recorded streams are of. */
const GEMINI_API_VERSION = "v1beta";

/**
 * A Gemini {@link ModelProvider} on the official `@google/genai` SDK: streamed
 * text, thought summaries with their signatures, function calls, usage, typed
 * errors, and retries by Baton's policy (the SDK's own are off). The options are
 * checked first: an unknown key (a typo such as `baseUrl`) or a value of the wrong
 * type throws a `ConfigurationError` naming the accepted options, before any client
 * is built.
 *
 * @example
 * const provider = createGoogleProvider({ apiKey: process.env.GEMINI_API_KEY });
 * const result = await run({ provider, model: "gemini-2.5-flash", input: "Hello!" });
 */
export function createGoogleProvider(options: GoogleProviderOptions = {}): GoogleProvider {
  return new GeminiModelProvider(options, "createGoogleProvider");
}

/**
 * The class behind {@link createGoogleProvider}, for code written as
 * `new GoogleProvider(options)`.
 * @deprecated Use {@link createGoogleProvider}; `GoogleProvider` is only an interface from the next release on.
 */
export const GoogleProvider: new (options?: GoogleProviderOptions) => GoogleProvider = GeminiModelProvider;
