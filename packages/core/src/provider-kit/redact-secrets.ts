import { isBatonError } from "../errors/baton-error.js";

/** What a secret is replaced with. */
export const REDACTED = "***";

/** Shorter "keys" (`ollama`, `none`, `k`) are placeholders, not secrets: replacing them would garble messages. */
const MIN_SECRET_LENGTH = 8;

/** The fields of a cause kept in its redacted copy: what identifies the failure, nothing of the request. */
const KEPT_FIELDS = ["status", "code", "type", "param", "requestID", "errorCode", "apiMessage", "error"] as const;

/** The secrets among `candidates`: the strings long enough to be keys, without duplicates. */
export function secretsOf(...candidates: unknown[]): string[] {
  return [...new Set(candidates.filter((value): value is string => typeof value === "string" && value.length >= MIN_SECRET_LENGTH))];
}

/** `text` with every secret replaced by `***`. */
export function redactText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => result.split(secret).join(REDACTED), text);
}

/**
 * True when a secret appears anywhere in `value`: its strings, its own properties
 * (enumerable or not, so an `Error`'s message, stack and cause), `Headers` and `Map` entries.
 */
export function containsSecret(value: unknown, secrets: readonly string[], seen = new Set<unknown>(), depth = 0): boolean {
  if (secrets.length === 0) return false;
  if (typeof value === "string") return secrets.some((secret) => value.includes(secret));
  if (typeof value !== "object" || value === null || seen.has(value) || depth > 12) return false;
  seen.add(value);
  if (value instanceof Map || (typeof Headers !== "undefined" && value instanceof Headers)) {
    let found = false;
    (value as Map<unknown, unknown>).forEach((entry, key) => {
      found ||= containsSecret(key, secrets, seen, depth + 1) || containsSecret(entry, secrets, seen, depth + 1);
    });
    if (found) return true;
  }
  for (const key of Object.getOwnPropertyNames(value)) {
    let child: unknown;
    try {
      child = (value as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    if (containsSecret(child, secrets, seen, depth + 1)) return true;
  }
  return false;
}

/** A JSON-safe value with the secrets replaced (`undefined` when it is not JSON-safe). */
function redactJson(value: unknown, secrets: readonly string[]): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(redactText(text, secrets)) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * A cause that shows no secret: the cause itself when it has none, else a plain
 * `Error` copy of it with the secrets replaced in its name, message, stack, status,
 * codes and error body, its own cause redacted the same way, and everything else
 * (the response `headers`, the `request`, the request `options`) dropped.
 */
export function redactCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!containsSecret(cause, secrets)) return cause;
  if (typeof cause === "string") return redactText(cause, secrets);
  if (!(cause instanceof Error) || depth > 8) return redactJson(cause, secrets);
  const copy = new Error(redactText(cause.message, secrets));
  copy.name = redactText(cause.name, secrets);
  copy.stack = cause.stack === undefined ? undefined : redactText(cause.stack, secrets);
  const fields = cause as unknown as Record<string, unknown>;
  for (const field of KEPT_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    (copy as unknown as Record<string, unknown>)[field] = typeof value === "string" ? redactText(value, secrets) : redactJson(value, secrets);
  }
  if (cause.cause !== undefined) copy.cause = redactCause(cause.cause, secrets, depth + 1);
  return copy;
}

/**
 * The error with no trace of the secrets (API keys, tokens): when one appears
 * anywhere in it, its message, stack and details get `***` in its place and its
 * cause becomes a redacted copy (see {@link redactCause}). The error is changed in
 * place (it keeps its class and identity) and returned. Errors without a secret are
 * returned untouched.
 */
export function redactSecrets<E>(error: E, secrets: readonly string[]): E {
  if (!isBatonError(error) || !containsSecret(error, secrets)) return error;
  const define = (key: string, value: unknown): void => {
    Object.defineProperty(error, key, { value, writable: true, configurable: true, enumerable: Object.prototype.propertyIsEnumerable.call(error, key) });
  };
  define("message", redactText(error.message, secrets));
  if (error.stack !== undefined) define("stack", redactText(error.stack, secrets));
  if (containsSecret(error.details, secrets)) define("details", redactJson(error.details, secrets) ?? {});
  if (error.cause !== undefined) define("cause", redactCause(error.cause, secrets));
  for (const key of Object.keys(error)) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (key !== "details" && containsSecret(value, secrets)) define(key, typeof value === "string" ? redactText(value, secrets) : redactJson(value, secrets));
  }
  return error;
}
