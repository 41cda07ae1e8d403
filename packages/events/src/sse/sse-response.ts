import { encodeSseEvent, encodeSseEvents, SSE_HEARTBEAT } from "./encode-sse-event.js";
import { clientErrorAnswer, JSON_CONTENT_TYPE } from "./error-response.js";
import { openEventReader, type EventBatchReader, type SseSource } from "./sse-source.js";
import { lastEventIdOf } from "./last-event-id.js";
import { DEFAULT_HEARTBEAT_MS, type SseStreamOptions } from "./send-sse.js";
import { SSE_HEADERS } from "./sse-headers.js";

/** Options of {@link sseResponse}. */
export interface SseResponseOptions extends SseStreamOptions {
  /**
   * The incoming request: its `Last-Event-ID` (or `lastEventId` query parameter)
   * resumes a run session, and its `signal` aborting counts as a disconnect.
   */
  readonly request?: Request;
}

/**
 * Streams events as a Web `Response` of Server-Sent Events (for fetch-style servers:
 * Next.js route handlers, Hono, Deno, Bun, workers). The body is a pull-based
 * `ReadableStream`: an event is read from the source only when the body is read,
 * so a client that does not read stalls the run instead of filling memory; events
 * already queued are sent in one chunk. Cancelling the body (or the request's
 * signal) is a disconnect: a `RunSession` is detached (its grace policy applies),
 * other sources are stopped. A replay that is no longer possible answers 410, a bad
 * `Last-Event-ID` 400, with a JSON body `{ "error": { code, message } }`.
 *
 * @example
 * export function GET(request: Request) {
 *   const session = sessions.get(new URL(request.url).searchParams.get("run") ?? "");
 *   return session ? sseResponse(session, { request }) : new Response("Not found", { status: 404 });
 * }
 */
export function sseResponse(source: SseSource, options: SseResponseOptions = {}): Response {
  const request = options.request;
  let reader: EventBatchReader;
  try {
    reader = openEventReader(source, request === undefined ? undefined : lastEventIdOf(request));
  } catch (error) {
    const answer = clientErrorAnswer(error);
    if (answer === undefined) throw error;
    return new Response(answer.body, { status: answer.status, headers: { "content-type": JSON_CONTENT_TYPE, "cache-control": "no-cache" } });
  }
  const encoder = new TextEncoder();
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let finished = false;
  const signal = request?.signal;
  const onAbort = (): void => reader.close();
  const stop = (): void => {
    finished = true;
    if (heartbeat !== undefined) clearInterval(heartbeat);
    heartbeat = undefined;
    signal?.removeEventListener("abort", onAbort);
  };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (options.retryMs !== undefined) controller.enqueue(encoder.encode(`retry: ${Math.max(0, Math.floor(options.retryMs))}\n\n`));
      if (heartbeatMs > 0) {
        heartbeat = setInterval(() => {
          if (!finished && (controller.desiredSize ?? 0) > 0) controller.enqueue(encoder.encode(SSE_HEARTBEAT));
        }, heartbeatMs);
        (heartbeat as { unref?: () => void }).unref?.();
      }
    },
    async pull(controller) {
      let text: string;
      try {
        const step = await reader.next();
        if (finished) return; // cancelled while waiting: the stream is already closed
        if (step.done === true) {
          stop();
          controller.close();
          return;
        }
        text = encodeSseEvent(step.value);
        const queued = reader.takeQueued();
        if (queued.length > 0) text += encodeSseEvents(queued);
      } catch (error) {
        if (finished) return;
        stop();
        reader.close();
        controller.error(error);
        return;
      }
      controller.enqueue(encoder.encode(text));
    },
    cancel() {
      stop();
      reader.close();
    },
  });

  if (signal !== undefined) {
    if (signal.aborted) reader.close();
    else signal.addEventListener("abort", onAbort, { once: true });
  }
  const headers = options.headers === undefined ? SSE_HEADERS : { ...SSE_HEADERS, ...options.headers };
  return new Response(body, { status: 200, headers });
}
