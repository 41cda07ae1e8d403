import { abortableDelay, checkOptions, type StreamEvent } from "@baton/core";
import { decodeSseEvents, type DecodeSseOptions } from "./decode-sse-events.js";
import { SseConnectionError } from "./sse-connection-error.js";
import { SseDecodeError } from "./sse-decode-error.js";
import { SseHttpError } from "./sse-http-error.js";
import { STREAM_RUN_EVENTS_RULES } from "./client-option-rules.js";

/** Options of {@link streamRunEvents}. */
export interface StreamRunEventsOptions extends Pick<DecodeSseOptions, "onUnknownEvent" | "strict"> {
  /** The fetch to use. Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** Resume after this event (sent as `Last-Event-ID` on the first request). */
  readonly lastEventId?: number;
  /** Reconnect attempts in a row without receiving an event before giving up. Default 3. */
  readonly maxRetries?: number;
  /** Wait before reconnecting, in ms. Default: the server's `retry:` value, else 1000. */
  readonly retryDelayMs?: number;
  /** Stops the stream (the iteration throws the signal's reason). */
  readonly signal?: AbortSignal;
  /** Extra request headers (authorization, …). */
  readonly headers?: HeadersInput;
}

/** Request headers in any form `new Headers()` accepts. */
type HeadersInput = ConstructorParameters<typeof Headers>[0];

const DEFAULT_RETRY_DELAY_MS = 1000;
const MAX_ERROR_BODY = 2000;

/**
 * Follows a run's SSE endpoint and yields its events, reconnecting when the
 * connection drops before the run ended (a `run-end` of the root agent, whose
 * `agentPath` has no `/`). Each reconnect sends `Last-Event-ID` with the last
 * sequence number received, so the server resumes right after it; a sequence number
 * is never yielded twice. Browser-safe.
 *
 * Errors: an HTTP error status or a non-SSE answer throws {@link SseHttpError} (410
 * when the server can no longer resume); a malformed stream, or events of another run
 * after a reconnect, throw {@link SseDecodeError}; after `maxRetries` failed
 * reconnects in a row it throws {@link SseConnectionError}.
 *
 * @example
 * for await (const event of streamRunEvents(`/runs/${id}/events`)) {
 *   if (event.type === "text-delta") output.append(event.text);
 * }
 */
export async function* streamRunEvents(url: string, options: StreamRunEventsOptions = {}): AsyncGenerator<StreamEvent, void, undefined> {
  checkOptions("streamRunEvents", options, STREAM_RUN_EVENTS_RULES);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const maxRetries = options.maxRetries ?? 3;
  const signal = options.signal;
  let lastSeq = options.lastEventId;
  let runId: string | undefined;
  let serverRetryMs: number | undefined;
  let failures = 0;
  let lastError: unknown;

  for (;;) {
    signal?.throwIfAborted();
    const connection = new AbortController();
    const onAbort = (): void => connection.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      let response: Response | undefined;
      try {
        response = await fetchImpl(url, { method: "GET", headers: requestHeaders(options.headers, lastSeq), signal: connection.signal });
      } catch (error) {
        signal?.throwIfAborted();
        lastError = error;
      }
      if (response !== undefined) {
        await checkResponse(response, url);
        try {
          for await (const event of decodeSseEvents(response.body as ReadableStream<Uint8Array>, {
            onRetry: (ms) => (serverRetryMs = ms),
            ...(options.onUnknownEvent === undefined ? {} : { onUnknownEvent: options.onUnknownEvent }),
            ...(options.strict === undefined ? {} : { strict: options.strict }),
          })) {
            if (lastSeq !== undefined && event.seq <= lastSeq) continue;
            if (runId === undefined) runId = event.runId;
            else if (event.runId !== runId) {
              throw new SseDecodeError(
                "run-mismatch",
                `the stream switched from run ${JSON.stringify(runId)} to run ${JSON.stringify(event.runId)}`,
                event.runId,
              );
            }
            lastSeq = event.seq;
            failures = 0;
            yield event;
            if (event.type === "run-end" && !event.agentPath.includes("/")) return;
          }
          lastError = undefined;
        } catch (error) {
          if (SseDecodeError.isInstance(error)) throw error;
          signal?.throwIfAborted();
          lastError = error;
        }
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
      connection.abort();
    }
    failures++;
    if (failures > maxRetries) throw new SseConnectionError(url, failures, lastSeq, lastError);
    await abortableDelay(options.retryDelayMs ?? serverRetryMs ?? DEFAULT_RETRY_DELAY_MS, signal, (reason) => reason);
  }
}

function requestHeaders(extra: HeadersInput | undefined, lastSeq: number | undefined): Headers {
  const headers = new Headers(extra);
  headers.set("accept", "text/event-stream");
  if (lastSeq !== undefined) headers.set("last-event-id", String(lastSeq));
  return headers;
}

/** Throws {@link SseHttpError} for an error status or an answer that is not an event stream. */
async function checkResponse(response: Response, url: string): Promise<void> {
  const type = response.headers.get("content-type") ?? "";
  if (response.ok && type.toLowerCase().startsWith("text/event-stream") && response.body !== null) return;
  const body = await response.text().catch(() => "");
  const text = body.length > MAX_ERROR_BODY ? body.slice(0, MAX_ERROR_BODY) : body;
  if (!response.ok) throw new SseHttpError(response.status, text, url);
  throw new SseHttpError(response.status, text, url, `HTTP ${response.status} with content type ${JSON.stringify(type)} instead of an event stream`);
}
