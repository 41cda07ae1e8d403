/**
 * Response headers of an event stream: the SSE content type, no caching, a
 * persistent connection, and `x-accel-buffering: no` so nginx-style proxies pass
 * events through at once instead of buffering them.
 */
export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  connection: "keep-alive",
  "x-accel-buffering": "no",
});
