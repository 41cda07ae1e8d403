import { redactText } from "@baton/core/secrets";

/**
 * A deep copy of a JSON-like `value` in which every string, object keys included, has
 * each of `secrets` replaced by `***` (core's `redactText`). A value with a `toJSON`
 * method (a `Date`, an error) is copied as that method returns it, as `JSON.stringify`
 * would write it.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  return secrets.length === 0 ? value : (redacted(value, secrets) as T);
}

function redacted(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redacted(item, secrets));
  if (value === null || typeof value !== "object") return value;
  const toJSON = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJSON === "function") return redacted(toJSON.call(value), secrets);
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[redactText(key, secrets)] = redacted(inner, secrets);
  return copy;
}
