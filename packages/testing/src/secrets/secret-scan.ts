import { inspect } from "node:util";

/** The API key every secrets test hands the provider; it must appear in no error and no run record. */
export const SECRET = "sk-test-SECRET-4242";

/**
 * Every place `secret` shows up in `value`: the error's message and stack, its whole
 * cause chain (every own property, enumerable or not, `Headers` and `Map` entries
 * included), `JSON.stringify(error.toJSON())` and `util.inspect(error, { depth: 10 })`.
 * Returns the paths where it was found (empty when the value is clean).
 */
export function findSecret(value: unknown, secret: string = SECRET): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: string, depth: number): void => {
    if (typeof node === "string") {
      if (node.includes(secret)) found.push(path);
      return;
    }
    if ((typeof node !== "object" && typeof node !== "function") || node === null || seen.has(node) || depth > 12) return;
    seen.add(node);
    if (typeof (node as { forEach?: unknown }).forEach === "function" && (node instanceof Map || (typeof Headers !== "undefined" && node instanceof Headers))) {
      (node as Map<unknown, unknown>).forEach((entry, key) => {
        walk(key, `${path}[key]`, depth + 1);
        walk(entry, `${path}[${String(key)}]`, depth + 1);
      });
    }
    if (typeof node === "function") return;
    for (const key of Object.getOwnPropertyNames(node)) {
      let child: unknown;
      try {
        child = (node as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      walk(child, `${path}.${key}`, depth + 1);
    }
  };
  walk(value, "error", 0);
  if (value instanceof Error) {
    if (value.stack?.includes(secret)) found.push("error.stack");
    const toJSON = (value as { toJSON?: () => unknown }).toJSON;
    if (typeof toJSON === "function" && JSON.stringify(toJSON.call(value)).includes(secret)) found.push("JSON.stringify(error.toJSON())");
  }
  try {
    if (JSON.stringify(value)?.includes(secret)) found.push("JSON.stringify(value)");
  } catch {
    // Not JSON-safe (a cycle): the walk above has covered it.
  }
  if (inspect(value, { depth: 10 }).includes(secret)) found.push("util.inspect(value, { depth: 10 })");
  return [...new Set(found)];
}
