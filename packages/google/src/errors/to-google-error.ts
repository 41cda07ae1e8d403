import { type BatonError, isBatonError, ProviderStreamError, RunAbortedError, type ProviderErrorInfo } from "@baton/core";
import { providerErrorForStatus } from "@baton/core/provider-kit";
import { retryAfterMs } from "./retry-after.js";

/** What is known about the call that failed. */
export interface GoogleErrorContext {
  /** The caller's signal: when it fired, the failure is an abort. */
  readonly signal?: AbortSignal;
  /** The request id to report when the response headers carry none (before `responseId`). */
  readonly requestId?: string;
  /** Headers of the HTTP response, when the adapter could see them. */
  readonly headers?: Headers;
  /** The `responseId` of the streamed chunks, when some arrived. */
  readonly responseId?: string;
}

/** The `error` object of a Google API error body. */
interface GoogleErrorBody {
  readonly code?: number;
  readonly message?: string;
  readonly status?: string;
  readonly details?: unknown;
}

/**
 * How Gemini hosts word "the request does not fit the context window" in a 400: a
 * message matching any entry becomes a `ContextLengthExceededError`. One entry per
 * wording, each with its test; add the wording of a new host here.
 */
export const GOOGLE_CONTEXT_LENGTH_PATTERNS: readonly RegExp[] = [
  /** Gemini API: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)." */
  /exceeds the maximum number of tokens/i,
  /** Vertex AI: "Unable to submit request because the input token count is 1200000 but model only supports up to 1048576. …" */
  /input token count is \d+ but (?:the )?model only supports up to/i,
];
const BAD_API_KEY = /API key not valid|API_KEY_INVALID/i;
const REQUEST_ID_HEADERS = ["x-request-id", "x-goog-request-id", "request-id"];

/**
 * Any failure of a Gemini call → a typed Baton error. The SDK's `ApiError` (an HTTP
 * error, or an `error` object inside the stream) is read for Google's message,
 * status name (`providerCode`, e.g. `RESOURCE_EXHAUSTED`) and `RetryInfo`. The status
 * goes through the status rule every adapter shares (`providerErrorForStatus` of
 * `@baton/core/provider-kit`):
 *
 * | failure | error |
 * | --- | --- |
 * | 401, 403, 400 "API key not valid" | `AuthenticationError` |
 * | 429 | `RateLimitError` (retryable, `retryAfterMs`) |
 * | 503, 529 | `ProviderOverloadedError` (retryable) |
 * | 408, 409 (`ABORTED`), other 5xx | `ProviderServerError` (retryable) |
 * | 4xx with a wording of {@link GOOGLE_CONTEXT_LENGTH_PATTERNS} ("exceeds the maximum number of tokens", Vertex's "input token count is … but model only supports up to …") | `ContextLengthExceededError` |
 * | other 4xx | `InvalidRequestError` |
 * | the caller's abort | `RunAbortedError` |
 * | a connection that failed or broke off, an unreadable chunk | `ProviderStreamError` (retryable) |
 *
 * @example
 * try { await client.models.generateContentStream(params); } catch (error) { throw toGoogleError(error, { signal }); }
 */
export function toGoogleError(error: unknown, context: GoogleErrorContext = {}): BatonError {
  if (isBatonError(error)) return error;
  if (context.signal?.aborted) return new RunAbortedError(context.signal.reason);
  const requestId =
    REQUEST_ID_HEADERS.map((name) => context.headers?.get(name)).find((value) => typeof value === "string") ?? context.requestId ?? context.responseId;
  const base = { provider: "google", cause: error, ...(requestId ? { requestId } : {}) };
  const status = apiErrorStatus(error);
  if (status === undefined) {
    const reason = error instanceof Error ? describe(error) : String(error);
    return new ProviderStreamError(`the request or its stream failed: ${reason}`, base);
  }
  const body = errorBody((error as Error).message);
  const message = body?.message ?? (error as Error).message;
  const delay = retryAfterMs(context.headers, body?.details);
  const info: ProviderErrorInfo = {
    ...base,
    status,
    ...(body?.status === undefined ? {} : { providerCode: body.status }),
    ...(delay === undefined ? {} : { retryAfterMs: delay }),
  };
  return providerErrorForStatus(status, message, info, {
    contextLengthExceeded: GOOGLE_CONTEXT_LENGTH_PATTERNS.some((pattern) => pattern.test(message)),
    authenticationFailed: status === 400 && BAD_API_KEY.test(JSON.stringify(body ?? message)),
  });
}

/** The HTTP status of the SDK's `ApiError` (matched by shape, so any copy of the SDK works). */
function apiErrorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error) || error.name !== "ApiError") return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" ? status : undefined;
}

/**
 * The `error` object inside an `ApiError`'s message: the JSON body of an HTTP error,
 * or `got status: …. {json}` for an error sent inside the stream.
 */
function errorBody(message: string): GoogleErrorBody | undefined {
  const start = message.search(/[[{]/);
  if (start < 0) return undefined;
  try {
    let parsed = JSON.parse(message.slice(start)) as unknown;
    if (Array.isArray(parsed)) parsed = parsed[0];
    const inner = (parsed as { error?: unknown } | null)?.error;
    return typeof inner === "object" && inner !== null ? (inner as GoogleErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

function describe(error: Error): string {
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message} (${cause})` : error.message;
}
