/**
 * `@baton/core/provider-kit`: the runtime pieces a model provider adapter is built
 * from, kept apart from the contracts of `@baton/core`: the one HTTP status → error
 * rule, the one retry decision, the retrying stream, the rules of the `retry` option
 * (`RETRY_POLICY_RULES`), `retry-after` parsing, the stream idle watch, the
 * redaction of API keys from errors, catalog entries (`modelInfo`) and the id a
 * tool call is sent back with (`providerCallId`). Applications do not need it; adapters do.
 * @packageDocumentation
 */
export {
  failureKindOfStatus,
  failureKindOfError,
  isRetryableKind,
  isRetryableStatus,
  providerErrorOfKind,
  providerErrorForStatus,
  type ProviderFailureKind,
  type StatusErrorHints,
} from "./status-error-rule.js";
export { retryDecision, retryDelay } from "./retry-decision.js";
export { RETRY_POLICY_RULES } from "./retry-policy-rules.js";
export { streamWithRetries, joinRetryListeners, type StreamAttempt } from "./retrying-stream.js";
export { retryAfterMs, type HeaderSource } from "./retry-after.js";
export { IdleWatch, DEFAULT_STREAM_IDLE_TIMEOUT_MS } from "./idle-watch.js";
export { REDACTED, secretsOf, redactText, containsSecret, redactCause, redactSecrets } from "./redact-secrets.js";
export { modelInfo } from "./model-info.js";
export { providerCallId } from "./provider-call-id.js";
