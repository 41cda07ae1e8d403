/**
 * Whether `value` is JSON as it is — strings, booleans, null, finite numbers, and
 * arrays and plain objects of those — so that JSON would write it back unchanged:
 * the model sees it as it is (the common case, answered without a copy). Anything
 * else (a `Date`, `undefined` in an object, `NaN`, a `Map`, a class instance, a cycle
 * or a value nested 1000 levels deep) goes to the full conversion (`toJsonResult`).
 */
export function isPlainJson(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object" || depth > 1000) return false;
  const proto = Object.getPrototypeOf(value);
  return (
    (Array.isArray(value) || proto === Object.prototype || proto === null) &&
    // A hole in an array is undefined here, as JSON writes it null.
    (Array.isArray(value) ? [...value] : Object.values(value)).every((item) => isPlainJson(item, depth + 1))
  );
}
