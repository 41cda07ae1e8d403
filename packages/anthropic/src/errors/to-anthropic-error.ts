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
  errorMessage,
  type ProviderErrorInfo,
} from "@baton/core";
import { providerErrorForStatus, retryAfterMs } from "@baton/core/provider-kit";
import { PROVIDER } from "./provider-id.js";

/** What is known about the call that failed, besides the error itself. */
export interface AnthropicErrorContext {
  /** The caller's signal: when it fired, the failure is an abort. */
  readonly signal?: AbortSignal;
  /** The request id of the stream (its `request-id` header), used when the error carries none. */
  readonly requestId?: string;
}

/** Something that reads response headers: a `Headers` object (what the SDK gives). */
interface HeaderReader {
  get(name: string): string | null;
}

/** The fields of the SDK's `APIError` this package reads (duck-typed, so any copy of the SDK works). */
interface ApiErrorLike {
  readonly name?: string;
  readonly message: string;
  readonly status?: number | undefined;
  readonly headers?: HeaderReader | undefined;
  readonly error?: unknown;
  readonly requestID?: string | null;
  readonly apiMessage?: string | null;
  readonly type?: string | null;
  readonly errorCode?: string | null;
}

/**
 * How hosts of Claude word "the request does not fit the context window" in a 400
 * (or an `invalid_request_error` event): a message matching any entry becomes a
 * `ContextLengthExceededError`. One entry per wording, each with its test; add the
 * wording of a new host here.
 */
export const ANTHROPIC_CONTEXT_LENGTH_PATTERNS: readonly RegExp[] = [
  /** Anthropic: "prompt is too long: 212000 tokens > 200000 maximum". */
  /prompt is too long/i,
  /** Anthropic: "input length and `max_tokens` exceed context limit: …"; proxies: "exceeds the model's context window". */
  /exceeds? (?:the )?(?:model'?s? )?context (?:window|limit)/i,
  /** Gateways that name the error: "context_length_exceeded", "context length …". */
  /context[_ ]length/i,
  /** Gateways: "too many input tokens", "too many tokens". */
  /too many (?:input )?tokens/i,
  /** Amazon Bedrock (through the Anthropic SDK's Bedrock client): "Input is too long for requested model." */
  /input is too long for (?:the )?requested model/i,
];
const CONTEXT_LENGTH_CODE = /context_(?:length|window)|prompt_too_long/i;

function isApiError(error: unknown): error is ApiErrorLike {
  return error instanceof Error && ("status" in error || "headers" in error) && "error" in error;
}

/**
 * The `error` object of an Anthropic error body: `{ type: "error", error: { type, message }, request_id }`,
 * or the flat `{ message }` of Amazon Bedrock.
 */
function bodyOf(error: ApiErrorLike): { type?: string; message?: string; requestId?: string } {
  const body = error.error as { error?: { type?: unknown; message?: unknown }; message?: unknown; request_id?: unknown } | undefined;
  const inner = body && typeof body === "object" ? body.error : undefined;
  const message = typeof inner?.message === "string" ? inner.message : typeof body?.message === "string" ? body.message : undefined;
  return {
    ...(typeof inner?.type === "string" ? { type: inner.type } : {}),
    ...(message === undefined ? {} : { message }),
    ...(typeof body?.request_id === "string" ? { requestId: body.request_id } : {}),
  };
}

/**
 * Turns anything the SDK (or the stream) threw into a typed Baton error, keeping the
 * provider's message, status, request id (`request-id` header), error type and
 * `retry-after`. An aborted `context.signal` always gives `RunAbortedError`.
 * `context.requestId` (the stream's, from its response headers) is used when the error
 * itself carries none. An HTTP status goes through the status rule every adapter
 * shares (`providerErrorForStatus` of `@baton/core/provider-kit`):
 *
 * | failure | error |
 * | --- | --- |
 * | 401, 403 | `AuthenticationError` |
 * | 429 | `RateLimitError` (retryable, `retryAfterMs`) |
 * | 529, 503, `overloaded_error` event | `ProviderOverloadedError` (retryable) |
 * | other 5xx, 408, 409, `api_error` event | `ProviderServerError` (retryable) |
 * | 4xx "prompt is too long" (and the wordings of {@link ANTHROPIC_CONTEXT_LENGTH_PATTERNS}) | `ContextLengthExceededError` |
 * | other 4xx (400, 404, 413 `request_too_large`, …) | `InvalidRequestError` |
 * | connection failure, broken or unreadable stream | `ProviderStreamError` (retryable) |
 *
 * @example
 * try { await client.messages.create(body); } catch (error) { throw toAnthropicError(error, { signal }); }
 */
export function toAnthropicError(error: unknown, context: AnthropicErrorContext = {}): BatonError {
  const { signal, requestId: streamRequestId } = context;
  if (signal?.aborted) return RunAbortedError.isInstance(error) ? error : new RunAbortedError(signal.reason);
  if (isBatonError(error)) return error;
  if (!isApiError(error)) {
    return new ProviderStreamError(`the response stream failed: ${errorMessage(error)}`, {
      provider: PROVIDER,
      ...(streamRequestId ? { requestId: streamRequestId } : {}),
      cause: error,
    });
  }
  if (error.name === "APIUserAbortError") return new RunAbortedError(error);
  const body = bodyOf(error);
  const type = error.type ?? body.type;
  const message = error.apiMessage ?? body.message ?? error.message;
  const requestId = error.requestID ?? error.headers?.get("request-id") ?? body.requestId ?? streamRequestId;
  const wait = retryAfterMs(error.headers);
  const info: ProviderErrorInfo = {
    provider: PROVIDER,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(requestId ? { requestId } : {}),
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
    ...(error.errorCode || type ? { providerCode: (error.errorCode ?? type)! } : {}),
    cause: error,
  };
  const status = error.status;
  if (status === undefined) {
    if (error.name === "APIConnectionError" || error.name === "APIConnectionTimeoutError") {
      return new ProviderStreamError(`connection failed: ${message}`, info);
    }
    return fromErrorType(type, message, info);
  }
  return providerErrorForStatus(status, message, info, { contextLengthExceeded: isContextLength(message, error.errorCode) });
}

/**
 * @deprecated Use {@link toAnthropicError} (`toAnthropicError(error, { signal, requestId })`); this name goes away in the next release.
 */
export function mapAnthropicError(error: unknown, signal?: AbortSignal, streamRequestId?: string): BatonError {
  return toAnthropicError(error, { ...(signal ? { signal } : {}), ...(streamRequestId ? { requestId: streamRequestId } : {}) });
}

function isContextLength(message: string, code: string | null | undefined): boolean {
  return ANTHROPIC_CONTEXT_LENGTH_PATTERNS.some((pattern) => pattern.test(message)) || (!!code && CONTEXT_LENGTH_CODE.test(code));
}

/** An `error` event inside a stream has no HTTP status: its `error.type` says what happened. */
function fromErrorType(type: string | null | undefined, message: string, info: ProviderErrorInfo): BatonError {
  switch (type) {
    case "overloaded_error":
      return new ProviderOverloadedError(message, info);
    case "rate_limit_error":
      return new RateLimitError(message, info);
    case "api_error":
    case "timeout_error":
      return new ProviderServerError(message, info);
    case "authentication_error":
    case "permission_error":
      return new AuthenticationError(message, info);
    case "invalid_request_error":
    case "not_found_error":
    case "billing_error":
      return isContextLength(message, undefined) ? new ContextLengthExceededError(message, info) : new InvalidRequestError(message, info);
    default:
      return new ProviderStreamError(`the stream reported an error: ${message}`, info);
  }
}
