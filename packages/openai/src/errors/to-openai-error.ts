import {
  AuthenticationError,
  type BatonError,
  isBatonError,
  ContextLengthExceededError,
  InvalidRequestError,
  ProviderOverloadedError,
  ProviderServerError,
  ProviderStreamError,
  RateLimitError,
  RunAbortedError,
  type ProviderErrorInfo,
} from "@baton/core";
import { providerErrorForStatus, retryAfterMs, type HeaderSource } from "@baton/core/provider-kit";

/** The provider id errors carry when the caller names none. */
const DEFAULT_PROVIDER = "openai";

/** What is known about the call that failed, besides the error itself. */
export interface OpenAIErrorContext {
  /** The provider id the error carries: `openai` (default), or the provider's `id` (`groq`, …). */
  readonly provider?: string;
  /** The caller's signal: when it fired, the failure is an abort. */
  readonly signal?: AbortSignal;
  /** The request id of the stream (its `x-request-id` header), used when the error carries none. */
  readonly requestId?: string;
}

/** What a failure is known by: the fields of an SDK `APIError`, or of an error event in a stream. */
export interface OpenAIFailure {
  readonly status?: number | undefined;
  readonly message: string;
  readonly code?: string | null | undefined;
  readonly type?: string | null | undefined;
  readonly requestId?: string | null | undefined;
  readonly headers?: HeaderSource;
  readonly cause?: unknown;
}

type ErrorClass = new (message: string, info: ProviderErrorInfo) => BatonError;

/**
 * How OpenAI and the compatible servers word "the request does not fit the context
 * window" (in a 400, 413 or 422, or an error event): a message matching any entry
 * becomes a `ContextLengthExceededError` (as does the code `context_length_exceeded`).
 * One entry per wording, each with its test; add the wording of a new server here.
 */
export const OPENAI_CONTEXT_LENGTH_PATTERNS: readonly RegExp[] = [
  /** OpenAI ("This model's maximum context length is 128000 tokens…"), vLLM, Groq, llama.cpp ("context size"), OpenRouter ("context window"). */
  /context[ _](?:length|window|size)/i,
  /** OpenAI's older wording: "Please reduce the length of the messages." */
  /reduce the length of the messages/i,
  /** Servers relaying Anthropic-style wording: "prompt is too long". */
  /prompt is too long/i,
  /** xAI: "This model's maximum prompt length is 131072 but the request contains 140000 tokens." */
  /maximum prompt length is/i,
];

const isContextLengthMessage = (message: string): boolean => OPENAI_CONTEXT_LENGTH_PATTERNS.some((pattern) => pattern.test(message));

/** Error types and codes of error events (no HTTP status), by the class they mean. */
const CODE_CLASSES: Readonly<Record<string, ErrorClass>> = {
  context_length_exceeded: ContextLengthExceededError,
  rate_limit_exceeded: RateLimitError,
  rate_limit_error: RateLimitError,
  insufficient_quota: RateLimitError,
  server_is_overloaded: ProviderOverloadedError,
  overloaded_error: ProviderOverloadedError,
  slow_down: ProviderOverloadedError,
  server_error: ProviderServerError,
  internal_error: ProviderServerError,
  invalid_request_error: InvalidRequestError,
  invalid_prompt: InvalidRequestError,
  authentication_error: AuthenticationError,
  invalid_api_key: AuthenticationError,
};

const codeClass = (name: string | null | undefined): ErrorClass | undefined => (name && Object.hasOwn(CODE_CLASSES, name) ? CODE_CLASSES[name] : undefined);

/**
 * The typed Baton error for a failure reported by OpenAI or a compatible server: its
 * message, status, request id, error code and `retry-after` are kept. An HTTP status
 * goes through the status rule every adapter shares (`providerErrorForStatus` of
 * `@baton/core/provider-kit`); an error event without a status is typed by its code.
 */
export function failureToError(failure: OpenAIFailure, provider: string): BatonError {
  const wait = retryAfterMs(failure.headers);
  const info: ProviderErrorInfo = {
    provider,
    ...(failure.requestId ? { requestId: failure.requestId } : {}),
    ...(failure.code || failure.type ? { providerCode: (failure.code || failure.type)! } : {}),
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
    ...(failure.cause === undefined ? {} : { cause: failure.cause }),
  };
  const contextLengthExceeded = failure.code === "context_length_exceeded" || isContextLengthMessage(failure.message);
  if (failure.status !== undefined) return providerErrorForStatus(failure.status, failure.message, info, { contextLengthExceeded });
  if (contextLengthExceeded) return new ContextLengthExceededError(failure.message, info);
  const ErrorType = codeClass(failure.code) ?? codeClass(failure.type) ?? ProviderStreamError;
  return new ErrorType(failure.message, info);
}

