/**
 * `@baton/core/secrets`: keeping passwords out of errors, for adapters whose driver
 * errors may show the credentials of their connection (the Redis storage and queue,
 * the PostgreSQL storage). The adapter knows which passwords its connection carries
 * ({@link urlPassword} of its URL, its options; {@link passwordVariants} for the forms
 * they take in text); {@link redactError} removes them, in place, from a driver error and
 * everything it links to, and {@link redactText} from a message. Provider adapters redact
 * API keys with the provider kit's `redactSecrets` instead (it copies causes, as an
 * SDK error carries the whole request). Applications do not need it.
 * @packageDocumentation
 */
export { REDACTED, MIN_SEARCHED_SECRET_LENGTH, redactText } from "./redact-text.js";
export { passwordVariants } from "./password-variants.js";
export { urlPassword } from "./url-password.js";
export { redactError } from "./redact-error.js";
