/**
 * What reporting a progress change returns: nothing, or a promise to await when the
 * consumer is behind (backpressure, as `ctx.reportStep` returns it).
 */
export type ReportResult = void | Promise<void>;

/** Keeps a thenable returned by a report callback (as a promise) and drops any other value. */
export function toReportResult(value: unknown): ReportResult {
  if (value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as PromiseLike<unknown>).then === "function") {
    return Promise.resolve(value as PromiseLike<unknown>).then(() => undefined);
  }
  return undefined;
}
