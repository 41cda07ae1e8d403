/** Response headers: a `Headers` object, or a plain record of lower-case names. */
export type HeaderSource = Pick<Headers, "get"> | Readonly<Record<string, string | undefined>> | null | undefined;

function header(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Pick<Headers, "get">).get === "function") return (headers as Pick<Headers, "get">).get(name) ?? undefined;
  return (headers as Readonly<Record<string, string | undefined>>)[name];
}

/**
 * How long a provider asked to wait before retrying, in ms: `retry-after-ms`
 * (milliseconds), else `retry-after` as seconds or as an HTTP date. `undefined` when
 * absent or unreadable. Adapters put it on `RateLimitError` and friends.
 *
 * @example retryAfterMs(new Headers({ "retry-after": "2" })) // 2000
 */
export function retryAfterMs(headers: HeaderSource, now: number = Date.now()): number | undefined {
  const ms = header(headers, "retry-after-ms");
  if (ms !== undefined && ms.trim() !== "") {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = header(headers, "retry-after");
  if (after === undefined || after.trim() === "") return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
