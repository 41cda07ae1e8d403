import type { BatonError } from "../errors/baton-error.js";
import { ERROR_CODES } from "../errors/error-codes.js";
import {
  AuthenticationError,
  ContextLengthExceededError,
  InvalidRequestError,
  ProviderOverloadedError,
  ProviderServerError,
  ProviderStreamError,
  RateLimitError,
  type ProviderErrorInfo,
  type ProviderRequestError,
} from "../errors/provider-errors.js";

/**
 * What a provider failure is, whatever the provider calls it: each kind is one typed
 * error class of `@baton/core` (see {@link providerErrorOfKind}).
 */
export type ProviderFailureKind = "authentication" | "rate-limit" | "context-length" | "overloaded" | "server" | "invalid-request" | "stream";

/**
 * The one rule from an HTTP status to the kind of failure, shared by every provider
 * adapter (adapters refine it only with what the status cannot say: a context-length
 * wording in a 4xx, a bad API key sent as a 400):
 *
 * | status | kind | retryable |
 * | --- | --- | --- |
 * | 401, 403 | `authentication` | no |
 * | 429 | `rate-limit` | yes |
 * | 503, 529 | `overloaded` | yes |
 * | 408, 409, other 5xx | `server` | yes |
 * | other 4xx (400, 404, 413, 422, …) | `invalid-request` | no |
 * | anything else (a status that is not an error) | `server` | yes |
 *
 * 409 Conflict is retryable: the official OpenAI and Anthropic SDKs retry it by
 * default (it is what their APIs answer to a lock timeout), and Google maps its
 * `ABORTED` code (a concurrency conflict, "retry at a higher level") to 409. A model
 * call creates nothing that could already exist, so a 409 to it is a transient
 * conflict on the provider's side, and the same request may succeed later.
 *
 * 413 (request too large) is not retryable: the same bytes fail again. When the
 * provider's wording says the prompt does not fit the window, the adapter turns it
 * into `context-length` (see {@link providerErrorForStatus}).
 *
 * @example failureKindOfStatus(409) // "server"
 */
export function failureKindOfStatus(status: number): ProviderFailureKind {
  if (status === 401 || status === 403) return "authentication";
  if (status === 429) return "rate-limit";
  if (status === 503 || status === 529) return "overloaded";
  if (status === 408 || status === 409 || status >= 500) return "server";
  if (status >= 400) return "invalid-request";
  // An error with a 1xx–3xx status: the server answered something the SDK could not use.
  return "server";
}

const RETRYABLE_KINDS: ReadonlySet<ProviderFailureKind> = new Set(["rate-limit", "overloaded", "server", "stream"]);

/**
 * Whether a failure of this kind may succeed when the same request is sent again:
 * the `retryable` flag of the error class {@link providerErrorOfKind} builds.
 *
 * @example isRetryableKind("rate-limit") // true
 */
export function isRetryableKind(kind: ProviderFailureKind): boolean {
  return RETRYABLE_KINDS.has(kind);
}

/**
 * Whether an HTTP status is worth a retry, by {@link failureKindOfStatus}.
 *
 * @example isRetryableStatus(409) // true
 * @example isRetryableStatus(413) // false
 */
export function isRetryableStatus(status: number): boolean {
  return isRetryableKind(failureKindOfStatus(status));
}

/**
 * The typed Baton error of a failure kind, with the provider's message and what is
 * known about the call (`provider`, `status`, `requestId`, `retryAfterMs`, …).
 *
 * @example providerErrorOfKind("rate-limit", "Too many requests", { provider: "openai", status: 429 }) // a RateLimitError
 */
export function providerErrorOfKind(kind: ProviderFailureKind, message: string, info: ProviderErrorInfo): ProviderRequestError {
  switch (kind) {
    case "authentication":
      return new AuthenticationError(message, info);
    case "rate-limit":
      return new RateLimitError(message, info);
    case "context-length":
      return new ContextLengthExceededError(message, info);
    case "overloaded":
      return new ProviderOverloadedError(message, info);
    case "server":
      return new ProviderServerError(message, info);
    case "invalid-request":
      return new InvalidRequestError(message, info);
    case "stream":
      return new ProviderStreamError(message, info);
  }
}

/** What an adapter knows about a failure beyond its status. */
export interface StatusErrorHints {
  /**
   * The provider's wording (or code) says the request does not fit the context window.
   * Only turns an `invalid-request` status into `context-length`: a 5xx that mentions
   * the context stays retryable.
   */
  readonly contextLengthExceeded?: boolean;
  /**
   * The provider's wording says the credentials were refused although the status says
   * otherwise (Gemini answers a bad API key with 400). Only applies to an
   * `invalid-request` status.
   */
  readonly authenticationFailed?: boolean;
}

/**
 * The typed Baton error of an HTTP failure: {@link failureKindOfStatus}, refined by the
 * adapter's `hints`, built by {@link providerErrorOfKind}. `info.status` is set to
 * `status`.
 *
 * @example
 * providerErrorForStatus(400, "prompt is too long: 212000 tokens > 200000 maximum", { provider: "anthropic" }, { contextLengthExceeded: true })
 * // a ContextLengthExceededError with status 400
 */
export function providerErrorForStatus(status: number, message: string, info: ProviderErrorInfo, hints: StatusErrorHints = {}): ProviderRequestError {
  let kind = failureKindOfStatus(status);
  if (kind === "invalid-request" && hints.authenticationFailed) kind = "authentication";
  else if (kind === "invalid-request" && hints.contextLengthExceeded) kind = "context-length";
  return providerErrorOfKind(kind, message, { ...info, status });
}

/**
 * The kind of a typed provider error (by its code), or undefined for any other error.
 *
 * @example failureKindOfError(new RateLimitError("slow down", { provider: "openai" })) // "rate-limit"
 */
export function failureKindOfError(error: BatonError): ProviderFailureKind | undefined {
  return Object.hasOwn(KIND_OF_CODE, error.code) ? KIND_OF_CODE[error.code] : undefined;
}

const KIND_OF_CODE: Readonly<Record<string, ProviderFailureKind>> = {
  [ERROR_CODES.PROVIDER_AUTHENTICATION]: "authentication",
  [ERROR_CODES.PROVIDER_RATE_LIMIT]: "rate-limit",
  [ERROR_CODES.PROVIDER_CONTEXT_LENGTH]: "context-length",
  [ERROR_CODES.PROVIDER_OVERLOADED]: "overloaded",
  [ERROR_CODES.PROVIDER_SERVER]: "server",
  [ERROR_CODES.PROVIDER_INVALID_REQUEST]: "invalid-request",
  [ERROR_CODES.PROVIDER_STREAM]: "stream",
};
