/** Something that reads response headers: a `Headers` object (what the SDK gives). */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * How long the provider asked to wait, in ms, from the `retry-after-ms` header (ms)
 * or `retry-after` (seconds, or an HTTP date). `undefined` when neither is usable.
 *
 * @example retryAfterMs(new Headers({ "retry-after": "2" })) // 2000
 */
export function retryAfterMs(headers: HeaderReader | undefined, now: () => number = Date.now): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "") {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers.get("retry-after");
  if (after === null || after.trim() === "") return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}
