import { checkOptions, ConfigurationError, type ModelInfo, type ModelProvider, type ModelRequest, type ModelStreamPart, type RetryPolicy } from "@baton/core";
import { DEFAULT_STREAM_IDLE_TIMEOUT_MS, streamWithRetries, redactSecrets, secretsOf } from "@baton/core/provider-kit";
import OpenAI from "openai";
import { OPENAI_MODELS, findOpenAIModelInfo } from "./catalog.js";
import { OPENAI_PROVIDER_OPTION_RULES, type OpenAIApi, type OpenAICustomToolFormat, type OpenAIProviderOptions } from "./provider-options.js";
import { chatRequestBody } from "./requests/chat-request.js";
import type { RequestSettings } from "./requests/request-settings.js";
import { responsesRequestBody } from "./requests/responses-request.js";
import type { OpenAIClient } from "./sdk-types.js";
import { ChatChunkMapper, type ChatChunkFields } from "./stream/chat-chunk-mapper.js";
import { pumpStream, type OpenedStream } from "./stream/pump-stream.js";
import { ResponsesEventMapper, type ResponsesEventFields } from "./stream/responses-event-mapper.js";

/**
 * A Baton {@link ModelProvider} for OpenAI: the Chat Completions API (also for
 * OpenAI-compatible servers behind `baseURL`) or the Responses API, with the model
 * catalog it resolves models from. Create it with {@link createOpenAIProvider}.
 */
export interface OpenAIProvider extends ModelProvider {
  /** The provider id: `openai`, or the `id` option (`groq`, …). */
  readonly id: string;
  /** The API this provider calls. */
  readonly api: OpenAIApi;
  /** The SDK client the requests go through. */
  readonly client: OpenAIClient;
  /** Context window, output limit and prices of a model (dated ids resolve to their family), when known. */
  getModelInfo(modelId: string): ModelInfo | undefined;
}

/** The provider id from the options: `id`, else the deprecated `name`, else `openai`. */
function providerId(options: OpenAIProviderOptions): string {
  if (options.id !== undefined && options.name !== undefined) {
    throw new ConfigurationError('openai: pass the provider id as "id" only; "name" is its former name, and both were given.', {
      details: { id: options.id, name: options.name },
    });
  }
  return options.id ?? options.name ?? "openai";
}

/** The provider behind {@link createOpenAIProvider}. */
class OpenAIModelProvider implements OpenAIProvider {
  readonly id: string;
  readonly api: OpenAIApi;
  readonly client: OpenAIClient;
  private readonly retry: RetryPolicy;
  private readonly models: Readonly<Record<string, ModelInfo>>;
  private readonly settings: RequestSettings;
  private readonly idleTimeoutMs: number;

  /** Throws a `ConfigurationError` for an unknown option key or a value of the wrong type (see {@link OPENAI_PROVIDER_OPTION_RULES}). */
  constructor(options: OpenAIProviderOptions = {}, caller = "new OpenAIProvider") {
    checkOptions(caller, options, OPENAI_PROVIDER_OPTION_RULES);
    this.id = providerId(options);
    this.api = options.api ?? "chat";
    if (this.api !== "chat" && this.api !== "responses") throw new ConfigurationError(`openai: unknown api "${String(this.api)}"; use "chat" or "responses".`);
    if (options.customTools && this.api !== "responses") throw new ConfigurationError('openai: customTools need the Responses API (api: "responses").');
    this.client = options.client ?? createClient(options);
    this.retry = options.retry ?? {};
    this.idleTimeoutMs = options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
    this.models = mergeModels(options.models);
    this.settings = {
      provider: this.id,
      strictTools: options.strictTools ?? false,
      reasoningEffort: options.reasoningEffort,
      extraBody: options.extraBody,
      systemRole: options.systemRole ?? "system",
      maxTokensField: options.maxTokensField ?? "max_completion_tokens",
      includeUsage: options.includeUsage ?? true,
      reasoningField: options.reasoningField,
      store: options.store ?? false,
      reasoningSummary: options.reasoningSummary,
      includeEncryptedReasoning: options.includeEncryptedReasoning,
      customTools: new Map(
        Object.entries(options.customTools ?? {}).map(([name, format]): [string, OpenAICustomToolFormat] => [
          name,
          format === true ? { type: "text" } : format,
        ]),
      ),
    };
  }

