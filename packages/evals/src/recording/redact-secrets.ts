import { redactText } from "@baton/core/secrets";

/**
 * A deep copy of a JSON-like `value` in which every string, object keys included, has
 * each of `secrets` replaced by `***` (core's `redactText`). A value with a `toJSON`
 * method (a `Date`, an error) is copied as that method returns it, as `JSON.stringify`
 * would write it.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  return secrets.length === 0 ? value : (redacted(value, secrets, new Map()) as T);
}

/** `copies` maps each object already copied to its copy: an object reached twice (a message in two requests) is copied once and stays shared. */
function redacted(value: unknown, secrets: readonly string[], copies: Map<object, unknown>): unknown {
  if (typeof value === "string") return redactText(value, secrets);
  if (value === null || typeof value !== "object") return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  let copy: unknown;
  if (Array.isArray(value)) copy = value.map((item) => redacted(item, secrets, copies));
  else {
    const toJSON = (value as { toJSON?: () => unknown }).toJSON;
    if (typeof toJSON === "function") copy = redacted(toJSON.call(value), secrets, copies);
    else {
      const fields: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) fields[redactText(key, secrets)] = redacted(inner, secrets, copies);
      copy = fields;
    }
  }
  copies.set(value, copy);
  return copy;
}