interface ApiErrorShape {
  readonly status?: unknown;
  readonly headers?: unknown;
  readonly error?: unknown;
  readonly code?: unknown;
  readonly type?: unknown;
  readonly requestID?: unknown;
  readonly message?: unknown;
}

const str = (value: unknown): string | undefined => (typeof value === "string" && value.length > 0 ? value : undefined);

/**
 * Whether `error` is an instance of the SDK error class `name` (or of a subclass),
 * judged by the class names on its prototype chain: the client may come from another
 * copy of the SDK than the adapter's own (openai 6 and 7 side by side, or a client the
 * application built), where `instanceof` would fail.
 */
function isSdkError(error: unknown, name: string): boolean {
  for (let proto = typeof error === "object" && error !== null ? Object.getPrototypeOf(error) : null; proto; proto = Object.getPrototypeOf(proto)) {
    if ((proto as { constructor?: { name?: unknown } }).constructor?.name === name) return true;
  }
  return false;
}

/**
 * Maps anything thrown while calling the SDK or reading its stream to a Baton error:
 * an abort becomes `RunAbortedError`, an SDK `APIError` the typed provider error of
 * its status (by the shared status rule) and code, a broken or unreadable stream a
 * `ProviderStreamError`. Baton errors pass through. `context.requestId` names the
 * request when the error does not; `context.provider` is the id errors carry.
 *
 * | failure | error |
 * | --- | --- |
 * | 401, 403 | `AuthenticationError` |
 * | 429 | `RateLimitError` (retryable, `retryAfterMs`) |
 * | 503, 529 | `ProviderOverloadedError` (retryable) |
 * | 408, 409, other 5xx | `ProviderServerError` (retryable) |
 * | 400, 413, 422 with a wording of {@link OPENAI_CONTEXT_LENGTH_PATTERNS}, or the code `context_length_exceeded` | `ContextLengthExceededError` |
 * | other 4xx | `InvalidRequestError` |
 * | connection failure, broken or unreadable stream | `ProviderStreamError` (retryable) |
 *
 * @example
 * try { await client.chat.completions.create(body); } catch (error) { throw toOpenAIError(error, { provider: "groq" }); }
 */
export function toOpenAIError(error: unknown, context: OpenAIErrorContext = {}): BatonError {
  const provider = context.provider ?? DEFAULT_PROVIDER;
  const { signal, requestId } = context;
  if (isBatonError(error)) return error;
  if (signal?.aborted || isSdkError(error, "APIUserAbortError")) return new RunAbortedError(signal?.reason ?? error);
  const shape = (typeof error === "object" && error !== null ? error : {}) as ApiErrorShape;
  const body = (typeof shape.error === "object" && shape.error !== null ? shape.error : {}) as { message?: unknown; code?: unknown; type?: unknown };
  const isApiError = typeof shape.status === "number" || (typeof shape.error === "object" && shape.error !== null);
  if (isApiError && !isSdkError(error, "APIConnectionError")) {
    const headers = typeof shape.headers === "object" ? (shape.headers as HeaderSource) : undefined;
    return failureToError(
      {
        status: typeof shape.status === "number" ? shape.status : undefined,
        // xAI sends `{ code, error: "<message>" }`: the error itself is the message.
        message: str(body.message) ?? str(shape.error) ?? str(shape.message) ?? "Unknown error.",
        code: str(shape.code) ?? str(body.code),
        type: str(shape.type) ?? str(body.type),
        requestId: str(shape.requestID) ?? requestId,
        headers,
        cause: error,
      },
      provider,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  const what = isSdkError(error, "APIConnectionTimeoutError")
    ? "The request timed out"
    : isSdkError(error, "APIConnectionError")
      ? "The connection failed"
      : error instanceof SyntaxError
        ? "The stream sent an unreadable event"
        : "The stream broke off";
  const cause = error instanceof Error && error.cause !== undefined ? ` (${String((error.cause as Error).message ?? error.cause)})` : "";
  return new ProviderStreamError(`${what}: ${message}${cause}`, { provider, ...(requestId ? { requestId } : {}), cause: error });
}

/**
 * @deprecated Use {@link toOpenAIError} (`toOpenAIError(error, { provider, signal, requestId })`); this name goes away in the next release.
 */
export function toProviderError(error: unknown, provider: string, signal: AbortSignal | undefined, requestId?: string | null): BatonError {
  return toOpenAIError(error, { provider, ...(signal ? { signal } : {}), ...(requestId ? { requestId } : {}) });
}
