import {
  AuthenticationError,
  BatonError,
  ContextLengthExceededError,
  InvalidRequestError,
  ProviderOverloadedError,
  ProviderServerError,
  ProviderStreamError,
  RateLimitError,
  RunAbortedError,
  type ProviderErrorInfo,
} from "@baton/core";
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } from "openai";
import { retryAfterMs, type HeaderSource } from "./retry-after.js";

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

function classify(failure: OpenAIFailure): ErrorClass {
  const { status, code, type } = failure;
  if (code === "context_length_exceeded" || ((status === undefined || status === 400 || status === 413 || status === 422) && isContextLengthMessage(failure.message))) {
    return ContextLengthExceededError;
  }
  if (status === undefined) return (code && CODE_CLASSES[code]) || (type && CODE_CLASSES[type]) || ProviderStreamError;
  if (status === 401 || status === 403) return AuthenticationError;
  if (status === 429) return RateLimitError;
  if (status === 503 || status === 529) return ProviderOverloadedError;
  if (status === 408 || status === 409 || status >= 500) return ProviderServerError;
  return InvalidRequestError;
}

/**
 * The typed Baton error for a failure reported by OpenAI or a compatible server: its
 * message, status, request id, error code and `retry-after` are kept.
 */
export function failureToError(failure: OpenAIFailure, provider: string): BatonError {
  const ErrorType = classify(failure);
  const info: ProviderErrorInfo = {
    provider,
    ...(failure.status === undefined ? {} : { status: failure.status }),
    ...(failure.requestId ? { requestId: failure.requestId } : {}),
    ...(failure.code || failure.type ? { providerCode: (failure.code || failure.type)! } : {}),
    ...(failure.cause === undefined ? {} : { cause: failure.cause }),
  };
  const wait = retryAfterMs(failure.headers);
  return new ErrorType(failure.message, wait === undefined ? info : { ...info, retryAfterMs: wait });
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
 * Maps anything thrown while calling the SDK or reading its stream to a Baton error:
 * an abort becomes `RunAbortedError`, an SDK `APIError` the typed provider error of
 * its status and code, a broken or unreadable stream a `ProviderStreamError`.
 * Baton errors pass through. `requestId` names the request when the error does not.
 */
export function toProviderError(error: unknown, provider: string, signal: AbortSignal | undefined, requestId?: string | null): BatonError {
  if (error instanceof BatonError) return error;
  if (signal?.aborted || error instanceof APIUserAbortError) return new RunAbortedError(signal?.reason ?? error);
  const shape = (typeof error === "object" && error !== null ? error : {}) as ApiErrorShape;
  const body = (typeof shape.error === "object" && shape.error !== null ? shape.error : {}) as { message?: unknown; code?: unknown; type?: unknown };
  const isApiError = typeof shape.status === "number" || (typeof shape.error === "object" && shape.error !== null);
  if (isApiError && !(error instanceof APIConnectionError)) {
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
  const what =
    error instanceof APIConnectionTimeoutError
      ? "The request timed out"
      : error instanceof APIConnectionError
        ? "The connection failed"
        : error instanceof SyntaxError
          ? "The stream sent an unreadable event"
          : "The stream broke off";
  const cause = error instanceof Error && error.cause !== undefined ? ` (${String((error.cause as Error).message ?? error.cause)})` : "";
  return new ProviderStreamError(`${what}: ${message}${cause}`, { provider, ...(requestId ? { requestId } : {}), cause: error });
}