  /**
   * Streams one call: text, reasoning, tool calls by index, usage and the finish
   * reason. Failures before any output are retried by the `retry` policy; errors are
   * typed Baton errors; `request.signal` cancels the HTTP request.
   */
  stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
    let body: object | undefined;
    const attempt = (): AsyncIterable<ModelStreamPart> => {
      body ??= this.api === "chat" ? chatRequestBody(request, this.settings) : responsesRequestBody(request, this.settings);
      return this.withoutSecrets(this.api === "chat" ? this.streamChat(body, request.signal) : this.streamResponses(body, request));
    };
    return streamWithRetries(attempt, this.retry, request.signal, request.onRetry);
  }

  /** Context window, output limit and prices of a model (dated ids resolve to their family), when known. */
  getModelInfo(modelId: string): ModelInfo | undefined {
    return findOpenAIModelInfo(modelId, this.models);
  }

  /** The parts of `parts`; an error it throws has the client's API key replaced by `***` (see `redactSecrets`). */
  private async *withoutSecrets(parts: AsyncIterable<ModelStreamPart>): AsyncGenerator<ModelStreamPart, void, undefined> {
    try {
      yield* parts;
    } catch (error) {
      throw redactSecrets(error, secretsOf(this.client.apiKey));
    }
  }

  private streamChat(body: object, signal: AbortSignal | undefined): AsyncIterable<ModelStreamPart> {
    return pumpStream<ChatChunkFields>(
      () => this.client.chat.completions.create(body as OpenAI.Chat.ChatCompletionCreateParamsStreaming, { signal, maxRetries: 0 }).withResponse(),
      () => new ChatChunkMapper(),
      this.id,
      signal,
      this.idleTimeoutMs,
    );
  }

  private streamResponses(body: object, request: ModelRequest): AsyncIterable<ModelStreamPart> {
    const offered = new Set((request.tools ?? []).map((tool) => tool.name));
    return pumpStream<ResponsesEventFields>(
      // Read through the fields the mapper needs, not the SDK's event union (which grows with every SDK release).
      () =>
        this.client.responses
          .create(body as OpenAI.Responses.ResponseCreateParamsStreaming, { signal: request.signal, maxRetries: 0 })
          .withResponse() as unknown as Promise<OpenedStream<ResponsesEventFields>>,
      (requestId) => new ResponsesEventMapper(this.id, requestId, offered),
      this.id,
      request.signal,
      this.idleTimeoutMs,
    );
  }
}

function createClient(options: OpenAIProviderOptions): OpenAIClient {
  try {
    return new OpenAI({
      ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
      ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
      ...(options.headers === undefined ? {} : { defaultHeaders: { ...options.headers } }),
      maxRetries: 0,
    });
  } catch (error) {
    throw new ConfigurationError(`openai: cannot create the OpenAI client: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function mergeModels(extra: OpenAIProviderOptions["models"]): Readonly<Record<string, ModelInfo>> {
  if (!extra) return OPENAI_MODELS;
  const merged: Record<string, ModelInfo> = { ...OPENAI_MODELS };
  for (const [id, info] of Object.entries(extra)) {
    const base = Object.hasOwn(OPENAI_MODELS, id) ? OPENAI_MODELS[id] : undefined;
    const contextWindow = info.contextWindow ?? base?.contextWindow;
    const maxOutputTokens = info.maxOutputTokens ?? base?.maxOutputTokens;
    if (contextWindow === undefined || maxOutputTokens === undefined) {
      throw new ConfigurationError(`openai: models["${id}"] is not in the catalog, so it needs contextWindow and maxOutputTokens.`);
    }
    const pricing = info.pricing ?? base?.pricing;
    merged[id] = pricing === undefined ? { id, contextWindow, maxOutputTokens } : { id, contextWindow, maxOutputTokens, pricing };
  }
  return merged;
}

/**
 * Creates an OpenAI provider for Baton. The options are checked first: an unknown key
 * (a typo such as `baseUrl`) or a value of the wrong type throws a `ConfigurationError`
 * naming the accepted options, before any client is built.
 *
 * @example
 * const openai = createOpenAIProvider({ apiKey: process.env.OPENAI_API_KEY });
 * const result = await run({ provider: openai, model: "gpt-4.1", input: "Hello" });
 *
 * @example
 * // An OpenAI-compatible server: Groq.
 * const groq = createOpenAIProvider({ id: "groq", baseURL: "https://api.groq.com/openai/v1", apiKey: process.env.GROQ_API_KEY });
 *
 * @example
 * // The Responses API, with encrypted reasoning replayed between turns.
 * const responses = createOpenAIProvider({ api: "responses", reasoningSummary: "auto" });
 */
export function createOpenAIProvider(options: OpenAIProviderOptions = {}): OpenAIProvider {
  return new OpenAIModelProvider(options, "createOpenAIProvider");
}

/**
 * The class behind {@link createOpenAIProvider}, for code written as
 * `new OpenAIProvider(options)`.
 * @deprecated Use {@link createOpenAIProvider}; `OpenAIProvider` is only an interface from the next release on.
 */
export const OpenAIProvider: new (options?: OpenAIProviderOptions) => OpenAIProvider = OpenAIModelProvider;
