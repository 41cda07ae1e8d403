/**
 * `value` as JSON text for a span attribute: strings as they are, a `BigInt` as its
 * digits, an object met again (a circular reference) as `"[Circular]"`; undefined when
 * the value has no JSON form (undefined, a function).
 */
export function jsonText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === "bigint") return item.toString();
      if (typeof item === "object" && item !== null) {
        if (seen.has(item)) return "[Circular]";
        seen.add(item);
      }
      return item;
    });
  } catch {
    return undefined;
  }
}
