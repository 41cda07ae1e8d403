/**
 * Whether `actual` matches `expected`, where `expected` may hold, at any depth: a
 * `RegExp` (matches a string), a function (a predicate of the value), an object with
 * an `asymmetricMatch` method (Vitest's and Jest's `expect.any(String)`,
 * `expect.stringContaining(…)`), a plain object (its keys must match; other keys of
 * `actual` are allowed), an array (same length, each item matching), or any other value
 * (equal).
 */
export function matchesValue(actual: unknown, expected: unknown): boolean {
  if (expected instanceof RegExp) {
    expected.lastIndex = 0;
    return typeof actual === "string" && expected.test(actual);
  }
  if (typeof expected === "function") return Boolean((expected as (value: unknown) => unknown)(actual));
  if (expected !== null && typeof expected === "object") {
    const asymmetric = (expected as { asymmetricMatch?: (value: unknown) => boolean }).asymmetricMatch;
    if (typeof asymmetric === "function") return asymmetric.call(expected, actual);
    if (Array.isArray(expected))
      return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => matchesValue(actual[index], item));
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) => matchesValue((actual as Record<string, unknown>)[key], value));
  }
  return Object.is(actual, expected);
}
