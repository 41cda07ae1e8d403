import { retryAfterMs as headerRetryAfterMs } from "@baton/core/provider-kit";

/**
 * How long Gemini asked to wait, in ms: the `retry-after-ms` header, else the
 * `RetryInfo` detail of the error body (`retryDelay: "34.4s"`), else the
 * `retry-after` header (seconds or an HTTP date). `undefined` when none is given.
 *
 * @example retryAfterMs(undefined, [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "37s" }]) // 37000
 */
export function retryAfterMs(headers: Headers | undefined, details: unknown, now: number = Date.now()): number | undefined {
  const msHeader = headers?.get("retry-after-ms");
  const fromMsHeader = msHeader ? headerRetryAfterMs({ "retry-after-ms": msHeader }) : undefined;
  if (fromMsHeader !== undefined) return fromMsHeader;
  return retryInfoDelayMs(details) ?? headerRetryAfterMs(headers, now);
}

/** The `retryDelay` of a `google.rpc.RetryInfo` entry of `error.details`, in ms. */
export function retryInfoDelayMs(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (typeof detail !== "object" || detail === null) continue;
    const { "@type": type, retryDelay } = detail as { "@type"?: unknown; retryDelay?: unknown };
    if (typeof type !== "string" || !type.endsWith("RetryInfo")) continue;
    const ms = durationMs(retryDelay);
    if (ms !== undefined) return ms;
  }
  return undefined;
}

/** A protobuf `Duration` in its JSON form (`"1.5s"`) or as `{ seconds, nanos }`, in ms. */
function durationMs(value: unknown): number | undefined {
  if (typeof value === "string") {
    const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
    return match ? Math.round(Number(match[1]) * 1000) : undefined;
  }
  if (typeof value === "object" && value !== null) {
    const { seconds, nanos } = value as { seconds?: unknown; nanos?: unknown };
    const total = Number(seconds ?? 0) * 1000 + Number(nanos ?? 0) / 1e6;
    return Number.isFinite(total) ? Math.round(total) : undefined;
  }
  return undefined;
}
