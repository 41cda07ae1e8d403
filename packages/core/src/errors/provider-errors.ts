import { BatonError } from "./baton-error.js";
import { ERROR_CODES } from "./error-codes.js";

/** What every provider error carries besides its message. */
export interface ProviderErrorInfo {
  /** The provider, e.g. `openai`, `anthropic`, `google`. */
  readonly provider: string;
  /** HTTP status, when the failure was an HTTP answer. */
  readonly status?: number;
  /** The provider's request id (`x-request-id`, `request-id`, …), for support tickets. */
  readonly requestId?: string;
  /** How long the provider asked to wait before retrying, in ms (`retry-after`, `retry-after-ms`, RetryInfo). */
  readonly retryAfterMs?: number;
  /** The provider's own error type or code, e.g. `rate_limit_error`. */
  readonly providerCode?: string;
  /** The underlying error (the SDK's). */
  readonly cause?: unknown;
}

/** The codes of {@link ProviderRequestError}s. */
export type ProviderErrorCode =
  | typeof ERROR_CODES.PROVIDER_AUTHENTICATION
  | typeof ERROR_CODES.PROVIDER_RATE_LIMIT
  | typeof ERROR_CODES.PROVIDER_CONTEXT_LENGTH
  | typeof ERROR_CODES.PROVIDER_OVERLOADED
  | typeof ERROR_CODES.PROVIDER_SERVER
  | typeof ERROR_CODES.PROVIDER_INVALID_REQUEST
  | typeof ERROR_CODES.PROVIDER_STREAM;

/**
 * A typed failure of a model provider, with the provider's message, status and
 * request id. Subclasses say what kind; `retryable` says whether the same call may
 * succeed later (rate limits, overload, server errors, broken streams).
 */
export abstract class ProviderRequestError extends BatonError {
  readonly provider: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly providerCode: string | undefined;

  protected constructor(code: ProviderErrorCode, message: string, info: ProviderErrorInfo, retryable: boolean) {
    const details: Record<string, string | number> = { provider: info.provider };
    if (info.status !== undefined) details.status = info.status;
    if (info.requestId !== undefined) details.requestId = info.requestId;
    if (info.retryAfterMs !== undefined) details.retryAfterMs = info.retryAfterMs;
    if (info.providerCode !== undefined) details.providerCode = info.providerCode;
    super(code, `${info.provider}: ${message}`, { details, cause: info.cause, retryable });
    this.provider = info.provider;
    this.status = info.status;
    this.requestId = info.requestId;
    this.retryAfterMs = info.retryAfterMs;
    this.providerCode = info.providerCode;
  }
}

/** The provider refused the credentials (HTTP 401 / 403). Not retryable. */
export class AuthenticationError extends ProviderRequestError {
  constructor(message: string, info: ProviderErrorInfo) {
    super(ERROR_CODES.PROVIDER_AUTHENTICATION, message, info, false);
  }
}

/** The provider's rate limit was hit (HTTP 429). Retryable, after `retryAfterMs` when given. */
export class RateLimitError extends ProviderRequestError {
  constructor(message: string, info: ProviderErrorInfo) {
    super(ERROR_CODES.PROVIDER_RATE_LIMIT, message, info, true);
  }
}

/** The request does not fit the model's context window. Not retryable as is. */
export class ContextLengthExceededError extends ProviderRequestError {
  constructor(message: string, info: ProviderErrorInfo) {
    super(ERROR_CODES.PROVIDER_CONTEXT_LENGTH, message, info, false);
  }
}

/** The provider is overloaded (Anthropic 529, HTTP 503). Retryable. */
export class ProviderOverloadedError extends ProviderRequestError {
  constructor(message: string, info: ProviderErrorInfo) {
    super(ERROR_CODES.PROVIDER_OVERLOADED, message, info, true);
  }
}

/** The provider failed on its side (HTTP 5xx). Retryable. */
export class ProviderServerError extends ProviderRequestError {
  constructor(message: string, info: ProviderErrorInfo) {
    super(ERROR_CODES.PROVIDER_SERVER, message, info, true);
  }
}

/** The provider refused the request as invalid (HTTP 400, 404, 422). Not retryable. */
export class InvalidRequestError extends ProviderRequestError {
  constructor(message: string, info: ProviderErrorInfo) {
    super(ERROR_CODES.PROVIDER_INVALID_REQUEST, message, info, false);
  }
}

/** The stream broke off, or sent an error event or something unreadable. Retryable only before any output. */
export class ProviderStreamError extends ProviderRequestError {
  constructor(message: string, info: ProviderErrorInfo) {
    super(ERROR_CODES.PROVIDER_STREAM, message, info, true);
  }
}

/** Wordings in which providers state the window in a context-length error, with the number after them. */
const LIMIT_WORDINGS =
  /(?:maximum context length is|maximum prompt length is|only supports up to|context window(?: size)? (?:is|of)|prompt is too long:\s*[\d,]+\s*tokens\s*>)\s*([\d,]+)/i;

/**
 * The context window a context-length error reports, in tokens: `details.contextLimit`
 * when the adapter set it, else the number in the provider's wording ("maximum context
 * length is 128000 tokens", "model only supports up to 1048576", "prompt is too long:
 * 210000 tokens > 200000 maximum"); undefined when it gives none.
 *
 * @example reportedContextLimit(new ContextLengthExceededError("This model's maximum context length is 128000 tokens.", info)) // 128000
 */
export function reportedContextLimit(error: BatonError): number | undefined {
  const fromDetails = error.details.contextLimit;
  if (typeof fromDetails === "number" && Number.isFinite(fromDetails) && fromDetails > 0) return fromDetails;
  const match = LIMIT_WORDINGS.exec(error.message);
  const limit = match ? Number(match[1]!.replaceAll(",", "")) : Number.NaN;
  return Number.isFinite(limit) && limit > 0 ? limit : undefined;
}
