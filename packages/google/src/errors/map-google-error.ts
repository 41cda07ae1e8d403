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
import { retryAfterMs } from "./retry-after.js";

/** What is known about the call that failed. */
export interface GoogleErrorContext {
  /** The caller's signal: when it fired, the failure is an abort. */
  readonly signal?: AbortSignal;
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
 * status name (`providerCode`, e.g. `RESOURCE_EXHAUSTED`) and `RetryInfo`:
 * 400 with a wording of {@link GOOGLE_CONTEXT_LENGTH_PATTERNS} ("exceeds the maximum
 * number of tokens", Vertex's "input token count is … but model only supports up to …")
 * → {@link ContextLengthExceededError};
 * 401, 403 and 400 "API key not valid" → {@link AuthenticationError};
 * 429 → {@link RateLimitError} with `retryAfterMs`; 503 → {@link ProviderOverloadedError};
 * 408 and other 5xx → {@link ProviderServerError}; other 4xx → {@link InvalidRequestError}.
 * The caller's abort → `RunAbortedError`; anything else (a connection that failed
 * or broke off, an unreadable chunk) → {@link ProviderStreamError}.
 */
export function toGoogleError(error: unknown, context: GoogleErrorContext = {}): BatonError {
  if (error instanceof BatonError) return error;
  if (context.signal?.aborted) return new RunAbortedError(context.signal.reason);
  const requestId = REQUEST_ID_HEADERS.map((name) => context.headers?.get(name)).find((value) => typeof value === "string") ?? context.responseId;
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
  if (status === 400 && GOOGLE_CONTEXT_LENGTH_PATTERNS.some((pattern) => pattern.test(message))) return new ContextLengthExceededError(message, info);
  if (status === 401 || status === 403 || (status === 400 && BAD_API_KEY.test(JSON.stringify(body ?? message)))) return new AuthenticationError(message, info);
  if (status === 429) return new RateLimitError(message, info);
  if (status === 503 || status === 529) return new ProviderOverloadedError(message, info);
  if (status >= 500 || status === 408) return new ProviderServerError(message, info);
  return new InvalidRequestError(message, info);
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
