import { encodeSseBatch, SSE_HEARTBEAT } from "./encode-sse-event.js";
import { clientErrorAnswer, JSON_CONTENT_TYPE } from "./error-response.js";
import { attachEventReader, type EventBatchReader, type SseSource } from "./sse-source.js";
import type { EventSubscription } from "../bus/event-subscription.js";
import type { RunSession } from "../session/run-session.js";
import type { StreamEvent } from "@baton/core";
import { lastEventIdOf } from "./last-event-id.js";
import { DEFAULT_HEARTBEAT_MS, writeTimeoutOf, type SseStreamOptions } from "./sse-stream-options.js";
import { SSE_HEADERS } from "./sse-headers.js";
import { checkOptions } from "@baton/core";
import { SSE_RESPONSE_RULES } from "../options/option-rules.js";

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
 * other sources are stopped. A body that is not read for `writeTimeoutMs` (default
 * 30 s) while a chunk waits is errored, which counts as a disconnect too, so a
 * client that stopped reading cannot hold up the other clients of its run for longer.
 * A replay that is no longer possible answers 410, a bad
 * `Last-Event-ID` 400, an unknown run (`RunNotFoundError`) 404, with a JSON body
 * `{ "error": { code, message } }`.
 *
 * For a run session, a subscription or an iterable the `Response` is returned at
 * once. For another `AttachableEventSource` (such as `RunEventFollower.run(runId)`)
 * whose `attach` is asynchronous, a promise of the `Response` is returned: `await` it
 * (route handlers accept either).
 *
 * @example
 * export function GET(request: Request) {
 *   const session = sessions.get(new URL(request.url).searchParams.get("run") ?? "");
 *   return session ? sseResponse(session, { request }) : new Response("Not found", { status: 404 });
 * }
 */
export function sseResponse(source: RunSession | EventSubscription | AsyncIterable<StreamEvent>, options?: SseResponseOptions): Response;
export function sseResponse(source: SseSource, options?: SseResponseOptions): Response | Promise<Response>;
export function sseResponse(source: SseSource, options: SseResponseOptions = {}): Response | Promise<Response> {
  checkOptions("sseResponse", options, SSE_RESPONSE_RULES);
  const request = options.request;
  const writeTimeoutMs = writeTimeoutOf(options);
  let attached: EventBatchReader | PromiseLike<EventBatchReader>;
  try {
    attached = attachEventReader(source, request === undefined ? undefined : lastEventIdOf(request));
  } catch (error) {
    return errorResponse(error);
  }
  if (isPromiseLike(attached)) {
    return Promise.resolve(attached).then((reader) => streamResponse(reader, options, writeTimeoutMs), errorResponse);
  }
  return streamResponse(attached, options, writeTimeoutMs);
}

/** The JSON answer for an error raised while attaching; other errors are rethrown. */
function errorResponse(error: unknown): Response {
  const answer = clientErrorAnswer(error);
  if (answer === undefined) throw error;
  return new Response(answer.body, { status: answer.status, headers: { "content-type": JSON_CONTENT_TYPE, "cache-control": "no-cache" } });
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T>).then === "function";
}

/** The event-stream `Response` over an attached reader. */
function streamResponse(reader: EventBatchReader, options: SseResponseOptions, writeTimeoutMs: number): Response {
  const request = options.request;
  const encoder = new TextEncoder();
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let finished = false;
  let failed: { readonly error: unknown } | undefined;
  /** Runs while a chunk waits for the client to take it; fires after `writeTimeoutMs`. */
  let untaken: ReturnType<typeof setTimeout> | undefined;
  const clearUntaken = (): void => {
    if (untaken !== undefined) clearTimeout(untaken);
    untaken = undefined;
  };
  const signal = request?.signal;
  const onAbort = (): void => reader.close();
  const stop = (): void => {
    finished = true;
    clearUntaken();
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
      clearUntaken(); // the client took what was queued
      let text: string;
      try {
        if (failed !== undefined) throw failed.error;
        const step = await reader.next();
        if (finished) return; // cancelled while waiting: the stream is already closed
        if (step.done === true) {
          stop();
          controller.close();
          return;
        }
        const batch = encodeSseBatch(step.value, reader.takeQueued());
        if (batch.failure !== undefined) {
          if (batch.text === "") throw batch.failure.error;
          // The events before the one that failed go out first; the stream breaks on the next pull.
          failed = batch.failure;
        }
        text = batch.text;
      } catch (error) {
        if (finished) return;
        stop();
        reader.close();
        controller.error(error);
        return;
      }
      controller.enqueue(encoder.encode(text));
      if (writeTimeoutMs > 0 && (controller.desiredSize ?? 0) <= 0) {
        untaken = setTimeout(() => {
          untaken = undefined;
          if (finished) return;
          // The client took nothing for writeTimeoutMs: it is dropped so it stops holding up the run.
          stop();
          reader.close();
          controller.error(new Error(`The client took no data for ${writeTimeoutMs} ms: the event stream was closed.`));
        }, writeTimeoutMs);
        (untaken as { unref?: () => void }).unref?.();
      }
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
